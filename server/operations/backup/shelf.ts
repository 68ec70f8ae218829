import { createReadStream, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { BackupEntry, BackupShelf } from "../../../app/lib/services/backups";
import type { Database } from "../../db/client";
import { contentAudit } from "../../db/schema";
import { jobErrorKind } from "../job-runs";
import { type BackupRecord, listBackups, runBackupJob } from "./scheduled";
import type { BackupSettings } from "./settings";
import type { BackupLog } from "./upload";

function entry(record: BackupRecord, settings: BackupSettings): BackupEntry {
  return {
    name: record.name,
    createdAt: record.createdAt,
    bytes: record.bytes,
    verified: Object.keys(record.verified).length > 0,
    encrypted: record.encrypted,
    uploaded: record.uploadedAt !== null,
    uploadWaiting:
      settings.s3 !== undefined && record.uploadedAt === null && (record.uploadAttempts ?? 0) > 0,
  };
}

/**
 * /admin/backups' view of BACKUP_DIR (docs/decisions/034): the verified backups, one made on
 * request, and a file handed over. A backup made or downloaded is written to the audit list
 * with the file's name, never anything inside it.
 */
export function createBackupShelf(
  database: Database,
  { settings, problems }: { settings: BackupSettings; problems: string[] },
  log?: BackupLog,
): BackupShelf {
  const audit = (editor: string, action: string, detail: string) =>
    database.db.insert(contentAudit).values({ editor, action, detail });
  let running: Promise<BackupRecord> | undefined;
  return {
    setup: () => ({
      encrypted: settings.ageRecipient !== undefined,
      offServer: settings.s3 !== undefined,
      refused: settings.refused !== undefined,
      problems,
    }),
    async removeUnencrypted(name, by) {
      if (settings.ageRecipient === undefined) return false;
      const record = listBackups(settings.dir).find((r) => r.name === name && !r.encrypted);
      if (!record) return false;
      // The record first: a backup without its record is no longer listed, whatever happens next.
      rmSync(path.join(settings.dir, `${record.name}.json`), { force: true });
      rmSync(path.join(settings.dir, record.name), { force: true });
      await audit(by, "delete-backup", record.name);
      return true;
    },
    async list() {
      return listBackups(settings.dir).map((r) => entry(r, settings));
    },
    async backUpNow(by) {
      if (settings.refused) return { ok: false, refused: settings.refused };
      // Two presses (or two readers) at once make one backup, not two.
      running ??= runBackupJob(database, settings, undefined, log).then(
        (record) => {
          // Who pressed it is in the audit list; the log names no one.
          log?.info(
            {
              backup: record.name,
              bytes: record.bytes,
              encrypted: record.encrypted,
              uploaded: record.uploadedAt !== null,
            },
            "backup written and verified (Back up now)",
          );
          return record;
        },
        (error: unknown) => {
          log?.error({ err: jobErrorKind(error) }, "backup failed (Back up now)");
          throw error;
        },
      );
      const made = running;
      void made
        .finally(() => {
          if (running === made) running = undefined;
        })
        .catch(() => {});
      try {
        const record = await made;
        await audit(by, "backup", record.name);
        return { ok: true, entry: entry(record, settings) };
      } catch {
        return { ok: false };
      }
    },
    async open(name, by) {
      const record = listBackups(settings.dir).find((r) => r.name === name);
      if (!record) return undefined;
      const file = path.join(settings.dir, record.name);
      const bytes = statSync(file).size;
      await audit(by, "download-backup", record.name);
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        bytes,
      };
    },
  };
}
