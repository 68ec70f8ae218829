import {
  createReadStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Db } from "../db/client";
import { jobErrorKind, jobFinished } from "../job-runs";
import { BACKUP_TABLES } from "./format";
import { type BackupCounts, writeBackup } from "./write-backup";

/**
 * The site's own daily backup (docs/decisions/034): at BACKUP_TIME (WAT) one instance writes a
 * backup into BACKUP_DIR, in the format of `npm run backup`, reads it back and checks every
 * table's row count before it gets its name, and removes those older than BACKUP_KEEP_DAYS.
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
const NAME = /^kindred-hearts-(\d{4}-\d{2}-\d{2})-(\d{4})\.jsonl\.gz$/;

export interface BackupSettings {
  dir: string;
  /** "HH:MM", Lagos time */
  time: string;
  keepDays: number;
}

/** What the folder knows of one backup, kept beside it as NAME.json. */
export interface BackupRecord {
  name: string;
  createdAt: string;
  bytes: number;
  /** every table's rows, counted again in the file before it got its name */
  verified: BackupCounts;
  encrypted: boolean;
  uploadedAt: string | null;
}

/** The latest BACKUP_TIME slot (Lagos time, UTC+1 all year) at or before `now`. */
export function backupSlot(now: Date, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const wat = new Date(now.getTime() + WAT_OFFSET_MS);
  const slot =
    Date.UTC(wat.getUTCFullYear(), wat.getUTCMonth(), wat.getUTCDate(), hours, minutes) -
    WAT_OFFSET_MS;
  return new Date(slot > now.getTime() ? slot - DAY_MS : slot);
}

/** A backup's file name: the Lagos date and time it was taken. */
export function backupName(at: Date): string {
  const wat = new Date(at.getTime() + WAT_OFFSET_MS).toISOString();
  return `kindred-hearts-${wat.slice(0, 10)}-${wat.slice(11, 13)}${wat.slice(14, 16)}.jsonl.gz`;
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

/** Reads `file` back and counts each table's rows: the backup counts only if they all match. */
export async function verifyBackupFile(
  file: string,
  expected: BackupCounts,
): Promise<BackupCounts> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  const found: BackupCounts = {};
  let current: string | undefined;
  let left = 0;
  let ended = false;
  let first = true;
  for await (const line of lines) {
    if (first) {
      first = false;
      continue;
    }
    if (left > 0) {
      left--;
      found[current!]!++;
      continue;
    }
    const parsed = JSON.parse(line) as { table?: string; rows?: number; end?: boolean };
    if (parsed.end) {
      ended = true;
      break;
    }
    current = parsed.table!;
    found[current] = 0;
    left = parsed.rows ?? 0;
  }
  const tables = BACKUP_TABLES.map((t) => t.name);
  const ok =
    ended &&
    left === 0 &&
    tables.every((t) => found[t] === expected[t]) &&
    Object.keys(found).length === tables.length;
  if (!ok) throw new Error("the backup read back does not hold the rows written");
  return found;
}

/** The backups in `dir`, newest first, as their records say. */
export function listBackups(dir: string): BackupRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const records: BackupRecord[] = [];
  for (const name of names) {
    if (!NAME.test(name)) continue;
    try {
      records.push(
        JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8")) as BackupRecord,
      );
    } catch {
      // A file without its record was not verified by this site (copied in by hand): not listed.
    }
  }
  return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Writes one backup into `dir` under a hidden name, reads it back, then gives it its name and
 * record: a file under a backup's name has always been verified.
 */
export async function makeBackup(database: Database, dir: string, now = new Date()) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = backupName(now);
  const temp = path.join(dir, `.${name}.tmp`);
  try {
    const counts = await writeBackup(database, temp, { live: true });
    const verified = await verifyBackupFile(temp, counts);
    const file = path.join(dir, name);
    renameSync(temp, file);
    const record: BackupRecord = {
      name,
      createdAt: now.toISOString(),
      bytes: statSync(file).size,
      verified,
      encrypted: false,
      uploadedAt: null,
    };
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(record), { mode: 0o600 });
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

/** One run of the backup job, recorded in job_runs for /status. */
export async function runBackupJob(database: Database, settings: BackupSettings, now = new Date()) {
  try {
    const record = await makeBackup(database, settings.dir, now);
    pruneBackups(settings.dir, settings.keepDays, now);
    await jobFinished(database.db, "backup", { ok: true }).catch(() => {});
    return record;
  } catch (error) {
    await jobFinished(database.db, "backup", { ok: false, error }).catch(() => {});
    throw error;
  }
}

/** Looks every minute whether the day's backup is due and this instance should write it. */
export function startBackups(database: Database, settings: BackupSettings, logger: Logger) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      if (!(await claimScheduledBackup(database.db, backupSlot(now, settings.time), now))) return;
      const record = await runBackupJob(database, settings, now);
      logger.info(
        { backup: record.name, bytes: record.bytes },
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
