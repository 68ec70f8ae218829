import { type SQL, sql } from "drizzle-orm";
import { shippedServices } from "../../app/content/documents/services";
import { shippedTeam } from "../../app/content/documents/team";
import { slugify } from "../../app/content/slug";
import { formatLagosSession } from "../../app/lib/bookings/format-lagos-time";
import type { InboxAppointment } from "../../app/lib/services/inbox";
import type { Db } from "../db/client";
import { isLive } from "../content/versions";

/**
 * Bookings the practice owns (issue 42, docs/decisions/042) as the inbox, a person's page, the CSV
 * and `npm run export -- --kind appointments` show them. A booking is a submission of kind
 * "booking" (the visitor's name, e-mail and phone) with an `appointments` row pointing at it; a
 * booking submission without one is the provider's booking request. The row names its session
 * type and counsellor by their ids in the content documents: shown by the names the practice
 * gave them, as published now.
 */

/** The appointment's columns beside a submission `s`: its latest row, or nulls. */
export const appointmentJoin = sql`left join lateral (select a.id as appt_id,
    a.session_type, a.counsellor_id, a.starts_at, a.ends_at, a.status as appt_status,
    a.attendance, a.source, a.cancelled_at, a.cancelled_by
    from appointments a where a.submission_id = s.id order by a.id desc limit 1) a on true`;

/** The appointment's columns where there can be none (the orders' branch of the inbox). */
export const noAppointment = sql`null::bigint as appt_id, null::text as session_type,
  null::text as counsellor_id, null::timestamptz as starts_at, null::timestamptz as ends_at,
  null::text as appt_status, null::text as attendance, null::text as source,
  null::timestamptz as cancelled_at, null::text as cancelled_by`;

/** The appointment's columns as the inbox's submission branch selects them. */
export const appointmentColumns = sql`a.appt_id, a.session_type, a.counsellor_id, a.starts_at,
  a.ends_at, a.appt_status, a.attendance, a.source, a.cancelled_at, a.cancelled_by`;

/** The kind a submission row shows as: a booking with an appointment is a booked session. */
export const inboxKindSql = sql`case when s.kind = 'booking' and a.appt_id is not null
  then 'appointment' else s.kind end`;

/** The appointment's columns as read. */
export interface AppointmentColumns {
  appt_id: number | string | null;
  session_type: string | null;
  counsellor_id: string | null;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  appt_status: string | null;
  attendance: string | null;
  source: string | null;
  cancelled_at: string | Date | null;
  cancelled_by: string | null;
}

/** Session types and counsellors by id, in the practice's words. */
export interface BookingNames {
  session(id: string): string;
  counsellor(id: string): string;
}

/** "couples-counselling-session" → "Couples counselling session": an id nobody named any more. */
function idWords(id: string): string {
  const words = id.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every `{ id, title | name }` in a document, by id. */
function namedIn(value: unknown, into: Map<string, string>) {
  if (Array.isArray(value)) {
    for (const v of value) namedIn(v, into);
    return;
  }
  if (!value || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  const name = typeof record.title === "string" ? record.title : record.name;
  if (typeof record.id === "string" && typeof name === "string" && !into.has(record.id))
    into.set(record.id, name);
  for (const v of Object.values(record)) if (v && typeof v === "object") namedIn(v, into);
}

/** A team document's people by id: their own id when they have one, else the slug of the name. */
function teamNames(team: unknown): Map<string, string> {
  const names = new Map<string, string>();
  const doc = (team ?? {}) as { lead?: unknown; members?: unknown };
  const people = [doc.lead, ...(Array.isArray(doc.members) ? doc.members : [])];
  for (const person of people) {
    if (!person || typeof person !== "object") continue;
    const p = person as { id?: unknown; name?: unknown };
    if (typeof p.name !== "string") continue;
    names.set(typeof p.id === "string" && p.id ? p.id : slugify(p.name), p.name);
  }
  return names;
}

/**
 * The names of session types (the services and schedule documents) and counsellors (the team
 * document) as published now, from the database, so that the site and `npm run export` word them
 * alike. A name no longer published is the id in words.
 */
export async function bookingNames(db: Db): Promise<BookingNames> {
  const rows = (
    (await db.execute(sql`select distinct on (doc) doc, value from content_versions
      where ${isLive} and doc in ('services', 'schedule', 'team')
      order by doc, version desc`)) as unknown as { rows: { doc: string; value: unknown }[] }
  ).rows;
  const live = new Map(
    rows.map((r) => [r.doc, typeof r.value === "string" ? JSON.parse(r.value) : r.value]),
  );
  const sessions = new Map<string, string>();
  namedIn(live.get("services") ?? shippedServices(), sessions);
  namedIn(live.get("schedule"), sessions);
  const counsellors = teamNames(live.get("team") ?? shippedTeam());
  return {
    session: (id) => sessions.get(id) ?? idWords(id),
    counsellor: (id) => counsellors.get(id) ?? idWords(id),
  };
}

const unnamed: BookingNames = { session: idWords, counsellor: idWords };

/** The names, read only when some of these rows are booked sessions. */
export async function namesFor(db: Db, rows: { kind: string }[]): Promise<BookingNames> {
  return rows.some((r) => r.kind === "appointment") ? bookingNames(db) : unnamed;
}

/** Booked, Cancelled, Attended, No-show: the practice's words for where a booking stands. */
export function appointmentStatusWords(
  status: string,
  attendance: string | null,
  cancelledBy?: string | null,
): string {
  if (status === "cancelled") return cancelledBy === "unpaid" ? "Not paid in time" : "Cancelled";
  if (status === "held") return "Held while they pay";
  if (attendance === "attended") return "Attended";
  if (attendance === "no-show") return "No-show";
  return "Booked";
}

const iso = (at: string | Date) => new Date(at).toISOString();

/** The appointment of a row that has one, in words; undefined for any other row. */
export function appointmentOf(
  r: AppointmentColumns,
  names: BookingNames,
): InboxAppointment | undefined {
  if (r.appt_id === null || r.appt_id === undefined || !r.starts_at || !r.ends_at) return undefined;
  const starts = iso(r.starts_at);
  const ends = iso(r.ends_at);
  return {
    id: Number(r.appt_id),
    session: names.session(r.session_type ?? ""),
    counsellor: names.counsellor(r.counsellor_id ?? ""),
    starts,
    ends,
    when: formatLagosSession(Date.parse(starts), Date.parse(ends)),
    status: appointmentStatusWords(r.appt_status ?? "", r.attendance, r.cancelled_by),
    bookedBy: r.source === "practice" ? "The practice" : "The visitor, on the website",
    cancelledAt: r.cancelled_at ? iso(r.cancelled_at) : undefined,
    cancelledBy:
      r.cancelled_by === "practice"
        ? "The practice"
        : r.cancelled_by === "visitor"
          ? "The visitor"
          : undefined,
  };
}

/** The condition on `s` (and its joined `a`) of one inbox kind. */
export function kindCondition(kind: string): SQL {
  if (kind === "booking") return sql`(s.kind = 'booking' and a.appt_id is null)`;
  if (kind === "appointment") return sql`(s.kind = 'booking' and a.appt_id is not null)`;
  return sql`s.kind = ${kind}`;
}
