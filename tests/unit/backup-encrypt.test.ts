import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { identitiesIn, isAgeFile } from "../../server/operations/backup/age";
import { BackupError } from "../../server/operations/backup/format";
import { restoreBackup } from "../../server/operations/backup/restore-backup";
import { listBackups, runBackupJob } from "../../server/operations/backup/scheduled";
import { backupSettings } from "../../server/operations/backup/settings";
import { submissions } from "../../server/db/schema";
import { readJobRuns } from "../../server/operations/job-runs";
import { readStatus } from "../../server/operations/status";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

/**
 * Backups encrypted with age (issue 30, docs/decisions/034): the site writes them for
 * BACKUP_AGE_RECIPIENT and cannot read them back; `npm run restore -- FILE --identity KEYFILE`
 * opens them with the practice's key, and nothing else does.
 */

vi.setConfig({ testTimeout: 180_000 });
const work = mkdtempSync(path.join(tmpdir(), "site-backup-age-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let identity: string;
let recipient: string;
let keyFile: string;
beforeAll(async () => {
  identity = await generateIdentity();
  recipient = await identityToRecipient(identity);
  keyFile = path.join(work, "backup-key.txt");
  // As age-keygen writes it.
  writeFileSync(
    keyFile,
    `# created: 2026-11-26T23:00:00Z\n# public key: ${recipient}\n${identity}\n`,
  );
});

const settings = (dir: string, ageRecipient?: string) =>
  backupSettings({
    dir,
    time: "02:15",
    keepDays: 30,
    ageRecipient,
    s3: { url: undefined, keyId: undefined, secret: undefined, region: undefined },
  });

const kinds: Record<string, OpenDatabase | undefined> = {
  PGlite: openTempPglite("site-backup-age-db-"),
  Postgres: (await postgresAvailable()) ? openTempPostgres : undefined,
};
const emptyPglite = openTempPglite("site-backup-age-target-");

for (const [kind, open] of Object.entries(kinds)) {
  describe.runIf(open)(`an encrypted backup on ${kind}`, () => {
    it("is written encrypted, checked, and restores only with the practice's key", async () => {
      const { database, cleanup } = await open!();
      const dir = path.join(work, `${kind}-backups`);
      try {
        await database.db.insert(submissions).values({
          kind: "contact",
          payload: { name: "Ngozi Sealed", email: "ngozi@example.com" },
        });
        const { settings: withKey, problems } = settings(dir, recipient);
        expect(problems).toEqual([]);
        const record = await runBackupJob(database, withKey);
        expect(record.encrypted).toBe(true);
        expect(record.name).toMatch(
          /^kindred-hearts-\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-f]{8}\.jsonl\.gz\.age$/,
        );
        expect(record.verified.submissions).toBe(1);
        expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(readdirSync(dir).sort()).toEqual([record.name, `${record.name}.json`]);
        const file = path.join(dir, record.name);
        expect(isAgeFile(file)).toBe(true);
        expect(readFileSync(file).length).toBe(record.bytes);

        // Without a key, with the wrong key: refused in words, and nothing restored.
        const target = await emptyPglite();
        try {
          await expect(restoreBackup(target.database, file)).rejects.toThrow(
            /encrypted with age.*--identity KEYFILE/,
          );
          const stranger = await generateIdentity();
          const wrong = await restoreBackup(target.database, file, {
            identities: [stranger],
          }).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(wrong).toBeInstanceOf(BackupError);
          expect((wrong as Error).message).toMatch(/does not open this backup/);
          expect(await target.database.db.$count(submissions)).toBe(0);

          const { counts, encrypted } = await restoreBackup(target.database, file, {
            identities: identitiesIn(readFileSync(keyFile, "utf8"), keyFile),
          });
          expect(encrypted).toBe(true);
          expect(counts.submissions).toBe(1);
          const [row] = await target.database.db.select().from(submissions);
          expect(row?.payload).toMatchObject({ name: "Ngozi Sealed" });
        } finally {
          await target.database.close();
          await target.cleanup();
        }
      } finally {
        await database.close();
        await cleanup();
      }
    });
  });
}

describe("a backup key that is not one", () => {
  it("writes no backup at all, and is named in /status without its value", async () => {
    const { database, cleanup } = await emptyPglite();
    const dir = path.join(work, "refused");
    try {
      const { settings: bad, problems } = settings(dir, "age1notakey");
      expect(problems).toEqual([
        "BACKUP_AGE_RECIPIENT is not an age public key (age1…, as age-keygen prints it): no " +
          "backup is written until it is fixed",
      ]);
      await expect(runBackupJob(database, bad)).rejects.toThrow(/BACKUP_AGE_RECIPIENT/);
      // Never in the clear instead.
      expect(listBackups(dir)).toEqual([]);
      expect(readdirSync(work)).not.toContain("refused");
      expect((await readJobRuns(database.db)).get("backup")?.lastError).toMatch(
        /BACKUP_AGE_RECIPIENT/,
      );
      const report = await readStatus(database.db, {
        jobs: [],
        processStartedAt: new Date(),
        settingsProblems: problems,
      });
      expect(report.status).toBe("attention");
      expect(report.reasons).toContain(problems[0]);

      // Someone pasted the secret key: told so, and the key is never repeated.
      const pasted = settings(dir, identity).problems.join(" ");
      expect(pasted).toMatch(/holds an age secret key: set the public key/);
      expect(pasted).not.toContain(identity);
    } finally {
      await database.close();
      await cleanup();
    }
  });
});

describe("the key file given to restore", () => {
  it("must hold the secret key, and says what it holds instead", () => {
    expect(() => identitiesIn(`# public key\n${recipient}\n`, "key.txt")).toThrow(
      /key\.txt holds a public key \(age1…\), which only locks backups/,
    );
    expect(() => identitiesIn("hello\n", "key.txt")).toThrow(/holds no age secret key/);
    expect(() => identitiesIn(`${identity.slice(0, 30)}\n`, "key.txt")).toThrow(
      /not a whole age secret key/,
    );
    expect(identitiesIn(readFileSync(keyFile, "utf8"), "key.txt")).toEqual([identity]);
  });
});

describe("npm run restore -- FILE --identity KEYFILE", () => {
  it("restores with the key, and refuses a wrong key in one clear line, never a stack trace", async () => {
    const { database, cleanup } = await emptyPglite();
    const dir = path.join(work, "cli");
    let file: string;
    try {
      await database.db
        .insert(submissions)
        .values({ kind: "contact", payload: { name: "Chidi Cli", email: "chidi@example.com" } });
      file = path.join(dir, (await runBackupJob(database, settings(dir, recipient).settings)).name);
    } finally {
      await database.close();
      await cleanup();
    }
    const restore = (args: string[], dataDir: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...args], {
        encoding: "utf8",
        timeout: 110_000,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" },
      });

    const strangerKey = path.join(work, "stranger.txt");
    writeFileSync(strangerKey, `${await generateIdentity()}\n`);
    const wrong = restore([file, "--identity", strangerKey], path.join(work, "cli-wrong"));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe(
      "Nothing was restored. The key does not open this backup: it was encrypted for another " +
        "age key.",
    );
    expect(wrong.stderr).not.toMatch(/\n\s+at /);

    const missing = restore([file], path.join(work, "cli-missing"));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/encrypted with age\. Give the practice's key file/);

    const right = restore([file, "--identity", keyFile], path.join(work, "cli-right"));
    expect(right.stderr).toBe("");
    expect(right.status).toBe(0);
    expect(right.stdout).toMatch(/^Restored .* into the pglite database: 1 submissions/);
  });
});
