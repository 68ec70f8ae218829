import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { putFile, S3UploadError } from "../../integrations/s3";
import { jobFinished } from "../job-runs";
import { type BackupRecord, listBackups, writeRecord } from "./records";
import type { BackupSettings } from "./settings";

/**
 * The copy of each verified backup off the server (BACKUP_S3_URL, docs/decisions/034). A failed
 * upload is tried again by the backup job, waiting longer each time; every attempt is recorded
 * as the `backup-upload` job, so /status says "attention" from the first failure until an upload
 * goes through.
 */

const MINUTE_MS = 60_000;
/** The longest wait between tries: an hour, so a storage back after an outage is used soon. */
const MAX_WAIT_MS = 60 * MINUTE_MS;

/**
 * A new backup's upload is tried at once by the job that made it; until then its record asks the
 * minute check to leave it alone for this long (so a slow upload is never sent twice at once),
 * and the check takes it up only if that first try never finished (the process stopped).
 */
export const FIRST_UPLOAD_MS = MAX_WAIT_MS;

/** How long to wait after the `attempts`-th failure: 1, 2, 4, … minutes, at most an hour. */
export function uploadRetryDelayMs(attempts: number): number {
  return Math.min(MAX_WAIT_MS, MINUTE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Where the backups say what they did (the site's log); the tests pass their own. */
export type BackupLog = Pick<Logger, "info" | "warn" | "error">;

/**
 * One try at uploading `record`'s file; its record says how it went, and so does the log (a
 * failure with when it is tried again, a later try with its number). Never throws.
 */
export async function uploadBackup(
  db: Db,
  settings: BackupSettings,
  record: BackupRecord,
  now = new Date(),
  log?: BackupLog,
): Promise<BackupRecord> {
  if (!settings.s3 || record.uploadedAt) return record;
  let next: BackupRecord;
  try {
    if (!record.sha256) throw new S3UploadError("the backup has no checksum to upload it with");
    await putFile(settings.s3, record.name, path.join(settings.dir, record.name), {
      bytes: record.bytes,
      sha256: record.sha256,
    });
    next = {
      ...record,
      uploadedAt: new Date().toISOString(),
      uploadAttempts: 0,
      nextUploadAt: null,
      uploadError: null,
    };
    log?.info(
      { backup: record.name, bytes: record.bytes, attempt: (record.uploadAttempts ?? 0) + 1 },
      "backup copied off the server",
    );
    await jobFinished(db, "backup-upload", { ok: true }).catch(() => {});
  } catch (error) {
    const attempts = (record.uploadAttempts ?? 0) + 1;
    const reason = error instanceof S3UploadError ? error.message : "the upload failed";
    next = {
      ...record,
      uploadAttempts: attempts,
      nextUploadAt: new Date(now.getTime() + uploadRetryDelayMs(attempts)).toISOString(),
      uploadError: reason,
    };
    log?.warn(
      { backup: record.name, attempt: attempts, reason, retryAt: next.nextUploadAt },
      "backup upload failed: it is tried again later",
    );
    // job_runs is what the public /status shows: the storage's host stays in the record.
    const publicReason = error instanceof S3UploadError ? error.withoutHost : reason;
    await jobFinished(db, "backup-upload", {
      ok: false,
      error: new S3UploadError(publicReason),
    }).catch(() => {});
  }
  writeRecord(settings.dir, next);
  return next;
}

/** Tries again every backup in BACKUP_DIR not yet uploaded whose wait is over, oldest first. */
export async function uploadDueBackups(
  db: Db,
  settings: BackupSettings,
  now = new Date(),
  log?: BackupLog,
) {
  if (!settings.s3) return [];
  const due = listBackups(settings.dir)
    .filter((r) => !r.uploadedAt && (!r.nextUploadAt || new Date(r.nextUploadAt) <= now))
    .reverse();
  const results: BackupRecord[] = [];
  for (const record of due) results.push(await uploadBackup(db, settings, record, now, log));
  return results;
}
