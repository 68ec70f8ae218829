import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BackupCounts } from "./write-backup";

/**
 * What BACKUP_DIR knows of each backup: the file, and its record beside it as NAME.json
 * (docs/decisions/034). A file without its record was not verified by this site and is not listed.
 */

const WAT_OFFSET_MS = 60 * 60_000;
/** Before 2026-11-28 a name had no checksum part: two backups in one minute shared it. */
const NAME = /^kindred-hearts-(\d{4}-\d{2}-\d{2})-(\d{4})(-[0-9a-f]{8})?\.jsonl\.gz(\.age)?$/;

export interface BackupRecord {
  name: string;
  createdAt: string;
  bytes: number;
  /** every table's rows, counted again as the file was written, before it got its name */
  verified: BackupCounts;
  /** encrypted with age for BACKUP_AGE_RECIPIENT: the site cannot read it back */
  encrypted: boolean;
  /** the file's SHA-256 (hex), read back from the disk before it got its name; signed on upload */
  sha256?: string;
  /** when the copy off the server (BACKUP_S3_URL) went through */
  uploadedAt: string | null;
  /** uploads tried and failed since; the next waits longer (upload.ts) */
  uploadAttempts?: number;
  /** when the job tries the upload again */
  nextUploadAt?: string | null;
  /** why the last upload failed, without secrets */
  uploadError?: string | null;
}

/**
 * A backup's file name: the Lagos date and time it was taken, then the first 8 hex digits of its
 * SHA-256, `.age` when encrypted. The checksum makes the name the file's own: two backups in the
 * same minute (two presses of "Back up now", two instances) never share one, so neither replaces
 * the other on the disk, in its record, or in the storage off the server (issue 41).
 */
export function backupName(at: Date, sha256: string, encrypted = false): string {
  const wat = new Date(at.getTime() + WAT_OFFSET_MS).toISOString();
  return (
    `kindred-hearts-${wat.slice(0, 10)}-${wat.slice(11, 13)}${wat.slice(14, 16)}-` +
    `${sha256.slice(0, 8)}.jsonl.gz${encrypted ? ".age" : ""}`
  );
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

/** Writes a backup's record, whole or not at all (a reader never sees half of it). */
export function writeRecord(dir: string, record: BackupRecord) {
  const file = path.join(dir, `${record.name}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(record), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
