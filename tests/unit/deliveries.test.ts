import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import {
  heldSummary,
  listQueue,
  queueSummary,
  storedByKind,
} from "../../server/integrations/deliveries/delivery-queue";
import { queueReport } from "../../server/integrations/deliveries/delivery-report";
import { releaseHeld } from "../../server/integrations/deliveries/outbox";
import {
  type OpenDatabase,
  openTempPglite,
  openTempPostgres,
  freshDataDir,
} from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/** `n` contact submissions from a flood (one message, many addresses), each held for both. */
async function flood(db: Database["db"], n: number) {
  await db.execute(sql`
    with s as (
      insert into submissions (kind, payload, created_at)
      select 'contact',
             jsonb_build_object('name', 'Bot ' || i, 'email', 'bot' || i || '@spam.example',
                                'phone', '', 'need', 'other', 'message', 'Buy cheap followers now'),
             now() - interval '2 hours' + i * interval '1 second'
        from generate_series(1, ${n}) as i
      returning id, created_at)
    insert into deliveries (submission_id, destination, status, created_at)
    select id, d, 'held', created_at from s, unnest(array['hubspot', 'email']) as d`);
}

/** One real lead, sent during the flood (after it began), held for both destinations. */
async function lead(db: Database["db"], email: string, message: string) {
  const [row] = (
    (await db.execute(sql`
      insert into submissions (kind, payload) values ('contact', ${JSON.stringify({
        name: "Ada Obi",
        email,
        phone: "+234 801 234 5678",
        need: "marriage-counseling",
        message,
      })}::jsonb) returning id`)) as unknown as { rows: { id: number | string }[] }
  ).rows;
  const id = Number(row!.id);
  await db.execute(sql`
    insert into deliveries (submission_id, destination, status)
    values (${id}, 'hubspot', 'held'), (${id}, 'email', 'held')`);
  return id;
}

const heldOf = async (db: Database["db"], id: number) =>
  (
    (await db.execute(
      sql`select status from deliveries where submission_id = ${id} order by destination`,
    )) as unknown as { rows: { status: string }[] }
  ).rows.map((r) => r.status);

function suite(name: string, open: OpenDatabase) {
  describe(`npm run deliveries during a flood, on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("counts every held delivery, lists the newest first with 'N more', and releases the real leads alone", async () => {
      const db = database.db;
      await flood(db, 301);
      const ada = await lead(db, "Ada.Obi@example.com", "We would like help with how we talk.");
      const bola = await lead(db, "bola@example.com", "Can we book a session for next week?");

      const summary = await queueSummary(db);
      expect(summary.map((s) => [s.destination, s.status, s.count])).toEqual([
        ["email", "held", 303],
        ["hubspot", "held", 303],
      ]);
      expect(await heldSummary(db)).toEqual({ submissions: 303, floodLike: 301 });
      const rows = await listQueue(db, 10);
      expect(rows).toHaveLength(10);
      expect(rows.slice(0, 4).map((r) => r.submissionId)).toEqual([bola, bola, ada, ada]);
      expect(rows.slice(0, 4).every((r) => !r.floodLike)).toBe(true);
      expect(rows.slice(4).every((r) => r.floodLike)).toBe(true);

      const text = queueReport({
        config: loadConfig({ HUBSPOT_PORTAL_ID: "1", HUBSPOT_CONTACT_FORM_ID: "c" }),
        summary,
        rows,
        held: await heldSummary(db),
        stored: await storedByKind(db),
      }).join("\n");
      expect(text).toMatch(/hubspot held +303/);
      expect(text).toContain(`submission ${bola}`);
      expect(text).toContain("… and 596 more");
      expect(text).toMatch(/301 look like the flood \(.*\) and 2 do not/);
      expect(text).not.toMatch(/\bAda\b|ada\.obi|bola@|\btalk|cheap/i);

      // One lead by its address (any case), then by id, then everything but the flood.
      expect(await releaseHeld(db, { emails: ["ada.obi@EXAMPLE.com"] })).toBe(2);
      expect(await heldOf(db, ada)).toEqual(["pending", "pending"]);
      expect(await heldOf(db, bola)).toEqual(["held", "held"]);
      expect(await releaseHeld(db, { ids: [bola] })).toBe(2);
      const third = await lead(db, "chi@example.com", "Is there a programme for singles?");
      expect(await releaseHeld(db, { exceptFlood: true })).toBe(2);
      expect(await heldOf(db, third)).toEqual(["pending", "pending"]);
      expect(await heldSummary(db)).toEqual({ submissions: 301, floodLike: 301 });
      expect(await releaseHeld(db)).toBe(602);
    });
  });
}

suite("PGlite", openTempPglite("site-deliveries-"));
if (hasPostgres) suite("Postgres", openTempPostgres);

describe("the deliveries command", () => {
  const dir = freshDataDir("site-deliveries-cmd-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/deliveries.ts", ...args],
      {
        encoding: "utf8",
        timeout: 170_000,
        env: {
          ...process.env,
          DATA_DIR: dir,
          DATABASE_URL: "",
          HUBSPOT_PORTAL_ID: "",
          SMTP_URL: "",
          PRACTICE_INBOX: "",
          NODE_ENV: "test",
          ...env,
        },
      },
    );
    return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
  };

  it("with nothing configured, says where the submissions are instead of 'every delivery has been delivered'", async () => {
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`
      insert into submissions (kind, payload) values
        ('contact', '{"name":"Ada","email":"ada@example.com","message":"Hello"}'),
        ('contact', '{"name":"Bola","email":"bola@example.com","message":"Hi"}'),
        ('booking', '{"name":"Chi","email":"chi@example.com","phone":"0801"}')`);
    await database.close();
    const { status, output } = run([]);
    expect(status, output).toBe(0);
    expect(output).not.toMatch(/every delivery has been delivered/);
    expect(output).toMatch(/2 contact submissions are stored in the database only/);
    expect(output).toMatch(/1 booking submission is stored in the database only/);
    expect(output).toContain("npm run --silent export -- --kind contact");
    expect(output).not.toMatch(/Ada|ada@|Hello/);
  });

  it("--release held --except-flood releases the real lead and leaves the flood held", async () => {
    const database = await openDatabase({ dataDir: dir });
    await flood(database.db, 4);
    const id = await lead(database.db, "dayo@example.com", "Please call me back about therapy.");
    await database.close();
    const { status, output } = run(["--release", "held", "--except-flood"], {
      HUBSPOT_PORTAL_ID: "1",
      HUBSPOT_CONTACT_FORM_ID: "c",
    });
    expect(status, output).toBe(0);
    expect(output).toMatch(/2 held deliveries released; 4 submissions still held/);
    const after = await openDatabase({ dataDir: dir });
    try {
      expect(await heldOf(after.db, id)).toEqual(["pending", "pending"]);
    } finally {
      await after.close();
    }
  });
});
