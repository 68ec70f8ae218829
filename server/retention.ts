import { and, isNotNull, lt } from "drizzle-orm";
import type { Db } from "./db/client";
import { describeDatabaseError } from "./db/errors";
import { rateLimits, submissions, subscribers } from "./db/schema";
import type { Logger } from "./logger";
import { RATE_WINDOW_MS } from "./rate-limit";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes personal data older than RETENTION_DAYS: submissions (their outbox rows go with them),
 * and subscribers who unsubscribed that long ago. Active subscribers stay until they leave.
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
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_WINDOW_MS)));
  return { submissions: removed.length, subscribers: left.length };
}

/** Runs the clean-up shortly after start and then once a day. */
export function startRetention(db: Db, retentionDays: number, logger: Logger) {
  const run = () =>
    applyRetention(db, retentionDays)
      .then((counts) => logger.info(counts, "retention applied"))
      .catch((error: Error) =>
        logger.error({ err: describeDatabaseError(error) }, "retention failed"),
      );
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
