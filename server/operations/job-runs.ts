import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { describeDatabaseError } from "../db/errors";
import { jobRuns } from "../db/schema";

/**
 * The record of each background job's runs in `job_runs`, shared by every process on one
 * database, so GET /status can say that a job failed or has not run in its interval. Only the
 * kind of error is kept (the driver's code and message, or the error's name), never the data a
 * query carried.
 */

/**
 * "publish" and "photos" run when an editor acts, not on a schedule: their last failure stands on
 * /status until the next success.
 */
export type JobName =
  | "retention"
  | "reconciliation"
  | "digest"
  | "publish"
  | "photos"
  | "backup"
  | "backup-upload"
  | "busy-feeds";

/** Jobs an editor starts: never overdue, but a failure needs a person until one succeeds. */
export const EDITOR_JOBS: ReadonlySet<string> = new Set(["publish", "photos"]);

export type JobRun = typeof jobRuns.$inferSelect;

/** The error of a failed run in words without personal data, short enough for /status. */
export function jobErrorKind(error: unknown): string {
  const described = describeDatabaseError(error);
  return described.slice(0, 120);
}

/** Marks a job started (creating its row on the first run). */
export async function jobStarted(db: Db, name: JobName, at = new Date()): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: at })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastStartedAt: at } });
}

/** Records the end of a run: ok clears the error, a failure counts and keeps its kind. */
export async function jobFinished(
  db: Db,
  name: JobName,
  outcome: { ok: true } | { ok: false; error: unknown },
  at = new Date(),
): Promise<void> {
  const set = outcome.ok
    ? { lastFinishedAt: at, lastOkAt: at, lastError: null, failures: 0 }
    : {
        lastFinishedAt: at,
        lastError: jobErrorKind(outcome.error),
        failures: sql`${jobRuns.failures} + 1`,
      };
  await db
    .insert(jobRuns)
    .values({
      name,
      lastStartedAt: at,
      lastFinishedAt: at,
      lastOkAt: outcome.ok ? at : null,
      lastError: outcome.ok ? null : jobErrorKind(outcome.error),
      failures: outcome.ok ? 0 : 1,
    })
    .onConflictDoUpdate({ target: jobRuns.name, set });
}

/**
 * Forgets a job's last error without counting a success: the digest, on a check that finds
 * nothing to report, so a digest that failed once does not stay an error once there is nothing
 * left that it should have said.
 */
export async function jobErrorCleared(db: Db, name: JobName): Promise<void> {
  await db
    .update(jobRuns)
    .set({ lastError: null, failures: 0 })
    .where(and(eq(jobRuns.name, name), isNotNull(jobRuns.lastError)));
}

/**
 * Runs `fn` as one run of job `name` and records how it went. The job's own error is passed
 * on; a failure to write the record (the database being down is the usual cause, and the job
 * then failed too) is swallowed so it never hides the job's own outcome.
 */
export async function runJob<T>(db: Db, name: JobName, fn: () => Promise<T>): Promise<T> {
  await jobStarted(db, name).catch(() => {});
  try {
    const result = await fn();
    await jobFinished(db, name, { ok: true }).catch(() => {});
    return result;
  } catch (error) {
    await jobFinished(db, name, { ok: false, error }).catch(() => {});
    throw error;
  }
}

/** Every job's last run, by name. */
export async function readJobRuns(db: Db): Promise<Map<string, JobRun>> {
  const rows = await db.select().from(jobRuns);
  return new Map(rows.map((r) => [r.name, r]));
}
