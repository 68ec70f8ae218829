import { sql } from "drizzle-orm";
import type { InboxFilter, InboxPage } from "../../app/lib/services/inbox";
import type { Db } from "../db/client";
import { namesFor } from "./appointments";
import { INBOX_PAGE_SIZE, type RawRow, deliveriesOf, rowsOf, toRow, unionSql } from "./rows";

/** One page of /admin/inbox, newest first, 25 to a page; `more` when there is an older page. */
export async function inboxPage(db: Db, filter: InboxFilter, page: number): Promise<InboxPage> {
  const offset = (Math.max(1, page) - 1) * INBOX_PAGE_SIZE;
  const limit = offset + INBOX_PAGE_SIZE + 1;
  const rows = rowsOf<RawRow>(
    await db.execute(sql`select * from (${unionSql(filter, { limit })}) u
      order by at desc, sort_key desc limit ${INBOX_PAGE_SIZE + 1} offset ${offset}`),
  );
  const shown = rows.slice(0, INBOX_PAGE_SIZE);
  const went = await deliveriesOf(
    db,
    shown.filter((r) => r.kind !== "order").map((r) => Number(r.id)),
  );
  const names = await namesFor(db, shown);
  return { rows: shown.map((r) => toRow(r, went, names)), more: rows.length > INBOX_PAGE_SIZE };
}

/** How many are New, for the start page. */
export async function newCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select
      (select count(*) from submissions where handled_at is null and kind <> 'payment')::int +
      (select count(*) from orders where handled_at is null)::int as n`),
  );
  return Number(row?.n ?? 0);
}

/** Deliveries that need the practice: failed for good, or held during a flood. */
export async function attention(db: Db): Promise<{ failed: number; held: number }> {
  const [row] = rowsOf<{ failed: number; held: number }>(
    await db.execute(sql`select
      count(*) filter (where status in ('rejected', 'dead'))::int as failed,
      count(*) filter (where status = 'held')::int as held
      from deliveries where status in ('rejected', 'dead', 'held')`),
  );
  return { failed: Number(row?.failed ?? 0), held: Number(row?.held ?? 0) };
}
