import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isAgeFile } from "../../server/operations/backup/age";
import { listBackups, runBackupJob } from "../../server/operations/backup/scheduled";
import { backupSettings } from "../../server/operations/backup/settings";
import { createBackupShelf } from "../../server/operations/backup/shelf";
import { uploadDueBackups, uploadRetryDelayMs } from "../../server/operations/backup/upload";
import type { Database } from "../../server/db/client";
import { submissions } from "../../server/db/schema";
import { readJobRuns } from "../../server/operations/job-runs";
import { BACKUP_GRACE_MS, BACKUP_INTERVAL_MS } from "../../server/operations/backup/scheduled";
import { readStatus } from "../../server/operations/status";
import { openTempPglite } from "../support/databases";
import { startS3 } from "../support/s3";

/**
 * The copy of each backup off the server (issue 30, docs/decisions/034), against a real
 * S3-compatible server (s3rver): uploaded once verified, tried again with a growing wait while the
 * storage is down, and named in /status until it goes through.
 */

vi.setConfig({ testTimeout: 180_000 });
const work = mkdtempSync(path.join(tmpdir(), "site-backup-s3-"));
let s3: Awaited<ReturnType<typeof startS3>>;
let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  s3 = await startS3();
  ({ database, cleanup } = await openTempPglite("site-backup-s3-db-")());
  await database.db
    .insert(submissions)
    .values({ kind: "contact", payload: { name: "Ada Offsite", email: "ada@example.com" } });
});
afterAll(async () => {
  await database?.close();
  await cleanup?.();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

const uploadJob = {
  name: "backup-upload" as const,
  intervalMs: BACKUP_INTERVAL_MS,
  firstRunMs: 0,
  graceMs: BACKUP_GRACE_MS,
};

function setup(dir: string, s3Settings: { url?: string; keyId?: string; secret?: string }) {
  return backupSettings({
    dir,
    time: "02:15",
    keepDays: 30,
    ageRecipient: undefined,
    s3: { region: undefined, url: undefined, keyId: undefined, secret: undefined, ...s3Settings },
  });
}

describe("BACKUP_S3_URL", () => {
  it("needs its key id and secret, which may also be written into the URL", () => {
    expect(setup(work, { url: s3.url }).problems).toEqual([
      "BACKUP_S3_URL is set but BACKUP_S3_KEY_ID and BACKUP_S3_SECRET are not: backups stay " +
        "on this server only",
    ]);
    expect(setup(work, { url: "ftp://example.com/b" }).problems[0]).toMatch(
      /BACKUP_S3_URL is not an https:\/\/ URL/,
    );
    const inUrl = setup(work, { url: "https://KEY:se%2Fcret@s3.example.com/bucket/site/" });
    expect(inUrl.problems).toEqual([]);
    expect(inUrl.settings.s3).toEqual({
      url: "https://s3.example.com/bucket/site",
      keyId: "KEY",
      secret: "se/cret",
      region: undefined,
    });
  });

  it("waits 1, 2, 4 … minutes between tries, at most an hour", () => {
    expect([1, 2, 3, 7, 20].map((n) => uploadRetryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 60, 60]);
  });
});

describe("a verified backup is copied to S3-compatible storage", () => {
  it("uploads an encrypted backup byte for byte, under the folder of BACKUP_S3_URL", async () => {
    const dir = path.join(work, "encrypted");
    const recipient = await identityToRecipient(await generateIdentity());
    const { settings } = backupSettings({
      dir,
      time: "02:15",
      keepDays: 30,
      ageRecipient: recipient,
      s3: { url: `${s3.url}/kindred`, keyId: s3.keyId, secret: s3.secret, region: undefined },
    });
    const record = await runBackupJob(database, settings);
    expect(record.uploadedAt).not.toBeNull();
    const stored = await s3.object(`kindred/${record.name}`);
    const file = path.join(dir, record.name);
    expect(stored?.equals(readFileSync(file))).toBe(true);
    expect(createHash("sha256").update(stored!).digest("hex")).toBe(record.sha256);
    expect(isAgeFile(file)).toBe(true);
    expect((await readJobRuns(database.db)).get("backup-upload")?.lastError).toBeNull();
  });

  it("tries again after the storage was down, and /status names the failure until then", async () => {
    const dir = path.join(work, "outage");
    const { settings } = setup(dir, {
      url: `${s3.url}/outage`,
      keyId: s3.keyId,
      secret: s3.secret,
    });
    const shelf = createBackupShelf(database, { settings, problems: [] });
    const processStartedAt = new Date();
    await s3.stop();
    try {
      const record = await runBackupJob(database, settings);
      // The backup itself is kept: only its copy waits.
      expect(record.verified.submissions).toBe(1);
      expect(record.uploadedAt).toBeNull();
      expect(record.uploadAttempts).toBe(1);
      expect(record.uploadError).toMatch(/did not answer \(ECONNREFUSED\)/);
      const waitUntil = new Date(record.nextUploadAt!).getTime();
      expect(waitUntil - Date.now()).toBeGreaterThan(50_000);
      expect((await shelf.list())[0]).toMatchObject({ uploaded: false, uploadWaiting: true });

      const down = await readStatus(database.db, { jobs: [uploadJob], processStartedAt });
      expect(down.status).toBe("attention");
      expect(down.reasons.join("; ")).toMatch(/backup-upload failed at/);
      expect(down.jobs["backup-upload"]?.lastError).toBe(
        "the storage did not answer (ECONNREFUSED)",
      );
      // The storage's host (an R2 host carries the account id) is on /admin/backups only.
      expect(JSON.stringify(down)).not.toContain("127.0.0.1");
      expect(record.uploadError).toContain(`127.0.0.1:${s3.port}`);

      // Before its wait is over, the job leaves it alone.
      expect(await uploadDueBackups(database.db, settings)).toEqual([]);
    } finally {
      await s3.start();
    }
    const later = new Date(Date.now() + uploadRetryDelayMs(1) + 1_000);
    const [retried] = await uploadDueBackups(database.db, settings, later);
    expect(retried?.uploadedAt).not.toBeNull();
    expect(retried?.uploadError).toBeNull();
    expect(listBackups(dir)[0]?.uploadedAt).toBe(retried?.uploadedAt);
    const stored = await s3.object(`outage/${retried!.name}`);
    expect(stored?.equals(readFileSync(path.join(dir, retried!.name)))).toBe(true);
    expect((await shelf.list())[0]).toMatchObject({ uploaded: true, uploadWaiting: false });

    const up = await readStatus(database.db, { jobs: [uploadJob], processStartedAt });
    expect(up.reasons.join("; ")).not.toMatch(/backup-upload/);
  });

  it("keeps two backups taken in the same minute: two files, two records, two copies off the server", async () => {
    const dir = path.join(work, "same-minute");
    const { settings } = setup(dir, {
      url: `${s3.url}/same-minute`,
      keyId: s3.keyId,
      secret: s3.secret,
    });
    const now = new Date("2026-11-28T19:30:10Z");
    const first = await runBackupJob(database, settings, now);
    await database.db
      .insert(submissions)
      .values({ kind: "contact", payload: { name: "Bola Later", email: "bola@example.com" } });
    const second = await runBackupJob(database, settings, new Date(now.getTime() + 20_000));
    expect(second.name).not.toBe(first.name);
    expect(second.name.slice(0, 29)).toBe(first.name.slice(0, 29));
    const files = readdirSync(dir).sort();
    expect(files).toEqual(
      [first.name, `${first.name}.json`, second.name, `${second.name}.json`].sort(),
    );
    expect(listBackups(dir).map((r) => r.sha256)).toEqual([second.sha256, first.sha256]);
    for (const record of [first, second]) {
      expect(record.uploadedAt).not.toBeNull();
      const stored = await s3.object(`same-minute/${record.name}`);
      expect(stored?.equals(readFileSync(path.join(dir, record.name)))).toBe(true);
    }
  });

  it("is refused when signed with a wrong secret, as S3 refuses it (s3rver alone answers 200)", async () => {
    const dir = path.join(work, "wrong-secret");
    const { settings } = setup(dir, {
      url: `${s3.url}/wrong-secret`,
      keyId: s3.keyId,
      secret: "not-the-secret",
    });
    const record = await runBackupJob(database, settings);
    expect(record.uploadedAt).toBeNull();
    expect(record.uploadError).toBe(
      `the storage at 127.0.0.1:${s3.port} refused the upload (403 SignatureDoesNotMatch)`,
    );
    expect(await s3.object(`wrong-secret/${record.name}`)).toBeUndefined();
    // Every request of these tests had its signature checked by AWS's own signer: only this
    // one was wrong.
    expect(s3.seen.checked).toBeGreaterThan(5);
    expect(s3.seen.refused).toEqual(["SignatureDoesNotMatch"]);
  });

  it("records a refused upload with the storage's error code, never the secret", async () => {
    const dir = path.join(work, "refused");
    const { settings } = setup(dir, {
      url: `${s3.url}/refused`,
      keyId: "NOT-A-KEY",
      secret: "very-secret-value",
    });
    const record = await runBackupJob(database, settings);
    expect(record.uploadedAt).toBeNull();
    expect(record.uploadError).toBe(
      `the storage at 127.0.0.1:${s3.port} refused the upload (403 InvalidAccessKeyId)`,
    );
    expect(readFileSync(path.join(dir, `${record.name}.json`), "utf8")).not.toContain(
      "very-secret-value",
    );
  });
});
