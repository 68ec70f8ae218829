import { and, inArray, isNotNull, lt } from "drizzle-orm";
import type { Db } from "./db/client";
import { describeDatabaseError } from "./db/errors";
import { orders, rateLimits, submissions, subscribers } from "./db/schema";
import { runJob } from "./job-runs";
import type { Logger } from "./logger";
import { RATE_ROWS_SPENT_MS } from "./rate-limit";

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * Deletes personal data older than RETENTION_DAYS: submissions (their outbox rows go with them),
 * subscribers who unsubscribed that long ago, and orders that never took money (`pending`,
 * `failed`). Active subscribers stay until they leave; paid orders are financial records and stay
 * (docs/decisions/007, 014).
 */
export async function applyRetention(db: Db, retentionDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const removed = await db
    .delete(submissions)
    .where(lt(submissions.createdAt, cutoff))
    .returning({ id: submissions.id });
  const left = await db
    .delete(subscribers)
    .where(and(isNotNull(subscribers.unsubscribedAt), lt(subscribers.unsubscribedAt, cutoff)))
    .returning({ id: subscribers.id });
  const unpaid = await db
    .delete(orders)
    .where(and(inArray(orders.status, ["pending", "failed"]), lt(orders.createdAt, cutoff)))
    .returning({ id: orders.id });
  await purgeRateLimits(db, now);
  return { submissions: removed.length, subscribers: left.length, unpaidOrders: unpaid.length };
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
        logger.error({ err: describeDatabaseError(error) }, "retention failed"),
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
