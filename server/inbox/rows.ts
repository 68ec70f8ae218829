import { type SQL, sql } from "drizzle-orm";
import {
  type AppointmentColumns,
  type BookingNames,
  appointmentColumns,
  appointmentJoin,
  appointmentOf,
  inboxKindSql,
  noAppointment,
} from "./appointments";
import type { Access } from "../../app/lib/services/auth";
import type { InboxFilter, InboxKind, InboxRow } from "../../app/lib/services/inbox";
import type { Db } from "../db/client";
import { contentAudit } from "../db/schema";
import { searchCondition } from "./search";

/**
 * What the inbox's pages, its CSV and a person's page share: ids, words for deliveries, the
 * phone number as compared, and the union of `submissions` and `orders` as inbox rows (issue 30,
 * docs/decisions/033). Ids are "s" + a submission's id or "o" + an order's, so one URL names
 * either. Audit rows name these ids only, never a person's data.
 */

export const INBOX_PAGE_SIZE = 25;

export const DESTINATION_WORDS: Record<string, string> = {
  hubspot: "HubSpot",
  email: "e-mail",
  receipt: "receipt",
  "email-fallback": "e-mail (fallback)",
  "booking-visitor:booked": "confirmation to the visitor",
  "booking-visitor:cancelled": "cancellation to the visitor",
  "booking-practice:booked": "e-mail",
  "booking-practice:cancelled": "cancellation e-mail",
};
const STATUS_WORDS: Record<string, string> = {
  pending: "waiting",
  sending: "sending",
  delivered: "delivered",
  rejected: "failed",
  dead: "failed",
  held: "held",
  skipped: "not needed",
};

/** A delivery's destination in the inbox's words; a booking's reminders and moves by pattern. */
export function destinationWords(destination: string): string {
  const fixed = DESTINATION_WORDS[destination];
  if (fixed) return fixed;
  const reminder = /^booking-reminder:(\d+(?:\.\d+)?)h-s\d+$/.exec(destination);
  if (reminder) return `${reminder[1]} h reminder`;
  if (/^booking-visitor:moved-s\d+$/.test(destination)) return "change to the visitor";
  if (/^booking-practice:moved-s\d+$/.test(destination)) return "change e-mail";
  return destination;
}

/** "HubSpot: delivered, e-mail: failed"; a held row says "Held (flood)". */
export function whereItWent(deliveries: { destination: string; status: string }[]): string {
  if (deliveries.some((d) => d.status === "held")) return "Held (flood)";
  return deliveries
    .map((d) => `${destinationWords(d.destination)}: ${STATUS_WORDS[d.status] ?? d.status}`)
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
export function phoneSql(column: SQL): SQL {
  return sql`regexp_replace(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '^234', '0')`;
}

export function parseInboxId(id: string): { table: "s" | "o"; id: number } | undefined {
  const match = /^([so])([1-9][0-9]{0,14})$/.exec(id);
  return match ? { table: match[1] as "s" | "o", id: Number(match[2]) } : undefined;
}

const KINDS: readonly InboxKind[] = ["contact", "booking", "appointment", "newsletter", "order"];
export const isInboxKind = (v: string): v is InboxKind => (KINDS as readonly string[]).includes(v);

export interface RawRow extends AppointmentColumns {
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
  sort_key: string;
  /** what the CSV adds (./export-columns.ts): submissions.status or orders.status, … */
  row_status: string;
  paid_at: string | Date | null;
  item_id: string | null;
  item_name: string | null;
  currency: string | null;
  failure_reason: string | null;
}

export type Deliveries = Map<number, { destination: string; status: string }[]>;

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `in (…)` of a list of ids. */
export const idList = (xs: readonly (number | string)[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** The union of both tables as inbox rows, each branch filtered and ordered on its own index. */
export function unionSql(
  filter: InboxFilter,
  extra: { before?: [Date, string]; limit: number },
): SQL {
  const searchS = searchCondition(
    filter.q,
    sql`s.payload->>'name'`,
    sql`s.payload->>'email'`,
    sql`s.payload->>'phone'`,
  );
  const searchO = searchCondition(filter.q, sql`o.name`, sql`o.email`, sql`o.phone`);
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
  // Days in Lagos time: a day starts at 00:00 +01:00.
  const when = (column: SQL) =>
    sql`${filter.from ? sql` and ${column} >= ${`${filter.from}T00:00:00+01:00`}::timestamptz` : sql``}${
      filter.to
        ? sql` and ${column} < (${`${filter.to}T00:00:00+01:00`}::timestamptz + interval '1 day')`
        : sql``
    }`;
  const whenS = when(sql`s.created_at`);
  const whenO = when(sql`o.created_at`);
  const kinds = filter.kind ? [filter.kind] : KINDS;
  // A booked session is a booking submission with an appointment (./appointments.ts).
  const submissionKinds = [
    ...new Set(
      kinds.filter((k) => k !== "order").map((k) => (k === "appointment" ? "booking" : k)),
    ),
  ];
  const bookingsOnly =
    kinds.includes("booking") === kinds.includes("appointment")
      ? sql``
      : kinds.includes("booking")
        ? sql` and not (s.kind = 'booking' and a.appt_id is not null)`
        : sql` and (s.kind <> 'booking' or a.appt_id is not null)`;
  const branches: SQL[] = [];
  if (submissionKinds.length > 0) {
    branches.push(sql`(select 's' || s.id as ref, ${inboxKindSql} as kind, s.payload->>'name' as name,
        s.payload->>'email' as email, s.payload->>'phone' as phone, s.created_at as at,
        s.handled_at, s.payload->>'booked' as state, s.payload, null::int as amount_kobo,
        null::text as reference, s.id,
        's' || lpad(s.id::text, 15, '0') as sort_key, s.status as row_status,
        null::timestamptz as paid_at, null::text as item_id, null::text as item_name,
        null::text as currency, null::text as failure_reason, ${appointmentColumns}
      from submissions s ${appointmentJoin}
     where s.kind in (${idList(submissionKinds)})${bookingsOnly}${statusS}${whenS}${searchS}${beforeS}
     order by s.created_at desc, s.id desc limit ${extra.limit})`);
  }
  if (kinds.includes("order")) {
    branches.push(sql`(select 'o' || o.id as ref, 'order' as kind, o.name, o.email, o.phone,
        o.created_at as at, o.handled_at, o.status as state, null::jsonb as payload,
        o.amount_kobo, o.reference, o.id,
        'o' || lpad(o.id::text, 15, '0') as sort_key, o.status as row_status, o.paid_at,
        o.item_id, o.item_name, o.currency, o.failure_reason, ${noAppointment}
      from orders o
     where true${statusO}${whenO}${searchO}${beforeO}
     order by o.created_at desc, o.id desc limit ${extra.limit})`);
  }
  return sql.join(branches, sql` union all `);
}

export function toRow(r: RawRow, went: Deliveries, names: BookingNames): InboxRow {
  const isOrder = r.kind === "order";
  const appointment = r.kind === "appointment" ? appointmentOf(r, names) : undefined;
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
      : appointment
        ? appointment.status
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
    ...(appointment ? { appointment } : {}),
  };
}

/** The deliveries of these submissions, in the order made. */
export async function deliveriesOf(db: Db, ids: number[]): Promise<Deliveries> {
  const map: Deliveries = new Map();
  if (ids.length === 0) return map;
  const rows = rowsOf<{ submission_id: number | string; destination: string; status: string }>(
    await db.execute(sql`select submission_id, destination, status from deliveries
      where submission_id in (${idList(ids)}) order by id`),
  );
  for (const r of rows) {
    const list = map.get(Number(r.submission_id)) ?? [];
    list.push({ destination: r.destination, status: r.status });
    map.set(Number(r.submission_id), list);
  }
  return map;
}

export async function auditRow(db: Db, who: Access, action: string, detail: string) {
  await db.insert(contentAudit).values({ editor: who.email, action, detail, at: new Date() });
}
