import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveries } from "../../db/schema";

/**
 * The operator's view of the outbox (`npm run deliveries`): what waits, what was refused or given
 * up, and putting those back in the queue once a setting is fixed. Plain UPDATEs, so it is safe
 * beside running sites on Postgres: a worker claims only pending rows, with SKIP LOCKED.
 */

export type QueueStatus = "pending" | "sending" | "held" | "rejected" | "dead";

export interface QueueRow {
  id: number;
  submissionId: number;
  kind: string;
  destination: string;
  status: QueueStatus;
  attempts: number;
  ageMinutes: number;
  /** the last error's kind: codes and field names, never what the visitor wrote */
  error: string | null;
  /** held, and its e-mail, phone or message repeats among the held (FLOOD_REPEATS) */
  floodLike: boolean;
}

/**
 * An error as the operator may see it. HubSpot's 400 body can quote a submitted value, so only
 * its error types and the names of the fields it complains about are kept.
 */
export function errorKind(lastError: string | null): string | null {
  if (!lastError) return null;
  const hubspot = /^HubSpot 400: ?(.*)$/s.exec(lastError);
  if (!hubspot) return lastError.slice(0, 120);
  const body = hubspot[1] ?? "";
  const types = new Set(body.match(/"errorType"\s*:\s*"([A-Z_]+)"/g) ?? []);
  const fields = new Set([...body.matchAll(/fields\.([A-Za-z0-9_]+)/g)].map((m) => m[1]));
  const parts = [...types].map((t) => t.replace(/^.*"([A-Z_]+)"$/, "$1"));
  if (fields.size) parts.push(`fields: ${[...fields].join(", ")}`);
  return parts.length ? `HubSpot 400 (${parts.join("; ")})` : "HubSpot 400";
}

/**
 * A held submission "looks like the flood" when its e-mail address, phone number or message was
 * sent this many times or more among the held ones of its form: a flood repeats itself, a real
 * lead says its own thing once (twice at most, when a visitor sends again).
 */
export const FLOOD_REPEATS = 3;

/** The ids of held submissions that look like the flood, as a subquery. */
const floodLike = sql`(
  with held as (
    select distinct s.id, s.kind,
           lower(trim(coalesce(s.payload->>'email', ''))) as email,
           regexp_replace(coalesce(s.payload->>'phone', ''), '[^0-9]', '', 'g') as phone,
           trim(coalesce(s.payload->>'message', '')) as message
      from deliveries d join submissions s on s.id = d.submission_id
     where d.status = 'held'),
  counted as (
    select id, email, phone, message,
           count(*) over (partition by kind, email) as same_email,
           count(*) over (partition by kind, phone) as same_phone,
           count(*) over (partition by kind, message) as same_message
      from held)
  select id from counted
   where (email <> '' and same_email >= ${FLOOD_REPEATS})
      or (phone <> '' and same_phone >= ${FLOOD_REPEATS})
      or (message <> '' and same_message >= ${FLOOD_REPEATS}))`;

export interface QueueSummary {
  destination: string;
  status: QueueStatus;
  count: number;
  oldestMinutes: number;
  newestMinutes: number;
}

/** True counts of what is not yet delivered, by destination and status, however many there are. */
export async function queueSummary(db: Db): Promise<QueueSummary[]> {
  const result = (await db.execute(sql`
    select destination, status, count(*)::int as n,
           floor(extract(epoch from (now() - min(created_at))) / 60)::int as oldest,
           floor(extract(epoch from (now() - max(created_at))) / 60)::int as newest
      from ${deliveries}
     where status in ('pending', 'sending', 'held', 'rejected', 'dead')
     group by destination, status
     order by destination, status`)) as unknown as {
    rows: { destination: string; status: QueueStatus; n: number; oldest: number; newest: number }[];
  };
  return result.rows.map((r) => ({
    destination: r.destination,
    status: r.status,
    count: Number(r.n),
    oldestMinutes: Math.max(0, Number(r.oldest)),
    newestMinutes: Math.max(0, Number(r.newest)),
  }));
}

/** Held submissions: how many, and how many of them look like the flood. */
export async function heldSummary(db: Db): Promise<{ submissions: number; floodLike: number }> {
  const result = (await db.execute(sql`
    select count(distinct submission_id)::int as submissions,
           count(distinct submission_id) filter (where submission_id in ${floodLike})::int as flood
      from ${deliveries} where status = 'held'`)) as unknown as {
    rows: { submissions: number; flood: number }[];
  };
  const row = result.rows[0];
  return { submissions: Number(row?.submissions ?? 0), floodLike: Number(row?.flood ?? 0) };
}

/**
 * Submissions by form, and how many of each have a delivery record at all: a form with no
 * destination configured (no HubSpot form, no e-mail) is stored and goes nowhere.
 */
export async function storedByKind(
  db: Db,
): Promise<{ kind: string; count: number; undelivered: number }[]> {
  const result = (await db.execute(sql`
    select s.kind, count(*)::int as n,
           count(*) filter (where not exists (
             select 1 from ${deliveries} d where d.submission_id = s.id))::int as undelivered
      from submissions s group by s.kind order by s.kind`)) as unknown as {
    rows: { kind: string; n: number; undelivered: number }[];
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    count: Number(r.n),
    undelivered: Number(r.undelivered),
  }));
}

/** Deliveries not yet delivered, newest first (the newest leads are the ones to look at). */
export async function listQueue(db: Db, limit = 200): Promise<QueueRow[]> {
  const result = (await db.execute(sql`
    select d.id, d.submission_id, s.kind, d.destination, d.status, d.attempts, d.last_error,
           floor(extract(epoch from (now() - d.created_at)) / 60)::int as age_minutes,
           (d.status = 'held' and d.submission_id in ${floodLike}) as flood_like
      from ${deliveries} d join submissions s on s.id = d.submission_id
     where d.status in ('pending', 'sending', 'held', 'rejected', 'dead')
     order by d.created_at desc, d.id desc
     limit ${limit}`)) as unknown as {
    rows: {
      id: number | string;
      submission_id: number | string;
      kind: string;
      destination: string;
      status: QueueStatus;
      attempts: number;
      last_error: string | null;
      age_minutes: number;
      flood_like: boolean | null;
    }[];
  };
  return result.rows.map((r) => ({
    id: Number(r.id),
    submissionId: Number(r.submission_id),
    kind: r.kind,
    destination: r.destination,
    status: r.status,
    attempts: Number(r.attempts),
    ageMinutes: Math.max(0, Number(r.age_minutes)),
    error: errorKind(r.last_error),
    floodLike: Boolean(r.flood_like),
  }));
}

/** Which held deliveries to release; no choice releases every one (docs/decisions/019). */
export interface HeldChoice {
  /** submission ids, as `npm run deliveries` lists them */
  ids?: number[];
  /** the visitor's e-mail address, any case */
  emails?: string[];
  /** every held submission except those that look like the flood (FLOOD_REPEATS) */
  exceptFlood?: boolean;
}

/** The condition on `deliveries` rows that a choice of held deliveries makes. */
export function heldChoiceCondition(choice: HeldChoice = {}): SQL {
  const parts: SQL[] = [];
  if (choice.ids?.length) parts.push(sql`submission_id in ${choice.ids}`);
  if (choice.emails?.length) {
    const emails = choice.emails.map((e) => e.trim().toLowerCase());
    parts.push(
      sql`submission_id in (select id from submissions
                             where lower(trim(payload->>'email')) in ${emails})`,
    );
  }
  if (choice.exceptFlood) parts.push(sql`submission_id not in ${floodLike}`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`true`;
}

/**
 * Puts every rejected (or dead) delivery back in the queue: attempts start again, the next
 * attempt is now, and it is counted as queued now, so it gets a fresh 24 hours before it is
 * given up. The last error stays until the next attempt replaces it.
 */
export async function requeue(db: Db, status: "rejected" | "dead"): Promise<number> {
  const updated = await db.execute(sql`
    update ${deliveries}
       set status = 'pending', attempts = 0, next_attempt_at = now(), created_at = now(),
           lease_until = null
     where status = ${status}
     returning id`);
  return (updated as unknown as { rows: unknown[] }).rows.length;
}
