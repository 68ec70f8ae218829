import { randomUUID } from "node:crypto";
import { linkSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { jobErrorKind, jobFinished } from "../job-runs";
import { writeCheckedBackup } from "./checked-backup";
import { BackupError } from "./format";
import { type BackupRecord, backupName, listBackups, writeRecord } from "./records";
import type { BackupSettings } from "./settings";
import { type BackupLog, FIRST_UPLOAD_MS, uploadBackup, uploadDueBackups } from "./upload";

export { type BackupRecord, backupName, listBackups } from "./records";
export type { BackupSettings } from "./settings";

/**
 * The site's own daily backup (docs/decisions/034): at BACKUP_TIME (WAT) one instance writes a
 * backup into BACKUP_DIR, in the format of `npm run backup` (encrypted with age when
 * BACKUP_AGE_RECIPIENT is set), checks every table's row count and the file on the disk before it
 * gets its name, copies it off the server when BACKUP_S3_URL is set, and removes those older than
 * BACKUP_KEEP_DAYS.
 */

const WAT_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** /status: a verified backup at least every 26 hours (a day, and two hours' grace). */
export const BACKUP_INTERVAL_MS = DAY_MS;
export const BACKUP_GRACE_MS = 2 * 60 * 60_000;
/** A failed day's backup is tried again after this long, until the next day's slot. */
const RETRY_MS = 60 * 60_000;
/** How often the site looks whether the day's backup is due. */
const CHECK_MS = 60_000;
/** The latest BACKUP_TIME slot (Lagos time, UTC+1 all year) at or before `now`. */
export function backupSlot(now: Date, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const wat = new Date(now.getTime() + WAT_OFFSET_MS);
  const slot =
    Date.UTC(wat.getUTCFullYear(), wat.getUTCMonth(), wat.getUTCDate(), hours, minutes) -
    WAT_OFFSET_MS;
  return new Date(slot > now.getTime() ? slot - DAY_MS : slot);
}

/**
 * Claims the day's backup for this instance. The `backup` row of job_runs is updated only while
 * its last start is before the slot (or, after a failure, an hour old): Postgres lets exactly one
 * of several instances change it. A site's first start only makes the row, so a fresh site waits
 * for its first BACKUP_TIME rather than backing up an empty database at once.
 */
export async function claimScheduledBackup(db: Db, slot: Date, now = new Date()): Promise<boolean> {
  await db.execute(
    sql`insert into job_runs (name, last_started_at, failures) values ('backup', ${now}, 0)
        on conflict (name) do nothing`,
  );
  const claimed = (await db.execute(
    sql`update job_runs set last_started_at = ${now}
        where name = 'backup'
          and (last_started_at is null or last_started_at < ${slot}
               or (coalesce(last_ok_at, 'epoch'::timestamptz) < ${slot}
                   and last_started_at < ${new Date(now.getTime() - RETRY_MS)}))
        returning name`,
  )) as unknown as { rows: unknown[] };
  return claimed.rows.length === 1;
}

/**
 * Writes one backup into `dir` under a hidden name of its own, checks it (checked-backup.ts), then
 * gives it its name and record: a file under a backup's name has always been verified. The name is
 * given by a hard link, which fails rather than replace a file already there (a rename would
 * replace it silently). With BACKUP_AGE_RECIPIENT set but unusable it writes nothing: never a
 * backup in the clear instead.
 */
export async function makeBackup(database: Database, settings: BackupSettings, now = new Date()) {
  if (settings.refused) throw new BackupError(settings.refused);
  const { dir } = settings;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const encrypted = settings.ageRecipient !== undefined;
  // Two backups written at once each have their own hidden file (opened with exclusive create).
  const temp = path.join(dir, `.backup-${randomUUID()}.tmp`);
  try {
    const { verified, bytes, sha256 } = await writeCheckedBackup(database, temp, {
      recipient: settings.ageRecipient,
      live: true,
    });
    const name = backupName(now, sha256, encrypted);
    try {
      linkSync(temp, path.join(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      throw new BackupError("a backup of the same name is there already: it was left as it is");
    }
    const record: BackupRecord = {
      name,
      createdAt: now.toISOString(),
      bytes,
      verified,
      encrypted,
      sha256,
      uploadedAt: null,
      nextUploadAt: settings.s3 ? new Date(Date.now() + FIRST_UPLOAD_MS).toISOString() : null,
    };
    writeRecord(dir, record);
    return record;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Removes backups (and their records) taken more than `keepDays` days before `now`. */
export function pruneBackups(dir: string, keepDays: number, now = new Date()): number {
  let removed = 0;
  for (const record of listBackups(dir)) {
    if (now.getTime() - new Date(record.createdAt).getTime() <= keepDays * DAY_MS) continue;
    rmSync(path.join(dir, record.name), { force: true });
    rmSync(path.join(dir, `${record.name}.json`), { force: true });
    removed++;
  }
  return removed;
}

/**
 * One run of the backup job, recorded in job_runs for /status; the backup's record says whether
 * its upload went through.
 */
export async function runBackupJob(
  database: Database,
  settings: BackupSettings,
  now = new Date(),
  log?: BackupLog,
) {
  try {
    const record = await makeBackup(database, settings, now);
    pruneBackups(settings.dir, settings.keepDays, now);
    await jobFinished(database.db, "backup", { ok: true }).catch(() => {});
    // The copy off the server is tried at once; a failure is recorded and tried again later.
    return await uploadBackup(database.db, settings, record, undefined, log);
  } catch (error) {
    await jobFinished(database.db, "backup", { ok: false, error }).catch(() => {});
    throw error;
  }
}

/**
 * Looks every minute whether the day's backup is due and this instance should write it. A look
 * that could not reach the database (a busy Postgres at start) says so as a warning: no backup
 * was due, none failed.
 */
export function startBackups(database: Database, settings: BackupSettings, logger: BackupLog) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      let due: boolean;
      try {
        await uploadDueBackups(database.db, settings, now, logger);
        due = await claimScheduledBackup(database.db, backupSlot(now, settings.time), now);
      } catch (error) {
        logger.warn(
          { err: jobErrorKind(error) },
          "could not look whether the daily backup is due: looking again in a minute",
        );
        return;
      }
      if (!due) return;
      const record = await runBackupJob(database, settings, now, logger);
      logger.info(
        {
          backup: record.name,
          bytes: record.bytes,
          encrypted: record.encrypted,
          uploaded: record.uploadedAt !== null,
        },
        "daily backup written and verified",
      );
    } catch (error) {
      // Only the kind of error: a database error can quote the row it was reading.
      logger.error({ err: jobErrorKind(error) }, "daily backup failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  void check();
  return () => clearInterval(timer);
}
