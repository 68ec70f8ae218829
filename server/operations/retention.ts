import { and, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { describeDatabaseError } from "../db/errors";
import { appointments, orders, photos, rateLimits, submissions, subscribers } from "../db/schema";
import { runJob } from "./job-runs";
import type { Logger } from "./logger";
import { RATE_ROWS_SPENT_MS } from "../http/rate-limit";

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** Thrown when any step of the retention failed, after every other step has run. */
export class RetentionError extends Error {
  override name = "RetentionError";
  constructor(
    /** what was deleted by the steps that worked */
    readonly counts: RetentionCounts,
    /** each failed step and what the database said, free of personal data */
    readonly failures: { step: keyof RetentionCounts; error: string }[],
  ) {
    super(`retention failed for ${failures.map((f) => `${f.step} (${f.error})`).join(", ")}`);
  }
}

export interface RetentionCounts {
  submissions: number;
  subscribers: number;
  unpaidOrders: number;
  rateLimits: number;
  unusedPhotos: number;
}

/**
 * How long an uploaded photo that nothing names is kept (issue 29, M5): long enough for an
 * editor who chose it to publish or save after a refusal, a dropped connection or a night's sleep.
 */
export const UNUSED_PHOTO_GRACE_MS = 24 * HOUR_MS;

/**
 * Deletes uploaded photos (and their files) older than the grace period that no version, live,
 * old or scheduled, and no draft names: an upload whose form was then refused or left, or an
 * attacker's. A restore can only bring back a version, and versions keep their photos.
 */
export async function purgeUnusedPhotos(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_PHOTO_GRACE_MS);
  // A key is [a-z0-9-] only (app/content/fields.ts), so it needs no escaping in LIKE.
  const named = (table: string) =>
    sql`exists (select 1 from ${sql.raw(table)} c where c.value::text like '%"' || ${photos.key} || '"%')`;
  const removed = await db
    .delete(photos)
    .where(
      and(
        lt(photos.createdAt, cutoff),
        sql`not ${named("content_versions")}`,
        sql`not ${named("content_drafts")}`,
      ),
    )
    .returning({ key: photos.key });
  return removed.length;
}

/**
 * Deletes personal data older than RETENTION_DAYS: submissions (their outbox rows and booked
 * sessions go with them; a booked session's is kept until RETENTION_DAYS after the session),
 * subscribers who unsubscribed that long ago, and orders that never took money (`pending`,
 * `failed`; their idempotency keys go with them). Active subscribers stay until they leave; paid
 * orders are financial records and stay (docs/decisions/007, 014). Each kind is deleted on its
 * own, so one that fails (a constraint, a lock timeout) does not keep the others; the run then
 * throws a RetentionError naming it.
 */
export async function applyRetention(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<RetentionCounts> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const steps: Record<keyof RetentionCounts, () => Promise<number>> = {
    submissions: async () =>
      (
        await db
          .delete(submissions)
          .where(
            and(
              lt(submissions.createdAt, cutoff),
              // A booked session is kept until RETENTION_DAYS after it ends, however far ahead it
              // was booked: its submission holds the person, and deleting it would cancel it.
              sql`not exists (select 1 from ${appointments} a where a.submission_id = ${submissions.id} and a.status <> 'cancelled' and a.ends_at >= ${cutoff.toISOString()})`,
            ),
          )
          .returning({ id: submissions.id })
      ).length,
    subscribers: async () =>
      (
        await db
          .delete(subscribers)
          .where(and(isNotNull(subscribers.unsubscribedAt), lt(subscribers.unsubscribedAt, cutoff)))
          .returning({ id: subscribers.id })
      ).length,
    unpaidOrders: async () =>
      (
        await db
          .delete(orders)
          .where(and(inArray(orders.status, ["pending", "failed"]), lt(orders.createdAt, cutoff)))
          .returning({ id: orders.id })
      ).length,
    rateLimits: () => purgeRateLimits(db, now),
    unusedPhotos: () => purgeUnusedPhotos(db, now),
  };
  const counts: RetentionCounts = {
    submissions: 0,
    subscribers: 0,
    unpaidOrders: 0,
    rateLimits: 0,
    unusedPhotos: 0,
  };
  const failures: RetentionError["failures"] = [];
  for (const step of Object.keys(steps) as (keyof RetentionCounts)[]) {
    try {
      counts[step] = await steps[step]();
    } catch (error) {
      failures.push({ step, error: describeDatabaseError(error) });
    }
  }
  if (failures.length) throw new RetentionError(counts, failures);
  return counts;
}

/** Rate-limit counters whose window is over; they hold IP addresses, so they go within the hour. */
export async function purgeRateLimits(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_ROWS_SPENT_MS)))
    .returning({ key: rateLimits.key });
  return removed.length;
}

/** How often the clean-up runs; GET /status calls it overdue when a run is this late and more. */
export const RETENTION_INTERVAL_MS = DAY_MS;
/** The first run comes this long after start, when the site has settled. */
export const RETENTION_FIRST_RUN_MS = 60_000;

/**
 * Runs the clean-up shortly after start and then once a day; rate-limit rows every hour. Each
 * clean-up is recorded in job_runs ("retention") for GET /status.
 */
export function startRetention(db: Db, retentionDays: number, logger: Logger) {
  const run = () =>
    runJob(db, "retention", () => applyRetention(db, retentionDays))
      .then((counts) => logger.info(counts, "retention applied"))
      .catch((error: Error) =>
        error instanceof RetentionError
          ? logger.error({ ...error.counts, failures: error.failures }, "retention failed")
          : logger.error({ err: describeDatabaseError(error) }, "retention failed"),
      );
  const purge = () =>
    purgeRateLimits(db).catch((error: Error) =>
      logger.error({ err: describeDatabaseError(error) }, "rate-limit purge failed"),
    );
  const first = setTimeout(run, RETENTION_FIRST_RUN_MS);
  const daily = setInterval(run, RETENTION_INTERVAL_MS);
  const hourly = setInterval(purge, HOUR_MS);
  first.unref();
  daily.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
    clearInterval(hourly);
  };
}
