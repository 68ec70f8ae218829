import { type SQL, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Db } from "../db/client";
import { describeDatabaseError } from "../db/errors";
import { DELIVERY_FAMILIES, type DeliveryFamily, deliveries } from "../db/schema";
import { type JobName, readJobRuns, EDITOR_JOBS } from "./job-runs";
import type { Logger } from "./logger";

/**
 * What GET /status tells an uptime monitor and the daily digest (docs/decisions/020): "ok", or
 * "attention" with short reasons, from counts and ages only, never from what visitors sent.
 */

/** Counted by family: every reminder of every booking is one "booking-reminder" line. */
export type Destination = DeliveryFamily;
export type DeliveryStatus = (typeof deliveries.$inferSelect)["status"];

const STATUSES: DeliveryStatus[] = [
  "pending",
  "sending",
  "held",
  "delivered",
  "rejected",
  "dead",
  "skipped",
];

/** A delivery waiting longer than this needs a person: a channel is down or misconfigured. */
export const WAITING_TOO_LONG_MS = 60 * 60_000;
/**
 * A rejected or given-up delivery counts for this many days after it was queued, or until
 * `npm run deliveries -- --retry` puts it back in the queue; it stays listed by that command.
 */
export const FAILED_RECENT_DAYS = 7;

export interface JobSchedule {
  name: JobName;
  /** how often the job runs */
  intervalMs: number;
  /** how long after the process starts the first run comes */
  firstRunMs: number;
  /** how late a run may be beyond its interval, when the default grace does not fit */
  graceMs?: number;
}

export type DestinationCounts = Record<DeliveryStatus, number> & {
  /** minutes the oldest pending or sending delivery has waited; null when none waits */
  oldestPendingMinutes: number | null;
};

export interface JobState {
  lastOkAt: string | null;
  /** the kind of the last run's error; null when it succeeded */
  lastError: string | null;
  failures: number;
  /** the job has not succeeded within its interval (and a grace) */
  overdue: boolean;
  /**
   * whether this process runs the job; one that no longer does (reconciliation once Paystack is
   * removed) keeps its record here but is never a reason for attention
   */
  scheduled: boolean;
}

export interface StatusReport {
  status: "ok" | "attention";
  reasons: string[];
  checkedAt: string;
  database: "up" | "down";
  deliveries: Record<Destination, DestinationCounts> | null;
  held: number;
  jobs: Record<string, JobState>;
}

/** How late a job may be before it is overdue: its interval plus a grace for slow starts. */
export function overdueAfterMs(job: JobSchedule): number {
  return (
    job.intervalMs + (job.graceMs ?? Math.max(job.firstRunMs, 5 * 60_000, job.intervalMs / 10))
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Reads the facts and judges them. Throws when the database does not answer. */
export async function readStatus(
  db: Db,
  options: {
    jobs: JobSchedule[];
    processStartedAt: Date;
    now?: Date;
    /** settings that cannot work (a backup key that is not one), named until fixed */
    settingsProblems?: readonly string[];
  },
): Promise<StatusReport> {
  const now = options.now ?? new Date();
  const at: SQL = sql`${now.toISOString()}::timestamptz`;
  // One grouped pass over the outbox, which retention keeps small.
  const result = (await db.execute(sql`
    select split_part(destination, ':', 1) as family, status, count(*)::int as n,
           floor(extract(epoch from (${at} - min(created_at))) / 60)::int as oldest_minutes,
           count(*) filter (
             where created_at < ${at} - ${WAITING_TOO_LONG_MS}::int * interval '1 millisecond'
           )::int as waiting_long,
           count(*) filter (
             where created_at >= ${at} - ${FAILED_RECENT_DAYS}::int * interval '1 day'
           )::int as recent
      from ${deliveries}
     -- a booking's reminder counts as queued at its time (server/bookings/mails/queue.ts)
     where created_at <= ${at}
     group by family, status`)) as unknown as {
    rows: {
      family: Destination;
      status: DeliveryStatus;
      n: number;
      oldest_minutes: number | null;
      waiting_long: number;
      recent: number;
    }[];
  };
  const counts = Object.fromEntries(
    DELIVERY_FAMILIES.map((d) => [
      d,
      {
        ...(Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>),
        oldestPendingMinutes: null,
      },
    ]),
  ) as Record<Destination, DestinationCounts>;
  let waitingLong = 0;
  let held = 0;
  const failed: Record<"rejected" | "dead", number> = { rejected: 0, dead: 0 };
  for (const row of result.rows) {
    const c = counts[row.family];
    if (!c) continue;
    const n = Number(row.n);
    c[row.status] = n;
    if (row.status === "pending" || row.status === "sending") {
      const minutes = Math.max(0, Number(row.oldest_minutes ?? 0));
      c.oldestPendingMinutes = Math.max(c.oldestPendingMinutes ?? 0, minutes);
      waitingLong += Number(row.waiting_long);
    }
    if (row.status === "held") held += n;
    if (row.status === "rejected" || row.status === "dead")
      failed[row.status] += Number(row.recent);
  }

  const reasons: string[] = [...(options.settingsProblems ?? [])];
  if (waitingLong > 0) {
    reasons.push(`${plural(waitingLong, "delivery", "deliveries")} waiting over 1 h`);
  }
  if (failed.rejected > 0) {
    reasons.push(
      `${plural(failed.rejected, "delivery", "deliveries")} rejected in the last ${FAILED_RECENT_DAYS} days`,
    );
  }
  if (failed.dead > 0) {
    reasons.push(
      `${plural(failed.dead, "delivery", "deliveries")} given up in the last ${FAILED_RECENT_DAYS} days`,
    );
  }
  if (held > 0) reasons.push(`${plural(held, "delivery", "deliveries")} held for review`);

  const runs = await readJobRuns(db);
  const jobs: Record<string, JobState> = {};
  const schedules = new Map(options.jobs.map((j) => [j.name as string, j]));
  let digestFailed: string | undefined;
  for (const name of new Set([...schedules.keys(), ...runs.keys()])) {
    const run = runs.get(name);
    const schedule = schedules.get(name);
    const lastOk = run?.lastOkAt ? new Date(run.lastOkAt) : undefined;
    // A job counts from its last success, or from this process's start if that is later: a
    // restart gives it one interval to run again.
    const since = Math.max(lastOk?.getTime() ?? 0, options.processStartedAt.getTime());
    const overdue = schedule ? now.getTime() - since > overdueAfterMs(schedule) : false;
    // The digest runs on no fixed interval (it sends only on days that need it).
    const scheduled = schedule !== undefined || name === "digest" || EDITOR_JOBS.has(name);
    jobs[name] = {
      lastOkAt: lastOk?.toISOString() ?? null,
      lastError: run?.lastError ?? null,
      failures: run?.failures ?? 0,
      overdue,
      scheduled,
    };
    if (!scheduled) continue;
    const failedAt = run?.lastError
      ? `${name} failed at ${run.lastFinishedAt ? new Date(run.lastFinishedAt).toISOString() : "last run"}`
      : undefined;
    if (name === "digest") digestFailed = failedAt;
    else if (failedAt) reasons.push(failedAt);
    else if (overdue) {
      reasons.push(
        lastOk ? `${name} has not run since ${lastOk.toISOString()}` : `${name} has not run yet`,
      );
    }
  }
  // A digest that failed matters while what it was to report still stands: the practice was not
  // told. Alone it would keep the monitor at "attention" for ever, since a digest is sent only
  // when something else needs attention, so no later success would clear it.
  if (digestFailed && reasons.length > 0) reasons.push(digestFailed);

  return {
    status: reasons.length ? "attention" : "ok",
    reasons,
    checkedAt: now.toISOString(),
    database: "up",
    deliveries: counts,
    held,
    jobs,
  };
}

/** The answer when the database does not answer at all. */
export function databaseDownReport(now = new Date()): StatusReport {
  return {
    status: "attention",
    reasons: ["database unreachable"],
    checkedAt: now.toISOString(),
    database: "down",
    deliveries: null,
    held: 0,
    jobs: {},
  };
}

/** How long one answer of GET /status is reused, so the address cannot be used to load the DB. */
export const STATUS_CACHE_MS = 5_000;

/**
 * GET /status: always 200 (the monitor reads `status`, so a full outbox is not mistaken for a
 * down site), never cached by anyone else, worked out at most once per STATUS_CACHE_MS however
 * many ask.
 */
export function statusEndpoint(
  db: Db,
  options: {
    jobs: JobSchedule[];
    processStartedAt: Date;
    logger: Logger;
    settingsProblems?: readonly string[];
  },
): RequestHandler {
  let cached: { at: number; report: Promise<StatusReport> } | undefined;
  const compute = () =>
    readStatus(db, options).catch((error: unknown) => {
      options.logger.warn({ err: describeDatabaseError(error) }, "status check failed");
      return databaseDownReport();
    });
  return async (_req, res) => {
    if (!cached || Date.now() - cached.at > STATUS_CACHE_MS) {
      cached = { at: Date.now(), report: compute() };
    }
    const report = await cached.report;
    res.set("Cache-Control", "no-store");
    res.status(200).json(report);
  };
}
