import type { Config } from "../../config";
import type { S3Target } from "../../integrations/s3";
import { ageRecipientProblem } from "./age";

/** What the backup job needs to know (docs/decisions/034). */
export interface BackupSettings {
  dir: string;
  /** "HH:MM", Lagos time */
  time: string;
  keepDays: number;
  /** the age public key every backup is encrypted for, when set */
  ageRecipient?: string;
  /** where each verified backup is copied off the server, when set */
  s3?: S3Target;
  /**
   * why no backup may be written: BACKUP_AGE_RECIPIENT is set but unusable. The practice asked
   * for encrypted backups, so none is written in the clear instead.
   */
  refused?: string;
}

/**
 * The backup settings as the job uses them, and what is wrong with them, in words for the log,
 * /status and /admin/backups. A wrong setting does not stop the site (its visitors' forms matter
 * more than tonight's backup); it is named wherever someone looks until it is fixed.
 */
export function backupSettings(backup: Config["backup"]): {
  settings: BackupSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const settings: BackupSettings = {
    dir: backup.dir,
    time: backup.time,
    keepDays: backup.keepDays,
  };
  if (backup.ageRecipient !== undefined) {
    const problem = ageRecipientProblem(backup.ageRecipient);
    if (problem) {
      settings.refused = `${problem}: no backup is written until it is fixed`;
      problems.push(settings.refused);
    } else settings.ageRecipient = backup.ageRecipient;
  }
  const s3 = s3Target(backup.s3);
  if (typeof s3 === "string") problems.push(s3);
  else settings.s3 = s3;
  return { settings, problems };
}

/**
 * BACKUP_S3_URL with its key id and secret, or what is missing. The key may also be written into
 * the URL (`https://KEY_ID:SECRET@host/bucket/prefix`, as docs/configuration.md allows).
 */
function s3Target(s3: Config["backup"]["s3"]): S3Target | string | undefined {
  const offServer = "backups stay on this server only";
  if (s3.url === undefined) {
    return s3.keyId !== undefined || s3.secret !== undefined
      ? `BACKUP_S3_KEY_ID or BACKUP_S3_SECRET is set but BACKUP_S3_URL is not: ${offServer}`
      : undefined;
  }
  let url: URL;
  try {
    url = new URL(s3.url);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http");
  } catch {
    return `BACKUP_S3_URL is not an https:// URL (https://HOST/BUCKET/FOLDER): ${offServer}`;
  }
  const keyId = s3.keyId ?? (url.username ? decodeURIComponent(url.username) : undefined);
  const secret = s3.secret ?? (url.password ? decodeURIComponent(url.password) : undefined);
  url.username = "";
  url.password = "";
  if (!keyId || !secret) {
    return `BACKUP_S3_URL is set but BACKUP_S3_KEY_ID and BACKUP_S3_SECRET are not: ${offServer}`;
  }
  return { url: url.toString().replace(/\/+$/, ""), keyId, secret, region: s3.region };
}
