/** The site's own backups, for /admin/backups (server/backup/shelf.ts). */

/** One backup in BACKUP_DIR as /admin/backups lists it. */
export interface BackupEntry {
  name: string;
  createdAt: string;
  bytes: number;
  /** read back and every table's rows counted before it got its name */
  verified: boolean;
  /** encrypted with age: it downloads encrypted, and only the practice's key opens it */
  encrypted: boolean;
  /** copied to the storage off the server (BACKUP_S3_URL) */
  uploaded: boolean;
  /** a copy off the server is set up, and this one's upload failed and waits for another try */
  uploadWaiting: boolean;
}

/** How the backups are set up, for /admin/backups to say (docs/decisions/034). */
export interface BackupSetup {
  /** BACKUP_AGE_RECIPIENT is set and is an age public key */
  encrypted: boolean;
  /** BACKUP_S3_URL is set, with its key */
  offServer: boolean;
  /** BACKUP_AGE_RECIPIENT is set but is not an age public key: no backup is written */
  refused: boolean;
  /** settings that cannot work, in words (never their values) */
  problems: string[];
}

export interface BackupShelf {
  setup(): BackupSetup;
  /** newest first */
  list(): Promise<BackupEntry[]>;
  /**
   * writes, verifies, uploads (when set up) and lists a backup now; the audit list names who
   * asked. `refused` says why none may be written (a backup key setting that is not a key).
   */
  backUpNow(
    by: string,
  ): Promise<{ ok: true; entry: BackupEntry } | { ok: false; refused?: string }>;
  /**
   * deletes a listed backup that is not encrypted while backups now are (made before the key was
   * set), with its record, and writes it to the audit list; false when there is no such backup
   */
  removeUnencrypted(name: string, by: string): Promise<boolean>;
  /** the file of a listed backup, for download (written to the audit list), or undefined */
  open(
    name: string,
    by: string,
  ): Promise<{ body: ReadableStream<Uint8Array>; bytes: number } | undefined>;
}
