import { setImmediate as yieldToOthers } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Access } from "../../app/lib/services/auth";
import type { InboxFilter, InboxKind } from "../../app/lib/services/inbox";
import type { Db } from "../db/client";
import { type BookingNames, appointmentOf, bookingNames } from "./appointments";
import {
  type AppointmentRecord,
  type ExportKind,
  type OrderRecord,
  type SubmissionRecord,
  allKindsHeadingLine,
  allKindsLine,
  exportHeadingLine,
  exportLine,
} from "./export-columns";
import { type Deliveries, type RawRow, auditRow, deliveriesOf, rowsOf, unionSql } from "./rows";

/** Rows per read of a CSV: PGlite runs in the site's thread, so it yields between. */
const CHUNK = 500;

/**
 * The CSV of what the list shows (/admin/inbox/csv), in pieces read a chunk at a time by keyset
 * `(created_at, sort key)`; audited. One kind: exactly that kind's file from `npm run export`.
 * Every kind: one file that Excel opens as it is, a column saying which kind (docs/decisions/033).
 */
export async function* inboxCsv(db: Db, filter: InboxFilter, reader: Access) {
  await auditRow(db, reader, "inbox-csv", `filter ${filterWords(filter)}`);
  const only = filter.kind && exportKindOf(filter.kind);
  yield only ? exportHeadingLine(only) : allKindsHeadingLine();
  let before: [Date, string] | undefined;
  let names: BookingNames | undefined;
  for (;;) {
    const rows = rowsOf<RawRow>(
      await db.execute(sql`select * from (${unionSql(filter, { limit: CHUNK, before })}) u
        order by at desc, sort_key desc limit ${CHUNK}`),
    );
    if (rows.length === 0) return;
    const went = await deliveriesOf(
      db,
      rows.filter((r) => r.kind !== "order").map((r) => Number(r.id)),
    );
    names ??= rows.some((r) => r.kind === "appointment") ? await bookingNames(db) : undefined;
    let text = "";
    for (const r of rows) {
      const kind = exportKindOf(r.kind);
      const record = exportRecord(r, went, names);
      text += only ? exportLine(kind, record) : allKindsLine(kind, record);
    }
    yield text;
    const last = rows.at(-1)!;
    before = [new Date(last.at), last.sort_key];
    if (rows.length < CHUNK) return;
    // PGlite answers in this thread: let waiting requests in between chunks.
    await yieldToOthers();
  }
}

/** The inbox's kind as `npm run export -- --kind` names it. */
const exportKindOf = (kind: InboxKind): ExportKind =>
  kind === "order" ? "orders" : kind === "appointment" ? "appointments" : kind;

/** A row of the union as the export reads it from its own tables. */
function exportRecord(
  r: RawRow,
  went: Deliveries,
  names: BookingNames | undefined,
): SubmissionRecord | AppointmentRecord | OrderRecord {
  const createdAt = new Date(r.at);
  const handledAt = r.handled_at === null ? null : new Date(r.handled_at);
  if (r.kind !== "order") {
    const id = Number(r.id);
    const deliveries = went.get(id) ?? [];
    const submission = { id, createdAt, handledAt, payload: r.payload ?? {}, deliveries };
    const appointment = names && appointmentOf(r, names);
    return appointment ? { ...submission, appointment } : submission;
  }
  return {
    reference: r.reference ?? "",
    createdAt,
    handledAt,
    status: r.row_status,
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
    itemName: r.item_name ?? "",
    amountKobo: r.amount_kobo ?? 0,
    currency: r.currency ?? "",
    name: r.name ?? "",
    email: r.email ?? "",
    phone: r.phone ?? "",
    failureReason: r.failure_reason,
  };
}

/** The filter in the audit row: never the search's words. */
function filterWords(filter: InboxFilter): string {
  return [
    filter.kind ?? "all kinds",
    filter.status ?? "any status",
    filter.from || filter.to ? `received ${filter.from ?? "…"} to ${filter.to ?? "…"}` : "",
    filter.q ? "with a search" : "",
  ]
    .filter(Boolean)
    .join(", ");
}
