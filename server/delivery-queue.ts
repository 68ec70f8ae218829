import { sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { deliveries } from "./db/schema";

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

/** Deliveries not yet delivered, oldest first. */
export async function listQueue(db: Db, limit = 200): Promise<QueueRow[]> {
  const result = (await db.execute(sql`
    select d.id, d.submission_id, s.kind, d.destination, d.status, d.attempts, d.last_error,
           floor(extract(epoch from (now() - d.created_at)) / 60)::int as age_minutes
      from ${deliveries} d join submissions s on s.id = d.submission_id
     where d.status in ('pending', 'sending', 'held', 'rejected', 'dead')
     order by d.created_at, d.id
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
  }));
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
