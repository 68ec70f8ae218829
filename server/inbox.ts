import { createHash, randomBytes } from "node:crypto";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { type SQL, sql } from "drizzle-orm";
import type { Access } from "../app/lib/services/auth";
import type {
  InboxDetail,
  InboxFilter,
  InboxKind,
  InboxPage,
  InboxRow,
  InboxService,
  PersonErasure,
  PersonRecord,
} from "../app/lib/services/inbox";
import type { Db } from "./db/client";
import { contentAudit, siteSecrets } from "./db/schema";
import {
  type ExportKind,
  type OrderRecord,
  type SubmissionRecord,
  allKindsHeadingLine,
  allKindsLine,
  exportHeadingLine,
  exportLine,
} from "./export-columns";

/**
 * What visitors sent, for the practice at /admin/inbox and /admin/people (issue 30,
 * docs/decisions/033): contact messages, bookings and newsletter sign-ups from `submissions`,
 * orders from `orders`, in one list newest first. Ids are "s" + a submission's id or "o" + an
 * order's, so one URL names either. Audit rows name these ids only, never a person's data.
 */

export const INBOX_PAGE_SIZE = 25;
/** Rows per read of a CSV or a person's data: PGlite runs in the site's thread, so it yields between. */
const CHUNK = 500;

const DESTINATION_WORDS: Record<string, string> = {
  hubspot: "HubSpot",
  email: "e-mail",
  receipt: "receipt",
  "email-fallback": "e-mail (fallback)",
};
const STATUS_WORDS: Record<string, string> = {
  pending: "waiting",
  sending: "sending",
  delivered: "delivered",
  rejected: "failed",
  dead: "failed",
  held: "held",
};

/** "HubSpot: delivered, e-mail: failed"; a held row says "Held (flood)". */
export function whereItWent(deliveries: { destination: string; status: string }[]): string {
  if (deliveries.some((d) => d.status === "held")) return "Held (flood)";
  return deliveries
    .map(
      (d) =>
        `${DESTINATION_WORDS[d.destination] ?? d.destination}: ${STATUS_WORDS[d.status] ?? d.status}`,
    )
    .join(", ");
}

/**
 * A phone number as the inbox compares it: digits only, and Nigeria's +234 written as the 0 a
 * local number starts with ("+234 803 000 0000" and "0803 000 0000" are one number).
 */
export function normalisePhone(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.startsWith("234") ? `0${digits.slice(3)}` : digits;
}

/** The same in SQL, for a column. */
function phoneSql(column: SQL): SQL {
  return sql`regexp_replace(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '^234', '0')`;
}

export function parseInboxId(id: string): { table: "s" | "o"; id: number } | undefined {
  const match = /^([so])([1-9][0-9]{0,14})$/.exec(id);
  return match ? { table: match[1] as "s" | "o", id: Number(match[2]) } : undefined;
}

const KINDS: readonly InboxKind[] = ["contact", "booking", "newsletter", "order"];
export const isInboxKind = (v: string): v is InboxKind => (KINDS as readonly string[]).includes(v);

interface RawRow {
  ref: string;
  kind: InboxKind;
  name: string | null;
  email: string | null;
  phone: string | null;
  at: string | Date;
  handled_at: string | Date | null;
  state: string | null;
  went: { destination: string; status: string }[] | null;
  payload: Record<string, string> | null;
  amount_kobo: number | null;
  reference: string | null;
  id: number | string;
  /** what the CSV adds (server/export-columns.ts): submissions.status or orders.status, … */
  row_status: string;
  paid_at: string | Date | null;
  item_id: string | null;
  item_name: string | null;
  currency: string | null;
  failure_reason: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The union of both tables as inbox rows, each branch filtered and ordered on its own index. */
function unionSql(filter: InboxFilter, extra: { before?: [Date, string]; limit: number }): SQL {
  const q = filter.q?.trim().toLowerCase() ?? "";
  const phone = normalisePhone(q);
  // A whole address or a whole phone number is looked up on its index; anything else (part of a
  // name, say) is searched for anywhere, which reads every row.
  const whole = q.includes("@") ? "email" : /^[+\d][\d\s()-]{6,}$/.test(q) ? "phone" : undefined;
  const search = (name: SQL, email: SQL, phoneColumn: SQL) =>
    !q
      ? sql``
      : whole === "email"
        ? sql` and lower(${email}) = ${q}`
        : whole === "phone"
          ? sql` and ${phoneSql(phoneColumn)} = ${phone}`
          : sql` and (lower(${name}) like ${`%${q}%`} or lower(${email}) like ${`%${q}%`})`;
  const searchS = search(
    sql`s.payload->>'name'`,
    sql`s.payload->>'email'`,
    sql`s.payload->>'phone'`,
  );
  const searchO = search(sql`o.name`, sql`o.email`, sql`o.phone`);
  const statusS =
    filter.status === "new"
      ? sql` and s.handled_at is null`
      : filter.status === "handled"
        ? sql` and s.handled_at is not null`
        : sql``;
  const statusO =
    filter.status === "new"
      ? sql` and o.handled_at is null`
      : filter.status === "handled"
        ? sql` and o.handled_at is not null`
        : sql``;
  const beforeS = extra.before
    ? sql` and (s.created_at, 's' || lpad(s.id::text, 15, '0')) < (${extra.before[0].toISOString()}::timestamptz, ${extra.before[1]})`
    : sql``;
  const beforeO = extra.before
    ? sql` and (o.created_at, 'o' || lpad(o.id::text, 15, '0')) < (${extra.before[0].toISOString()}::timestamptz, ${extra.before[1]})`
    : sql``;
  const kinds = filter.kind ? [filter.kind] : KINDS;
  const submissionKinds = kinds.filter((k) => k !== "order");
  const branches: SQL[] = [];
  if (submissionKinds.length > 0) {
    branches.push(sql`(select 's' || s.id as ref, s.kind, s.payload->>'name' as name,
        s.payload->>'email' as email, s.payload->>'phone' as phone, s.created_at as at,
        s.handled_at, s.payload->>'booked' as state, s.payload, null::int as amount_kobo,
        null::text as reference, s.id,
        's' || lpad(s.id::text, 15, '0') as sort_key, s.status as row_status,
        null::timestamptz as paid_at, null::text as item_id, null::text as item_name,
        null::text as currency, null::text as failure_reason
      from submissions s
     where s.kind in (${sql.join(
       submissionKinds.map((k) => sql`${k}`),
       sql`, `,
     )})${statusS}${searchS}${beforeS}
     order by s.created_at desc, s.id desc limit ${extra.limit})`);
  }
  if (kinds.includes("order")) {
    branches.push(sql`(select 'o' || o.id as ref, 'order' as kind, o.name, o.email, o.phone,
        o.created_at as at, o.handled_at, o.status as state, null::jsonb as payload,
        o.amount_kobo, o.reference, o.id,
        'o' || lpad(o.id::text, 15, '0') as sort_key, o.status as row_status, o.paid_at,
        o.item_id, o.item_name, o.currency, o.failure_reason
      from orders o
     where true${statusO}${searchO}${beforeO}
     order by o.created_at desc, o.id desc limit ${extra.limit})`);
  }
  return sql.join(branches, sql` union all `);
}

function toRow(r: RawRow, went: Map<number, { destination: string; status: string }[]>): InboxRow {
  const isOrder = r.kind === "order";
  return {
    id: r.ref,
    kind: r.kind,
    name: r.name ?? "",
    email: r.email ?? "",
    phone: r.phone ?? "",
    at: new Date(r.at).toISOString(),
    handled: r.handled_at !== null,
    state: isOrder
      ? (r.state ?? "")
      : r.kind === "booking"
        ? r.state === "yes"
          ? "booked"
          : "not finished at the provider"
        : "",
    went: isOrder
      ? `Paystack: ${r.state ?? ""}`
      : whereItWent(went.get(Number(r.id)) ?? []) || "Stored",
    amountKobo: r.amount_kobo ?? undefined,
    reference: r.reference ?? undefined,
  };
}

async function deliveriesOf(db: Db, ids: number[]) {
  const map = new Map<number, { destination: string; status: string }[]>();
  if (ids.length === 0) return map;
  const rows = rowsOf<{ submission_id: number | string; destination: string; status: string }>(
    await db.execute(sql`select submission_id, destination, status from deliveries
      where submission_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by id`),
  );
  for (const r of rows) {
    const list = map.get(Number(r.submission_id)) ?? [];
    list.push({ destination: r.destination, status: r.status });
    map.set(Number(r.submission_id), list);
  }
  return map;
}

async function auditRow(db: Db, who: Access, action: string, detail: string) {
  await db.insert(contentAudit).values({ editor: who.email, action, detail, at: new Date() });
}

async function erasureSalt(db: Db): Promise<string> {
  await db
    .insert(siteSecrets)
    .values({ name: "erasure-salt", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`select value from site_secrets where name = 'erasure-salt'`),
  );
  return rows[0]!.value;
}

/** What "E-mail or phone" matches: an address by itself (any case), a phone however written. */
function personMatch(query: string) {
  const q = query.trim().toLowerCase();
  const isEmail = q.includes("@");
  const phone = normalisePhone(q);
  return {
    isEmail,
    submissions: isEmail
      ? sql`lower(s.payload->>'email') = ${q}`
      : sql`${phoneSql(sql`s.payload->>'phone'`)} = ${phone}`,
    orders: isEmail ? sql`lower(o.email) = ${q}` : sql`${phoneSql(sql`o.phone`)} = ${phone}`,
    subscribers: isEmail ? sql`lower(email) = ${q}` : sql`false`,
    valid: isEmail ? /^[^\s@]+@[^\s@]+$/.test(q) : phone.length >= 7,
    value: isEmail ? q : phone,
  };
}

export function createInbox(db: Db): InboxService {
  const service: InboxService = {
    async page(filter, page): Promise<InboxPage> {
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
      return { rows: shown.map((r) => toRow(r, went)), more: rows.length > INBOX_PAGE_SIZE };
    },

    async newCount() {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select
          (select count(*) from submissions where handled_at is null and kind <> 'payment')::int +
          (select count(*) from orders where handled_at is null)::int as n`),
      );
      return Number(row?.n ?? 0);
    },

    async attention() {
      const [row] = rowsOf<{ failed: number; held: number }>(
        await db.execute(sql`select
          count(*) filter (where status in ('rejected', 'dead'))::int as failed,
          count(*) filter (where status = 'held')::int as held
          from deliveries where status in ('rejected', 'dead', 'held')`),
      );
      return { failed: Number(row?.failed ?? 0), held: Number(row?.held ?? 0) };
    },

    async detail(id, reader): Promise<InboxDetail | undefined> {
      const ref = parseInboxId(id);
      if (!ref) return undefined;
      const found =
        ref.table === "s"
          ? rowsOf<RawRow>(
              await db.execute(sql`select 's' || s.id as ref, s.kind, s.payload->>'name' as name,
                s.payload->>'email' as email, s.payload->>'phone' as phone, s.created_at as at,
                s.handled_at, s.payload->>'booked' as state, s.payload, null as amount_kobo,
                null as reference, s.id
                from submissions s where s.id = ${ref.id} and s.kind <> 'payment'`),
            )
          : rowsOf<RawRow>(
              await db.execute(sql`select 'o' || o.id as ref, 'order' as kind, o.name, o.email,
                o.phone, o.created_at as at, o.handled_at, o.status as state, null as payload,
                o.amount_kobo, o.reference, o.id, o.item_name, o.paid_at
                from orders o where o.id = ${ref.id}`),
            );
      const raw = found[0];
      if (!raw) return undefined;
      const attempts =
        ref.table === "s"
          ? rowsOf<{
              id: number | string;
              destination: string;
              status: string;
              attempts: number;
              last_error: string | null;
              delivered_at: string | Date | null;
              created_at: string | Date;
            }>(
              await db.execute(sql`select id, destination, status, attempts, last_error,
                delivered_at, created_at from deliveries where submission_id = ${ref.id}
                order by id`),
            )
          : [];
      const went = new Map([[ref.id, attempts]]);
      await auditRow(db, reader, "inbox-read", id);
      const payload = { ...(raw.payload ?? {}) };
      // The booking's return token is the site's, not what the visitor sent.
      delete payload.token;
      const extra = raw as unknown as { item_name?: string; paid_at?: string | Date | null };
      return {
        row: toRow(raw, ref.table === "s" ? went : new Map()),
        fields:
          ref.table === "s"
            ? Object.entries(payload).map(([k, v]) => ({ label: k, value: String(v) }))
            : [
                { label: "item", value: extra.item_name ?? "" },
                { label: "amount", value: `₦${((raw.amount_kobo ?? 0) / 100).toFixed(2)}` },
                { label: "reference", value: raw.reference ?? "" },
                { label: "status", value: raw.state ?? "" },
                {
                  label: "paid at",
                  value: extra.paid_at ? new Date(extra.paid_at).toISOString() : "",
                },
              ],
        deliveries: attempts.map((a) => ({
          id: Number(a.id),
          destination: DESTINATION_WORDS[a.destination] ?? a.destination,
          status: a.status,
          attempts: a.attempts,
          lastError: a.last_error ?? undefined,
          deliveredAt: a.delivered_at ? new Date(a.delivered_at).toISOString() : undefined,
        })),
      };
    },

    async setHandled(id, handled) {
      const ref = parseInboxId(id);
      if (!ref) return false;
      const value = handled ? sql`now()` : sql`null`;
      const result = rowsOf<{ id: number }>(
        ref.table === "s"
          ? await db.execute(
              sql`update submissions set handled_at = ${value} where id = ${ref.id} returning id`,
            )
          : await db.execute(
              sql`update orders set handled_at = ${value} where id = ${ref.id} returning id`,
            ),
      );
      return result.length > 0;
    },

    async retryDelivery(id, deliveryId, reader) {
      const ref = parseInboxId(id);
      if (ref?.table !== "s") return false;
      const result = rowsOf<{ id: number }>(
        await db.execute(sql`update deliveries
          set status = 'pending', next_attempt_at = now(), lease_until = null
          where id = ${deliveryId} and submission_id = ${ref.id}
            and status in ('rejected', 'dead', 'held') returning id`),
      );
      if (result.length > 0)
        await auditRow(db, reader, "inbox-retry", `${id} delivery ${deliveryId}`);
      return result.length > 0;
    },

    async *csv(filter, reader) {
      await auditRow(db, reader, "inbox-csv", `filter ${filterWords(filter)}`);
      // One kind: exactly that kind's file from `npm run export`. Every kind: one file that
      // Excel opens as it is, a column saying which kind (docs/decisions/033).
      const only = filter.kind && exportKindOf(filter.kind);
      yield only ? exportHeadingLine(only) : allKindsHeadingLine();
      let before: [Date, string] | undefined;
      for (;;) {
        const rows = rowsOf<RawRow & { sort_key: string }>(
          await db.execute(sql`select * from (${unionSql(filter, { limit: CHUNK, before })}) u
            order by at desc, sort_key desc limit ${CHUNK}`),
        );
        if (rows.length === 0) return;
        const went = await deliveriesOf(
          db,
          rows.filter((r) => r.kind !== "order").map((r) => Number(r.id)),
        );
        let text = "";
        for (const r of rows) {
          const kind = exportKindOf(r.kind);
          const record = exportRecord(r, went);
          text += only ? exportLine(kind, record) : allKindsLine(kind, record);
        }
        yield text;
        const last = rows.at(-1)!;
        before = [new Date(last.at), last.sort_key];
        if (rows.length < CHUNK) return;
        // PGlite answers in this thread: let waiting requests in between chunks.
        await yieldToOthers();
      }
    },

    async findPerson(query) {
      const m = personMatch(query);
      if (!m.valid) return undefined;
      const submissions = rowsOf<{
        id: number | string;
        kind: string;
        created_at: string | Date;
        payload: Record<string, string>;
      }>(
        await db.execute(sql`select s.id, s.kind, s.created_at, s.payload from submissions s
          where ${m.submissions} order by s.created_at limit 1000`),
      );
      const orderRows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select o.id, o.reference, o.item_name, o.amount_kobo, o.status,
          o.created_at, o.paid_at, o.name, o.email, o.phone from orders o where ${m.orders}
          order by o.created_at limit 1000`),
      );
      const subscriber = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select email, subscribed_at, unsubscribed_at from subscribers
          where ${m.subscribers}`),
      );
      const ids = submissions.map((s) => Number(s.id));
      const waiting = ids.length
        ? rowsOf<Record<string, unknown>>(
            await db.execute(sql`select id, submission_id, destination, status from deliveries
              where status in ('pending', 'sending', 'held') and submission_id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`),
          )
        : [];
      const refs = [...ids.map((i) => `s${i}`), ...orderRows.map((o) => `o${String(o.id)}`)];
      const mentions = refs.length
        ? rowsOf<{ at: string | Date; editor: string; action: string; detail: string }>(
            await db.execute(sql`select at, editor, action, detail from content_audit
              where action like 'inbox-%' and split_part(detail, ' ', 1) in (${sql.join(
                refs.map((r) => sql`${r}`),
                sql`, `,
              )}) order by at limit 200`),
          )
        : [];
      const record: PersonRecord = {
        query: m.value,
        submissions: submissions.map((s) => ({
          id: `s${String(s.id)}`,
          kind: s.kind,
          at: new Date(s.created_at).toISOString(),
          fields: Object.fromEntries(Object.entries(s.payload).filter(([k]) => k !== "token")),
        })),
        orders: orderRows.map((o) => ({
          id: `o${String(o.id)}`,
          reference: String(o.reference),
          item: String(o.item_name),
          amountNaira: (Number(o.amount_kobo) / 100).toFixed(2),
          status: String(o.status),
          at: new Date(o.created_at as string).toISOString(),
          name: String(o.name),
          email: String(o.email),
          phone: String(o.phone),
        })),
        subscriber: subscriber[0]
          ? {
              email: String(subscriber[0].email),
              subscribedAt: new Date(subscriber[0].subscribed_at as string).toISOString(),
              unsubscribedAt: subscriber[0].unsubscribed_at
                ? new Date(subscriber[0].unsubscribed_at as string).toISOString()
                : undefined,
            }
          : undefined,
        waiting: waiting.map((w) => ({
          id: Number(w.id),
          submission: `s${String(w.submission_id)}`,
          destination: DESTINATION_WORDS[String(w.destination)] ?? String(w.destination),
          status: String(w.status),
        })),
        audit: mentions.map((a) => ({
          at: new Date(a.at).toISOString(),
          who: a.editor,
          action: a.action,
          record: a.detail.split(" ")[0]!,
        })),
      };
      return record;
    },

    async auditPerson(reader, record, action) {
      const ids = [...record.submissions.map((s) => s.id), ...record.orders.map((o) => o.id)];
      await auditRow(db, reader, action, ids.join(" ") || "no records");
    },

    async erasePerson(query, reader): Promise<PersonErasure | undefined> {
      const m = personMatch(query);
      if (!m.valid) return undefined;
      const salt = await erasureSalt(db);
      const counts = await db.transaction(async (tx) => {
        const ids = rowsOf<{ id: number | string }>(
          await tx.execute(sql`select s.id from submissions s where ${m.submissions}`),
        ).map((r) => Number(r.id));
        const orderIds = rowsOf<{ id: number | string }>(
          await tx.execute(sql`select o.id from orders o where ${m.orders}`),
        ).map((r) => Number(r.id));
        const list = (xs: number[]) =>
          sql.join(
            xs.map((x) => sql`${x}`),
            sql`, `,
          );
        let deliveries = 0;
        let cancelled = 0;
        let keys = 0;
        if (ids.length) {
          const d = rowsOf<{ status: string }>(
            await tx.execute(
              sql`delete from deliveries where submission_id in (${list(ids)}) returning status`,
            ),
          );
          deliveries = d.length;
          cancelled = d.filter((x) => ["pending", "sending", "held"].includes(x.status)).length;
          keys += rowsOf(
            await tx.execute(
              sql`delete from idempotency_keys where submission_id in (${list(ids)}) returning key`,
            ),
          ).length;
          await tx.execute(sql`delete from submissions where id in (${list(ids)})`);
        }
        if (orderIds.length) {
          keys += rowsOf(
            await tx.execute(
              sql`delete from idempotency_keys where order_id in (${list(orderIds)}) returning key`,
            ),
          ).length;
          // Financial records (docs/decisions/007): amount, date, reference and status stay.
          await tx.execute(
            sql`update orders set name = '', email = '', phone = '' where id in (${list(orderIds)})`,
          );
        }
        const subscribers = rowsOf(
          await tx.execute(sql`delete from subscribers where ${m.subscribers} returning id`),
        ).length;
        return {
          submissions: ids.length,
          deliveries,
          cancelled,
          subscribers,
          orders: orderIds.length,
          keys,
        };
      });
      const hash = createHash("sha256").update(`${salt}:${m.value}`).digest("hex").slice(0, 32);
      await auditRow(
        db,
        reader,
        "erase",
        `address ${hash}: ${counts.submissions} submissions, ${counts.deliveries} deliveries ` +
          `(${counts.cancelled} not yet sent), ${counts.subscribers} subscriber, ${counts.orders} ` +
          `orders anonymised, ${counts.keys} idempotency keys`,
      );
      return counts;
    },
  };
  return service;
}

/** The inbox's kind as `npm run export -- --kind` names it. */
const exportKindOf = (kind: InboxKind): ExportKind => (kind === "order" ? "orders" : kind);

/** A row of the union as the export reads it from its own table. */
function exportRecord(
  r: RawRow,
  went: Map<number, { destination: string; status: string }[]>,
): SubmissionRecord | OrderRecord {
  const createdAt = new Date(r.at);
  if (r.kind !== "order") {
    const id = Number(r.id);
    const deliveries = went.get(id) ?? [];
    return { id, createdAt, status: r.row_status, payload: r.payload ?? {}, deliveries };
  }
  return {
    reference: r.reference ?? "",
    createdAt,
    status: r.row_status,
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
    itemId: r.item_id ?? "",
    itemName: r.item_name ?? "",
    amountKobo: r.amount_kobo ?? 0,
    currency: r.currency ?? "",
    name: r.name ?? "",
    email: r.email ?? "",
    phone: r.phone ?? "",
    failureReason: r.failure_reason,
  };
}

function filterWords(filter: InboxFilter): string {
  return [
    filter.kind ?? "all kinds",
    filter.status ?? "any status",
    filter.q ? "with a search" : "",
  ]
    .filter(Boolean)
    .join(", ");
}
