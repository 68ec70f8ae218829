import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { query } from "../../server/operations/backup/format";
import { restoreBackup } from "../../server/operations/backup/restore-backup";
import { writeBackup } from "../../server/operations/backup/write-backup";
import { runBackup } from "../../server/operations/commands/backup";
import { runExport } from "../../server/operations/commands/export";
import { askSite, serveCommand } from "../../server/operations/commands/protocol";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import { liveOwner } from "../../server/db/data-dir-lock";
import { deliveries, photoFiles, photos, submissions } from "../../server/db/schema";
import { fillDataDir } from "../support/databases";

/**
 * The embedded database beside the live site (docs/decisions/034): a backup read chunk by chunk
 * while the site writes still restores, and a command asks the site over the lock socket.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const work = mkdtempSync(path.join(tmpdir(), "site-backup-live-"));
let database: Database;
const dataDir = fillDataDir(path.join(work, "site"));

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  // More rows than one chunk holds, in every table with chunks, and photo files across chunks.
  const rows = await database.db
    .insert(submissions)
    .values(
      Array.from({ length: 620 }, (_, i) => ({
        kind: "contact" as const,
        payload: { name: `Person ${i}`, email: `p${i}@example.com`, message: "=1+2" },
      })),
    )
    .returning({ id: submissions.id });
  await database.db.insert(deliveries).values(
    rows.map((r) => ({
      submissionId: r.id,
      destination: "hubspot" as const,
      status: "delivered" as const,
    })),
  );
  await database.db.insert(photos).values({ key: "p-a", width: 10, height: 10, createdBy: "ada" });
  await database.db.insert(photoFiles).values(
    Array.from({ length: 9 }, (_, i) => ({
      photoKey: "p-a",
      width: 100 + i,
      format: i % 2 ? ("webp" as const) : ("avif" as const),
      bytes: Buffer.from([i, 0, 255]),
    })),
  );
});

afterAll(async () => {
  await database?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a backup beside the live site on the embedded database", () => {
  it("restores, even while submissions and their deliveries arrive during it", async () => {
    const file = path.join(work, "live.jsonl.gz");
    let writing = true;
    let added = 0;
    const writer = (async () => {
      while (writing) {
        await database.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(submissions)
            .values({ kind: "contact", payload: { name: "Late" } })
            .returning({ id: submissions.id });
          await tx
            .insert(deliveries)
            .values({ submissionId: row!.id, destination: "hubspot", status: "pending" });
        });
        added++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // The site keeps being served meanwhile: the writer runs between the backup's chunks.
    const counts = await writeBackup(database, file, { live: true });
    writing = false;
    await writer;
    expect(added).toBeGreaterThan(0);
    expect(counts.submissions).toBeGreaterThanOrEqual(620);
    expect(counts.photo_files).toBe(9);

    const target = await openDatabase({ dataDir: fillDataDir(path.join(work, "restored")) });
    try {
      const restored = await restoreBackup(target, file);
      expect(restored.counts).toEqual(counts);
      const [orphans] = await query<{ n: number }>(
        target.db,
        sql`select count(*)::int as n from deliveries d
            where not exists (select 1 from submissions s where s.id = d.submission_id)`,
      );
      expect(orphans!.n).toBe(0);
      expect(await target.db.$count(deliveries)).toBe(counts.deliveries);
    } finally {
      await target.close();
    }
  });

  it("a command asks the running site over the lock socket, and gets the backup and the CSV", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    database.serveCommands!((socket) =>
      serveCommand(
        socket,
        { database, config },
        {
          backup: async () => runBackup,
          export: async () => runExport,
          deliveries: async () => {
            throw new Error("not in this test");
          },
        },
        () => {},
      ),
    );
    const socket = await liveOwner(dataDir);
    expect(socket).toBeDefined();

    const chunks: Buffer[] = [];
    const lines: string[] = [];
    const backup = await askSite(socket!, "backup", [], {
      out: (chunk) => void chunks.push(Buffer.from(chunk)),
      err: (line) => lines.push(line),
    });
    expect(backup.code).toBe(0);
    const text = gunzipSync(Buffer.concat(chunks)).toString("utf8").trim().split("\n");
    expect(JSON.parse(text[0]!)).toMatchObject({ format: "kindred-hearts-backup" });
    expect(JSON.parse(text.at(-1)!)).toEqual({ end: true, tables: expect.any(Number) });
    expect(backup.result).toMatchObject({ kind: "pglite" });

    let csv = "";
    const exported = await askSite(socket!, "export", ["--kind", "contact"], {
      out: (chunk) => void (csv += Buffer.from(chunk).toString("utf8")),
      err: (line) => lines.push(line),
    });
    expect(exported.code).toBe(0);
    expect(csv.split("\r\n")[0]).toMatch(/^\uFEFFNumber,Received,New or handled,Name,E-mail/);
    expect(csv).toContain("p619@example.com");
    // A formula in a cell is neutralised, as the command always did (server/inbox/csv.ts).
    expect(csv).not.toContain(",=1+2,");
    expect(lines.some((l) => /contact submission\(s\) since 1970-01-01/.test(l))).toBe(true);

    const refused = await askSite(socket!, "export", ["--kind", "everything"], {
      out: () => {},
      err: (line) => lines.push(line),
    });
    expect(refused.code).toBe(2);
    expect(lines.at(-1)).toContain("--kind must be one of");
  });
});
