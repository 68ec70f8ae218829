import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { deliveries, submissions } from "../../server/db/schema";
import { createHubspotClient, contactFields } from "../../server/integrations/hubspot";
import { type FakeHubspot, startFakeHubspot } from "../../server/integrations/hubspot-fake";
import { createLogger } from "../../server/operations/logger";
import {
  GIVE_UP_AFTER_MS,
  MAX_RETRY_MS,
  type DeliveryHandler,
  createOutbox,
  retryDelayMs,
} from "../../server/integrations/deliveries/outbox";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import { freshDataDir } from "../support/databases";

const logger = createLogger("silent");
const hasPostgres = await postgresAvailable();

describe("retry schedule", () => {
  it("first retry comes within 5 seconds, then doubles, capped at 30 minutes", () => {
    const max = () => 0.999999;
    const min = () => 0;
    expect(retryDelayMs(1, max)).toBeLessThanOrEqual(5000);
    expect(retryDelayMs(1, min)).toBeGreaterThan(2000);
    expect(retryDelayMs(2, max)).toBeGreaterThan(retryDelayMs(1, max));
    expect(retryDelayMs(3, max)).toBeGreaterThan(retryDelayMs(2, max));
    expect(retryDelayMs(30, max)).toBeLessThanOrEqual(MAX_RETRY_MS);
    expect(retryDelayMs(30, min)).toBeGreaterThanOrEqual(MAX_RETRY_MS * 0.75);
  });
});

/** A clock the test moves by hand. */
function fakeClock(start = Date.parse("2026-11-23T09:00:00Z")) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

async function enqueue(db: Database["db"], createdAt: Date, count = 1) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [s] = await db
      .insert(submissions)
      .values({
        kind: "contact",
        createdAt,
        payload: {
          name: `Ada ${i}`,
          email: `ada${i}@example.com`,
          phone: "",
          need: "other",
          message: "Hello there, friend",
          pageUri: "http://x/contact",
          pageName: "Contact Us",
        },
      })
      .returning({ id: submissions.id });
    const [d] = await db
      .insert(deliveries)
      .values({ submissionId: s!.id, destination: "hubspot", nextAttemptAt: createdAt, createdAt })
      .returning({ id: deliveries.id });
    ids.push(d!.id);
  }
  return ids;
}

const statusOf = async (db: Database["db"], id: number) =>
  (await db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

function hubspotHandler(fake: FakeHubspot): DeliveryHandler {
  const submit = createHubspotClient({ apiUrl: fake.url, portalId: "123" });
  return (item) =>
    submit({
      formId: "contact-form",
      fields: contactFields(item.submission.payload, item.submission.createdAt),
      context: { pageUri: "http://x/contact", pageName: "Contact Us" },
    });
}

function outboxSuite(
  name: string,
  open: () => Promise<{ database: Database; cleanup: () => Promise<void> }>,
) {
  describe(`outbox on ${name} against a fake HubSpot`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let fake: FakeHubspot;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      fake = await startFakeHubspot();
    });
    afterEach(() => {
      fake.received.length = 0;
      fake.setMode("accept");
    });
    afterAll(async () => {
      await fake.close();
      await database.close();
      await cleanup();
    });

    it("delivers an accepted submission once and marks it delivered", async () => {
      const clock = fakeClock();
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
        now: clock.now,
      });
      const [id] = await enqueue(database.db, clock.now());
      expect(await outbox.runOnce()).toBe(1);
      expect(await outbox.runOnce()).toBe(0);
      expect(fake.received).toHaveLength(1);
      const row = await statusOf(database.db, id!);
      expect(row.status).toBe("delivered");
      expect(row.attempts).toBe(1);
    });

    it("a 400 is final: rejected, never retried", async () => {
      const clock = fakeClock();
      fake.setMode("reject");
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
        now: clock.now,
      });
      const [id] = await enqueue(database.db, clock.now());
      await outbox.runOnce();
      clock.advance(60 * 60_000);
      expect(await outbox.runOnce()).toBe(0);
      const row = await statusOf(database.db, id!);
      expect(row.status).toBe("rejected");
      expect(row.lastError).toContain("400");
    });

    it("down, then up: retried on schedule and delivered exactly once", async () => {
      const clock = fakeClock();
      fake.setMode("down");
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
        now: clock.now,
        random: () => 0.99,
      });
      const [id] = await enqueue(database.db, clock.now());
      await outbox.runOnce();
      let row = await statusOf(database.db, id!);
      expect(row.status).toBe("pending");
      const wait = row.nextAttemptAt.getTime() - clock.now().getTime();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(5000);
      expect(await outbox.runOnce()).toBe(0); // not due yet
      clock.advance(wait);
      await outbox.runOnce(); // still down: second failure waits longer
      row = await statusOf(database.db, id!);
      expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(wait);
      fake.setMode("accept");
      clock.advance(MAX_RETRY_MS);
      await outbox.runOnce();
      await outbox.runOnce();
      expect(fake.received).toHaveLength(1);
      row = await statusOf(database.db, id!);
      expect(row.status).toBe("delivered");
      expect(row.attempts).toBe(3);
    });

    it("429 with Retry-After is honoured", async () => {
      const clock = fakeClock();
      fake.setMode("rate-limit", { retryAfterSeconds: 120 });
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
        now: clock.now,
      });
      const [id] = await enqueue(database.db, clock.now());
      await outbox.runOnce();
      const row = await statusOf(database.db, id!);
      expect(row.status).toBe("pending");
      expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(120_000);
      fake.setMode("accept");
      clock.advance(119_000);
      expect(await outbox.runOnce()).toBe(0);
      clock.advance(1_000);
      expect(await outbox.runOnce()).toBe(1);
      expect((await statusOf(database.db, id!)).status).toBe("delivered");
    });

    it("429 with Retry-After backs off the whole destination, not only the row that got it", async () => {
      const clock = fakeClock();
      fake.setMode("rate-limit", { retryAfterSeconds: 60 });
      let requests = 0;
      const send = hubspotHandler(fake);
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: (item) => (requests++, send(item)) },
        logger,
        now: clock.now,
      });
      const ids = await enqueue(database.db, clock.now(), 30);
      expect(await outbox.runOnce(1)).toBe(1);
      expect(requests).toBe(1);
      // The other 29 wait out the minute too, and so does a new one tried within a request.
      while ((await outbox.runOnce()) > 0);
      const [late] = await enqueue(database.db, clock.now());
      expect(await outbox.attemptNow(late!, 1_000)).toBe("pending");
      clock.advance(59_000);
      while ((await outbox.runOnce()) > 0);
      expect(requests).toBe(1);
      for (const id of ids) {
        const row = await statusOf(database.db, id);
        expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(0);
      }
      fake.setMode("accept");
      clock.advance(1_000);
      // A keep-alive connection the fake closed meanwhile can fail once; that row is retried
      // within seconds.
      for (let round = 0; round < 3; round++) {
        while ((await outbox.runOnce()) > 0);
        clock.advance(10_000);
      }
      expect(fake.received).toHaveLength(31);
      for (const id of [...ids, late!]) {
        const row = await statusOf(database.db, id);
        expect(row.status, JSON.stringify(row)).toBe("delivered");
      }
    });

    it("gives up after 24 hours: dead, kept, with the last error", async () => {
      const clock = fakeClock();
      fake.setMode("down");
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
        now: clock.now,
      });
      const [id] = await enqueue(database.db, clock.now());
      clock.advance(GIVE_UP_AFTER_MS);
      await outbox.runOnce();
      const row = await statusOf(database.db, id!);
      expect(row.status).toBe("dead");
      expect(row.lastError).toContain("503");
    });

    it("a row left 'sending' by a crash is picked up again after its lease", async () => {
      const clock = fakeClock();
      const [id] = await enqueue(database.db, clock.now());
      // the first process claims the row and dies before recording anything
      const crashed = createOutbox({
        db: database.db,
        handlers: { hubspot: () => new Promise(() => {}) },
        logger,
        now: clock.now,
        leaseMs: 60_000,
      });
      void crashed.runOnce();
      await expect.poll(async () => (await statusOf(database.db, id!)).status).toBe("sending");
      const restarted = createOutbox({
        db: database.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
        now: clock.now,
      });
      expect(await restarted.runOnce()).toBe(0); // lease still held
      clock.advance(60_001);
      expect(await restarted.runOnce()).toBe(1);
      expect((await statusOf(database.db, id!)).status).toBe("delivered");
      expect(fake.received).toHaveLength(1);
    });

    it("a worker that stalled past its lease cannot overwrite the newer attempt", async () => {
      const clock = fakeClock();
      const [id] = await enqueue(database.db, clock.now());
      let finishStalled: (r: { outcome: "retry"; error: string }) => void = () => {};
      const stalled = createOutbox({
        db: database.db,
        handlers: { hubspot: () => new Promise((resolve) => (finishStalled = resolve)) },
        logger,
        now: clock.now,
        leaseMs: 60_000,
      });
      const first = stalled.runOnce();
      await expect.poll(async () => (await statusOf(database.db, id!)).status).toBe("sending");
      clock.advance(60_001);
      let finishSecond: (r: { outcome: "delivered" }) => void = () => {};
      const second = createOutbox({
        db: database.db,
        handlers: { hubspot: () => new Promise((resolve) => (finishSecond = resolve)) },
        logger,
        now: clock.now,
      });
      const running = second.runOnce();
      await expect.poll(async () => (await statusOf(database.db, id!)).attempts).toBe(2);
      // The stalled worker wakes up and reports a failure: the second attempt's claim stands.
      finishStalled({ outcome: "retry", error: "late" });
      await first;
      let row = await statusOf(database.db, id!);
      expect(row.status).toBe("sending");
      expect(row.attempts).toBe(2);
      finishSecond({ outcome: "delivered" });
      await running;
      row = await statusOf(database.db, id!);
      expect(row.status).toBe("delivered");
    });

    it("without a test clock, leases are reckoned in the database's time", async () => {
      const [id] = await enqueue(database.db, new Date());
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: () => new Promise(() => {}) },
        logger,
        leaseMs: 90_000,
      });
      void outbox.runOnce();
      await expect.poll(async () => (await statusOf(database.db, id!)).status).toBe("sending");
      const result = (await database.db.execute(
        sql`select extract(epoch from (lease_until - now())) as s from deliveries where id = ${id!}`,
      )) as unknown as { rows: { s: string | number }[] };
      const seconds = Number(result.rows[0]!.s);
      expect(seconds).toBeGreaterThan(80);
      expect(seconds).toBeLessThanOrEqual(90);
    });

    it("attemptNow answers within the wait, and a slow HubSpot is finished in the background", async () => {
      const clock = fakeClock();
      fake.setMode("hang");
      const outbox = createOutbox({
        db: database.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
        now: clock.now,
      });
      const [id] = await enqueue(database.db, clock.now());
      const started = Date.now();
      expect(await outbox.attemptNow(id!, 200)).toBe("pending");
      expect(Date.now() - started).toBeLessThan(1500);
      // the attempt holds the row: the worker does not send it a second time meanwhile
      expect(await outbox.runOnce()).toBe(0);
    });
  });
}

outboxSuite("embedded PGlite", async () => {
  const dir = freshDataDir("site-outbox-");
  return {
    database: await openDatabase({ dataDir: dir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe.runIf(hasPostgres)("on Postgres", () => {
  outboxSuite("Postgres", async () => {
    const temp = await createTempDatabase();
    return {
      database: await openDatabase({ databaseUrl: temp.url, dataDir: "x" }),
      cleanup: temp.drop,
    };
  });

  it("two workers on one Postgres never send the same row twice", async () => {
    const temp = await createTempDatabase();
    const a = await openDatabase({ databaseUrl: temp.url, dataDir: "x" });
    const b = await openDatabase({ databaseUrl: temp.url, dataDir: "x" });
    const fake = await startFakeHubspot();
    try {
      await enqueue(a.db, new Date(), 60);
      const workerA = createOutbox({
        db: a.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
      });
      const workerB = createOutbox({
        db: b.db,
        handlers: { hubspot: hubspotHandler(fake) },
        logger,
      });
      const drain = async (w: typeof workerA) => {
        let total = 0;
        for (let n = await w.runOnce(5); n > 0; n = await w.runOnce(5)) total += n;
        return total;
      };
      const [fromA, fromB] = await Promise.all([drain(workerA), drain(workerB)]);
      expect(fromA + fromB).toBe(60);
      expect(fromA).toBeGreaterThan(0);
      expect(fromB).toBeGreaterThan(0);
      const emails = fake.received.map(
        (r) =>
          (r.body as { fields: { name: string; value: string }[] }).fields.find(
            (f) => f.name === "email",
          )!.value,
      );
      expect(emails).toHaveLength(60);
      expect(new Set(emails).size).toBe(60);
    } finally {
      await fake.close();
      await a.close();
      await b.close();
      await temp.drop();
    }
  });
});
