import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  backupName,
  backupSlot,
  claimScheduledBackup,
  listBackups,
  pruneBackups,
  runBackupJob,
} from "../../server/operations/backup/scheduled";
import { checkBackupRows } from "../../server/operations/backup/checked-backup";
import { restoreBackup } from "../../server/operations/backup/restore-backup";
import { overdueAfterMs } from "../../server/operations/status";
import { BACKUP_GRACE_MS, BACKUP_INTERVAL_MS } from "../../server/operations/backup/scheduled";
import { readJobRuns } from "../../server/operations/job-runs";
import { submissions } from "../../server/db/schema";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

vi.setConfig({ testTimeout: 180_000 });
const work = mkdtempSync(path.join(tmpdir(), "site-backup-daily-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("when the daily backup is due", () => {
  it("is the latest BACKUP_TIME in Lagos (UTC+1) at or before now", () => {
    // 02:15 WAT is 01:15 UTC.
    expect(backupSlot(new Date("2026-11-26T01:20:00Z"), "02:15").toISOString()).toBe(
      "2026-11-26T01:15:00.000Z",
    );
    expect(backupSlot(new Date("2026-11-26T01:10:00Z"), "02:15").toISOString()).toBe(
      "2026-11-25T01:15:00.000Z",
    );
    // 23:30 UTC is already the next day in Lagos.
    expect(backupSlot(new Date("2026-11-26T23:30:00Z"), "00:10").toISOString()).toBe(
      "2026-11-26T23:10:00.000Z",
    );
    expect(backupName(new Date("2026-11-26T23:30:00Z"), "0123456789abcdef")).toBe(
      "kindred-hearts-2026-11-27-0030-01234567.jsonl.gz",
    );
  });

  it("turns /status to attention 26 hours after the last verified backup", () => {
    expect(
      overdueAfterMs({
        name: "backup",
        intervalMs: BACKUP_INTERVAL_MS,
        firstRunMs: 0,
        graceMs: BACKUP_GRACE_MS,
      }),
    ).toBe(26 * 60 * 60_000);
  });
});

const kinds: Record<string, OpenDatabase | undefined> = {
  PGlite: openTempPglite("site-backup-daily-db-"),
  Postgres: (await postgresAvailable()) ? openTempPostgres : undefined,
};

for (const [kind, open] of Object.entries(kinds)) {
  describe.runIf(open)(`the daily backup on ${kind}`, () => {
    it("is claimed by exactly one of several instances, once a day, and tried again after a failure", async () => {
      const { database, cleanup } = await open!();
      try {
        const first = new Date("2026-11-26T00:00:00Z");
        // A fresh site waits for its first slot.
        expect(await claimScheduledBackup(database.db, backupSlot(first, "02:15"), first)).toBe(
          false,
        );
        const due = new Date("2026-11-26T01:16:00Z");
        const slot = backupSlot(due, "02:15");
        const claims = await Promise.all(
          Array.from({ length: 5 }, () => claimScheduledBackup(database.db, slot, due)),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
        const later = new Date("2026-11-26T01:40:00Z");
        expect(await claimScheduledBackup(database.db, slot, later)).toBe(false);
        // No success recorded: an hour after the claim, it is tried again.
        const retry = new Date("2026-11-26T02:20:00Z");
        expect(await claimScheduledBackup(database.db, slot, retry)).toBe(true);
      } finally {
        await database.close();
        await cleanup();
      }
    });

    it("writes a verified backup that restores, lists it, and removes old ones", async () => {
      const { database, cleanup } = await open!();
      const dir = path.join(work, kind);
      try {
        await database.db
          .insert(submissions)
          .values({ kind: "contact", payload: { name: "Daily", email: "daily@example.com" } });
        const old = await runBackupJob(
          database,
          { dir, time: "02:15", keepDays: 30 },
          new Date(Date.now() - 40 * 86_400_000),
        );
        const record = await runBackupJob(database, { dir, time: "02:15", keepDays: 30 });
        expect(record.verified.submissions).toBe(1);
        expect(record.encrypted).toBe(false);
        expect((await readJobRuns(database.db)).get("backup")?.lastOkAt).toBeTruthy();
        // The 40-day-old one went when the new one was made; nothing half-written is left.
        expect(listBackups(dir).map((r) => r.name)).toEqual([record.name]);
        expect(readdirSync(dir).sort()).toEqual([record.name, `${record.name}.json`]);
        expect(old.name).not.toBe(record.name);

        const target = await kinds.PGlite!();
        try {
          const { counts } = await restoreBackup(target.database, path.join(dir, record.name));
          expect(counts.submissions).toBe(1);
        } finally {
          await target.database.close();
          await target.cleanup();
        }
        expect(pruneBackups(dir, 30)).toBe(0);
      } finally {
        await database.close();
        await cleanup();
      }
    });
  });
}

it("a backup cut short counts fewer rows than its table line promised, and no end", async () => {
  const lines = [
    { format: "kindred-hearts-backup" },
    { table: "submissions", columns: ["id"], rows: 2 },
    { id: 1 },
  ];
  const found = await checkBackupRows(lines.map((l) => JSON.stringify(l)));
  expect(found).toEqual({ counts: { submissions: 1 }, ended: false });
  const whole = [...lines, { id: 2 }, { end: true, tables: 1 }];
  expect(await checkBackupRows(whole.map((l) => JSON.stringify(l)))).toEqual({
    counts: { submissions: 2 },
    ended: true,
  });
});
