import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startBackups } from "../../server/operations/backup/scheduled";
import { backupSettings } from "../../server/operations/backup/settings";
import { createBackupShelf } from "../../server/operations/backup/shelf";
import { uploadDueBackups, uploadRetryDelayMs } from "../../server/operations/backup/upload";
import type { Database } from "../../server/db/client";
import { openTempPglite } from "../support/databases";
import { startS3 } from "../support/s3";

/**
 * What the log says of backups (issue 41, item 21; docs/operations.md): a backup made by "Back up
 * now", an upload that failed and when it is tried again, the try that went through; and a look
 * at whether the daily backup is due that could not reach the database is not a failed backup.
 */

vi.setConfig({ testTimeout: 120_000 });
const work = mkdtempSync(path.join(tmpdir(), "site-backup-log-"));
let s3: Awaited<ReturnType<typeof startS3>>;
let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  s3 = await startS3();
  ({ database, cleanup } = await openTempPglite("site-backup-log-db-")());
});
afterAll(async () => {
  await database?.close();
  await cleanup?.();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

type Line = { level: string; fields: Record<string, unknown>; message: string };
function captureLog() {
  const lines: Line[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void =>
      void lines.push({ level, fields, message });
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } as never };
}

describe("the log", () => {
  it("says a Back up now backup was written, its upload failed and when it is tried again, and the retry that went through", async () => {
    const { settings } = backupSettings({
      dir: path.join(work, "now"),
      time: "02:15",
      keepDays: 30,
      ageRecipient: undefined,
      s3: { url: `${s3.url}/log`, keyId: s3.keyId, secret: s3.secret, region: undefined },
    });
    const { lines, log } = captureLog();
    const shelf = createBackupShelf(database, { settings, problems: [] }, log);
    await s3.stop();
    let made;
    try {
      made = await shelf.backUpNow("editor@kindredhearts.ng");
    } finally {
      await s3.start();
    }
    expect(made.ok).toBe(true);
    const name = made.ok ? made.entry.name : "";
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ["warn", "backup upload failed: it is tried again later"],
      ["info", "backup written and verified (Back up now)"],
    ]);
    expect(lines[0]!.fields).toMatchObject({
      backup: name,
      attempt: 1,
      reason: expect.stringMatching(/did not answer \(ECONNREFUSED\)/) as unknown,
      retryAt: expect.any(String) as unknown,
    });
    expect(lines[1]!.fields).toMatchObject({ backup: name, uploaded: false });
    // Who pressed it is in the audit list, never in the log.
    expect(JSON.stringify(lines)).not.toContain("editor@");

    lines.length = 0;
    const later = new Date(Date.now() + uploadRetryDelayMs(1) + 1_000);
    await uploadDueBackups(database.db, settings, later, log);
    expect(lines).toEqual([
      {
        level: "info",
        message: "backup copied off the server",
        fields: expect.objectContaining({ backup: name, attempt: 2 }) as unknown,
      },
    ]);
  });

  it("calls a look at the schedule that could not reach the database a warning, not a failed backup", async () => {
    const { lines, log } = captureLog();
    const unreachable = {
      kind: "postgres",
      db: {
        execute: () => Promise.reject(new Error("timeout exceeded when trying to connect")),
      },
    } as unknown as Database;
    const { settings } = backupSettings({
      dir: path.join(work, "unreachable"),
      time: "02:15",
      keepDays: 30,
      ageRecipient: undefined,
      s3: { url: undefined, keyId: undefined, secret: undefined, region: undefined },
    });
    const stop = startBackups(unreachable, settings, log);
    try {
      await vi.waitFor(() => expect(lines).toHaveLength(1));
    } finally {
      stop();
    }
    expect(lines[0]).toMatchObject({
      level: "warn",
      message: "could not look whether the daily backup is due: looking again in a minute",
      fields: { err: "timeout exceeded when trying to connect" },
    });
  });
});
