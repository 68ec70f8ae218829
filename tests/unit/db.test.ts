import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, DatabaseStartError, openDatabase } from "../../server/db/client";
import { deliveries, submissions, subscribers } from "../../server/db/schema";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { createTempDatabase, postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

/** The same behaviour is asserted on both databases the site can run on. */
function dataLayerSuite(name: string, open: OpenDatabase) {
  describe(`data layer on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("applies migrations and answers a ping", async () => {
      expect(await database.ping()).toBe(true);
      // Both drivers answer { rows }; Drizzle types the shared base as unknown.
      const tables = (await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      )) as unknown as { rows: { table_name: string }[] };
      const names = tables.rows.map((r) => r.table_name);
      expect(names).toEqual(
        expect.arrayContaining([
          "deliveries",
          "rate_limits",
          "submissions",
          "subscribers",
          "testimonials_cache",
        ]),
      );
    });

    it("stores a submission with its outbox rows in one transaction", async () => {
      const id = await database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(submissions)
          .values({ kind: "contact", payload: { need: "couples-counseling" } })
          .returning({ id: submissions.id });
        await tx.insert(deliveries).values([
          { submissionId: row!.id, destination: "hubspot" },
          { submissionId: row!.id, destination: "email" },
        ]);
        return row!.id;
      });
      const rows = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, id));
      expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    });

    it("rolls back the submission when an outbox row fails", async () => {
      const before = await database.db.$count(submissions);
      await expect(
        database.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(submissions)
            .values({ kind: "newsletter", payload: {} })
            .returning({ id: submissions.id });
          // the same destination twice violates the unique index
          await tx.insert(deliveries).values([
            { submissionId: row!.id, destination: "hubspot" },
            { submissionId: row!.id, destination: "hubspot" },
          ]);
        }),
      ).rejects.toThrow();
      expect(await database.db.$count(submissions)).toBe(before);
    });

    it("keeps subscriber e-mails unique regardless of case", async () => {
      await database.db.insert(subscribers).values({ email: "Ada@Example.com", token: "t1" });
      await expect(
        database.db.insert(subscribers).values({ email: "ada@example.com", token: "t2" }),
      ).rejects.toThrow();
    });
  });
}

dataLayerSuite("embedded PGlite", openTempPglite("site-db-"));

describe.runIf(hasPostgres)("Postgres", () => {
  dataLayerSuite("Postgres", openTempPostgres);
});

describe.runIf(hasPostgres)("several instances on one Postgres", () => {
  it("three instances started at once on a fresh database all migrate and start", async () => {
    const temp = await createTempDatabase();
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: temp.url, dataDir: "unused" })),
      );
      for (const database of opened) expect(await database.ping()).toBe(true);
      const applied = (await opened[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(applied.rows[0]!.n).toBeGreaterThanOrEqual(2);
      const timeout = (await opened[0]!.db.execute(sql`show statement_timeout`)) as unknown as {
        rows: { statement_timeout: string }[];
      };
      expect(timeout.rows[0]!.statement_timeout).toBe("10s");
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await temp.drop();
    }
  });
});

describe("embedded database start-up errors", () => {
  it("re-opens an existing data directory and keeps its data", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(submissions).values({ kind: "booking", payload: {} });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    expect(await second.db.$count(submissions)).toBe(1);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("names the path when DATA_DIR is a file, not a directory", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    const file = path.join(dir, "not-a-dir");
    writeFileSync(file, "x");
    await expect(openDatabase({ dataDir: file })).rejects.toThrow(DatabaseStartError);
    await expect(openDatabase({ dataDir: file })).rejects.toThrow(file);
  });

  it("names the path when DATA_DIR is not writable", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    mkdirSync(path.join(dir, "pglite"));
    chmodSync(path.join(dir, "pglite"), 0o500);
    if (process.getuid?.() !== 0) {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseStartError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(dir);
      return;
    }
    // Permissions do not stop root, and CI runs as root: open it in a child process that is
    // still root (so it reads the checkout, wherever CI cloned it) but without the capabilities
    // that override file permissions (setpriv, from util-linux).
    const child = spawnSync(
      "setpriv",
      [
        "--bounding-set=-dac_override,-dac_read_search",
        "--",
        process.execPath,
        "--import",
        "tsx",
        "-e",
        'import("./server/db/client.ts").then((m) => m.openDatabase({ dataDir: process.argv[1] }))' +
          '.then(() => console.log("opened"), (e) => console.log(`${e.name}: ${e.message}`))',
        dir,
      ],
      { encoding: "utf8", cwd: process.cwd(), timeout: 30_000 },
    );
    expect(child.stdout, child.stderr || String(child.error)).toContain("DatabaseStartError");
    expect(child.stdout).toContain(dir);
  }, 40_000);

  it("says the embedded database is corrupt, naming its folder", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    mkdirSync(path.join(dir, "pglite"));
    writeFileSync(path.join(dir, "pglite", "PG_VERSION"), "garbage\n");
    writeFileSync(path.join(dir, "pglite", "postgresql.conf"), "\u0000\u0001broken");
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      /could not be opened.*pglite|pglite.*could not be opened/s,
    );
  });

  it("refuses a second open of one data directory while the first is open, not after", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already open.*another process/s);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a container's process 1 killed with -9 does not lock the next start out", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    // In a fresh PID namespace the holder is pid 1, as in a container (we run as root).
    const holder = holdInChild(
      ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc"],
      dir,
      "database",
    );
    expect(await holder.answer).toBe("held");
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already open/);
    // Kill -9 the namespace's process 1 itself (unshare's child); unshare then exits too.
    const pid1 = readFileSync(
      `/proc/${holder.child.pid}/task/${holder.child.pid}/children`,
      "utf8",
    );
    process.kill(Number(pid1.trim()), "SIGKILL");
    await holder.exited;
    const next = await openDatabase({ dataDir: dir });
    expect(await next.ping()).toBe(true);
    await next.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("of six processes racing for a stale lock, exactly one takes it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    const crashed = holdInChild([], dir, "lock");
    expect(await crashed.answer).toBe("held");
    crashed.child.kill("SIGKILL");
    await crashed.exited;
    const racers = Array.from({ length: 6 }, () => holdInChild([], dir, "lock"));
    const answers = await Promise.all(racers.map((r) => r.answer));
    for (const racer of racers) racer.child.kill("SIGKILL");
    await Promise.all(racers.map((r) => r.exited));
    // A racer probing another between its bind and its listen once read it as dead, removed its
    // socket, and that one failed with ENOENT instead of giving way: show every answer.
    expect(
      answers.filter((a) => a === "held"),
      answers.join("\n"),
    ).toHaveLength(1);
    expect(
      answers.filter((a) => a.startsWith("refused: another process")),
      answers.join("\n"),
    ).toHaveLength(5);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("explains an unreachable Postgres", async () => {
    await expect(
      openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", dataDir: "x" }),
    ).rejects.toThrow(/DATABASE_URL/);
  });
});

/** A child process that takes DATA_DIR's lock (or opens its database) and stays until killed. */
function holdInChild(wrapper: string[], dir: string, mode: "lock" | "database") {
  const command = [
    ...wrapper,
    process.execPath,
    "--import",
    "tsx",
    "tests/support/hold-data-dir.ts",
    dir,
    mode,
  ];
  const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
  const answer = new Promise<string>((resolve) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.split("\n")[0]!);
    });
    child.once("exit", () => resolve(out || "exited"));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, answer, exited };
}
