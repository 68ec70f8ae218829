import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { describeDatabaseError } from "../db/errors";
import type { MailMessage, MailSend } from "../integrations/mail";
import { jobErrorCleared, jobFinished } from "./job-runs";
import type { Logger } from "./logger";
import { type JobSchedule, type StatusReport, readStatus } from "./status";

/**
 * The daily e-mail to the practice inbox on days when GET /status says "attention": the same
 * facts (counts, ages, jobs), never what visitors sent. Once per day in Lagos across every
 * process on the database: the job_runs row "digest" is claimed with a conditional upsert, and
 * only its claimant sends.
 */

/** Not before 08:00 in Lagos, so it arrives with the working day rather than at night. */
export const DIGEST_HOUR_WAT = 8;
const HOUR_MS = 60 * 60_000;
/** A claim this old without a success (a crash mid-send, a failed send) may be taken again. */
const CLAIM_STALE_MS = 15 * 60_000;

/** Lagos is UTC+1 all year (no daylight saving). */
function lagosDay(now: Date): { start: Date; hour: number } {
  const wat = new Date(now.getTime() + HOUR_MS);
  const start = Date.UTC(wat.getUTCFullYear(), wat.getUTCMonth(), wat.getUTCDate()) - HOUR_MS;
  return { start: new Date(start), hour: wat.getUTCHours() };
}

export function digestMessage(report: StatusReport, inbox: string, siteUrl: string): MailMessage {
  const lines = [
    "Good morning. The website needs a look today:",
    "",
    ...report.reasons.map((r) => `  - ${r}`),
    "",
  ];
  if (report.deliveries) {
    lines.push("Deliveries not yet delivered, by destination:");
    for (const [destination, c] of Object.entries(report.deliveries)) {
      const parts = (["pending", "sending", "held", "rejected", "dead"] as const)
        .filter((s) => c[s] > 0)
        .map((s) => `${c[s]} ${s}`);
      if (parts.length === 0) continue;
      const oldest =
        c.oldestPendingMinutes === null ? "" : `, oldest waiting ${c.oldestPendingMinutes} min`;
      lines.push(`  - ${destination}: ${parts.join(", ")}${oldest}`);
    }
    lines.push("");
  }
  for (const [name, job] of Object.entries(report.jobs)) {
    if (!job.lastError && !job.overdue) continue;
    lines.push(
      `Job ${name}: last success ${job.lastOkAt ?? "never"}` +
        (job.lastError ? `, last error: ${job.lastError}` : "") +
        (job.overdue ? " (overdue)" : ""),
    );
  }
  lines.push(
    "",
    `The live picture is at ${siteUrl}/status. Whoever looks after the website can list the ` +
      "waiting deliveries with `npm run deliveries`, and send refused ones again after fixing " +
      "the settings with `npm run deliveries -- --retry rejected` (or `--retry dead`).",
    "",
    "This e-mail comes once a day, only on days when something needs attention.",
  );
  return {
    to: inbox,
    subject: `Website needs attention: ${report.reasons[0] ?? "see details"}`,
    text: lines.join("\n"),
  };
}

export type DigestOutcome = "too-early" | "all-ok" | "already-sent" | "sent" | "failed";

/** Sends today's digest if something needs attention and no process has sent it yet today. */
export async function sendDigestIfDue(
  db: Db,
  options: {
    send: MailSend;
    inbox: string;
    siteUrl: string;
    jobs: JobSchedule[];
    processStartedAt: Date;
    now?: Date;
    /** settings that cannot work (a backup key that is not one), as /status names them */
    settingsProblems?: readonly string[];
  },
): Promise<DigestOutcome> {
  const now = options.now ?? new Date();
  const day = lagosDay(now);
  if (day.hour < DIGEST_HOUR_WAT) return "too-early";
  const report = await readStatus(db, { ...options, now });
  // A failed digest is itself a reason; it must not be the only reason to send one.
  const reasons = report.reasons.filter((r) => !r.startsWith("digest "));
  if (reasons.length === 0) {
    // Nothing to report: an earlier failed digest has nothing left unsaid.
    await jobErrorCleared(db, "digest");
    return "all-ok";
  }
  const at = now.toISOString();
  const claimed = (await db.execute(sql`
    insert into job_runs (name, last_started_at) values ('digest', ${at}::timestamptz)
    on conflict (name) do update set last_started_at = excluded.last_started_at
     where (job_runs.last_ok_at is null or job_runs.last_ok_at < ${day.start.toISOString()}::timestamptz)
       and (job_runs.last_started_at is null
            or job_runs.last_started_at < ${at}::timestamptz - ${CLAIM_STALE_MS}::int * interval '1 millisecond')
    returning name`)) as unknown as { rows: unknown[] };
  if (claimed.rows.length === 0) return "already-sent";
  const result = await options.send(
    digestMessage({ ...report, reasons }, options.inbox, options.siteUrl),
  );
  if (result.outcome === "delivered") {
    await jobFinished(db, "digest", { ok: true }, now);
    return "sent";
  }
  await jobFinished(db, "digest", { ok: false, error: new Error(result.error) }, now);
  return "failed";
}

/** Checks a few minutes after start and then every hour; returns a stop function. */
export function startDigest(
  db: Db,
  options: Omit<Parameters<typeof sendDigestIfDue>[1], "now"> & { logger: Logger },
) {
  const { logger } = options;
  const check = () =>
    sendDigestIfDue(db, options)
      .then((outcome) => {
        if (outcome === "sent") logger.info("attention digest sent to the practice inbox");
        if (outcome === "failed") logger.warn("attention digest could not be sent");
      })
      .catch((error: unknown) =>
        logger.error({ err: describeDatabaseError(error) }, "attention digest check failed"),
      );
  const first = setTimeout(check, 2 * 60_000);
  const hourly = setInterval(check, HOUR_MS);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
