import { and, eq, isNotNull, sql } from "drizzle-orm";
import { DAY_MS, lagosDayOf } from "../../app/lib/bookings/lagos-time";
import type { Db } from "../db/client";
import { describeDatabaseError } from "../db/errors";
import { counsellorBusyTimes, counsellorSettings } from "../db/schema";
import { jobFinished } from "../operations/job-runs";
import type { Logger } from "../operations/logger";
import { fetchFeed } from "./busy-feed-fetch";
import { busyTimesFromIcs } from "./busy-times-from-ics";
import { rulesOf } from "./settings";

/**
 * Busy times from each counsellor's own calendar (docs/decisions/042): every few minutes one
 * process on the database reads each secret iCal address, and replaces that counsellor's
 * counsellor_busy_times with what falls within their booking horizon, in one transaction. A read
 * that fails keeps the last good busy times (a time is never offered because a calendar was
 * down), writes why in busy_feed_error (words, never the address), and marks the job failed on
 * GET /status until every calendar reads again.
 */

export const BUSY_FEED_INTERVAL_MS = 5 * 60_000;
/** The first read comes this long after start. */
export const BUSY_FEED_FIRST_RUN_MS = 30_000;
/** A counsellor's busy times kept from one read, at most (a busy person's year is ~2,000). */
export const MAX_BUSY_ROWS = 5_000;
/** Another process may run the job once the last run began this long ago. */
const CLAIM_GAP_MS = BUSY_FEED_INTERVAL_MS - 30_000;

export type FeedOutcome = "read" | "failed" | "none" | "changed";

/** Reads one counsellor's calendar and stores what it says; never throws for a bad calendar. */
export async function readCounsellorBusyFeed(
  db: Db,
  counsellorId: string,
  options: { now?: Date; signal?: AbortSignal; timeoutMs?: number; maxBytes?: number } = {},
): Promise<FeedOutcome> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(counsellorSettings)
    .where(eq(counsellorSettings.counsellorId, counsellorId));
  const url = row?.busyFeedUrl;
  if (!url) return "none";
  const first = lagosDayOf(now.getTime()).start;
  const window = { start: first, end: first + (rulesOf(row).horizonDays + 1) * DAY_MS };

  const fetched = await fetchFeed(url, options);
  let problem: string | undefined;
  let busy: { start: number; end: number }[] = [];
  if (!fetched.ok) problem = fetched.problem;
  else {
    const parsed = busyTimesFromIcs(fetched.text, window);
    if (!parsed.ok)
      problem =
        parsed.problem === "too-large"
          ? "The calendar is larger than the site reads (4 MB)."
          : "What the address gave is not a calendar. Please check it is the secret address in iCal format.";
    else busy = parsed.busy.slice(0, MAX_BUSY_ROWS);
  }
  const sameAddress = and(
    eq(counsellorSettings.counsellorId, counsellorId),
    eq(counsellorSettings.busyFeedUrl, url),
  );
  if (problem !== undefined) {
    const updated = await db
      .update(counsellorSettings)
      .set({ busyFeedError: problem, busyFeedCheckedAt: now })
      .where(sameAddress)
      .returning({ id: counsellorSettings.counsellorId });
    return updated.length ? "failed" : "changed";
  }
  return db.transaction(async (tx) => {
    // Only if the address is still the one read: one set while this read ran is read next time.
    const updated = await tx
      .update(counsellorSettings)
      .set({ busyFeedError: null, busyFeedCheckedAt: now })
      .where(sameAddress)
      .returning({ id: counsellorSettings.counsellorId });
    if (updated.length === 0) return "changed";
    await tx.delete(counsellorBusyTimes).where(eq(counsellorBusyTimes.counsellorId, counsellorId));
    for (let i = 0; i < busy.length; i += 500) {
      await tx.insert(counsellorBusyTimes).values(
        busy.slice(i, i + 500).map((b) => ({
          counsellorId,
          startsAt: new Date(b.start),
          endsAt: new Date(b.end),
        })),
      );
    }
    return "read";
  });
}

/**
 * Claims this interval's run for this process: a conditional upsert of job_runs' "busy-feeds" row,
 * as the digest claims its day, so of several processes on one database only one reads.
 */
export async function claimBusyFeedRun(db: Db, at: Date): Promise<boolean> {
  const claimed = (await db.execute(sql`
    insert into job_runs (name, last_started_at) values ('busy-feeds', ${at.toISOString()}::timestamptz)
    on conflict (name) do update set last_started_at = excluded.last_started_at
     where job_runs.last_started_at is null
        or job_runs.last_started_at <= ${at.toISOString()}::timestamptz - ${CLAIM_GAP_MS}::int * interval '1 millisecond'
    returning name`)) as unknown as { rows: unknown[] };
  return claimed.rows.length > 0;
}

export interface BusyFeedRun {
  /** false: another process has this interval's run */
  claimed: boolean;
  read: number;
  failed: number;
}

/** One run of the job: claims it, reads every connected calendar, records the outcome. */
export async function runBusyFeeds(
  db: Db,
  options: { now?: Date; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<BusyFeedRun> {
  const now = options.now ?? new Date();
  if (!(await claimBusyFeedRun(db, now))) return { claimed: false, read: 0, failed: 0 };
  try {
    const connected = await db
      .select({ id: counsellorSettings.counsellorId })
      .from(counsellorSettings)
      .where(isNotNull(counsellorSettings.busyFeedUrl));
    let read = 0;
    let failed = 0;
    for (const { id } of connected) {
      if (options.signal?.aborted) break;
      const outcome = await readCounsellorBusyFeed(db, id, { ...options, now });
      if (outcome === "read") read += 1;
      if (outcome === "failed") failed += 1;
    }
    await jobFinished(
      db,
      "busy-feeds",
      failed === 0
        ? { ok: true }
        : {
            ok: false,
            error: new Error(
              `${failed} counsellor ${failed === 1 ? "calendar" : "calendars"} could not be read (see Booking settings)`,
            ),
          },
    ).catch(() => {});
    return { claimed: true, read, failed };
  } catch (error) {
    await jobFinished(db, "busy-feeds", { ok: false, error }).catch(() => {});
    throw error;
  }
}

/** Runs the job every BUSY_FEED_INTERVAL_MS, runs never overlapping in this process. */
export function startBusyFeeds(db: Db, logger: Logger, intervalMs = BUSY_FEED_INTERVAL_MS) {
  const abort = new AbortController();
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running || abort.signal.aborted) return;
    running = runBusyFeeds(db, { signal: abort.signal })
      .then((r) => {
        if (r.claimed && (r.read || r.failed))
          logger.info({ read: r.read, failed: r.failed }, "counsellors' calendars read");
      })
      .catch((error: unknown) =>
        logger.error(
          { err: describeDatabaseError(error) },
          "reading counsellors' calendars failed",
        ),
      )
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, Math.min(BUSY_FEED_FIRST_RUN_MS, intervalMs));
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
