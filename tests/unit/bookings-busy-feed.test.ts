import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchFeed } from "../../server/bookings/busy-feed-fetch";
import { readCounsellorBusyFeed, runBusyFeeds } from "../../server/bookings/busy-feed";
import { createBookingSettings } from "../../server/bookings/settings";
import { type Database, openDatabase } from "../../server/db/client";
import { counsellorBusyTimes, counsellorSettings, jobRuns } from "../../server/db/schema";
import { type OpenDatabase, openTempPglite } from "../support/databases";
import { createTempDatabase, postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/calendars/${name}`, import.meta.url), "utf8");
const NOW = new Date("2026-12-01T10:00:00+01:00");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** A calendar server on loopback serving the real .ics fixtures, counting what it was asked. */
async function calendarServer() {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/google/basic.ics")
      return res
        .writeHead(200, { "content-type": "text/calendar" })
        .end(fixture("google-export.ics"));
    if (path === "/blocks.ics")
      return res
        .writeHead(200, { "content-type": "text/calendar" })
        .end(fixture("no-timezone-blocks.ics"));
    if (path === "/moved.ics") return res.writeHead(302, { location: "/google/basic.ics" }).end();
    if (path === "/sign-in.ics")
      return res.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>");
    if (path === "/slow.ics") return; // never answers
    if (path === "/big.ics") {
      res.writeHead(200, { "content-type": "text/calendar" });
      res.write("BEGIN:VCALENDAR\r\n" + "X".repeat(64 * 1024));
      return res.end("X".repeat(64 * 1024));
    }
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    hits,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const iso = (rows: { startsAt: Date; endsAt: Date }[]) =>
  rows.map((r) => [r.startsAt.toISOString(), r.endsAt.toISOString()]);

function busyFeedSuite(
  name: string,
  open: OpenDatabase,
  /** a second process's connection to the same database (Postgres), or the same one */
  second: (database: Database) => Promise<{ other: Database; close: () => Promise<void> }>,
) {
  describe(`busy times from counsellors' calendars on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let feeds: Awaited<ReturnType<typeof calendarServer>>;
    const settings = () => createBookingSettings(database.db, { now: () => NOW });
    const busyOf = async (counsellor: string) =>
      iso(
        await database.db
          .select()
          .from(counsellorBusyTimes)
          .where(eq(counsellorBusyTimes.counsellorId, counsellor))
          .orderBy(counsellorBusyTimes.startsAt),
      );
    const settingsRow = async (counsellor: string) =>
      (
        await database.db
          .select()
          .from(counsellorSettings)
          .where(eq(counsellorSettings.counsellorId, counsellor))
      )[0]!;

    beforeAll(async () => {
      ({ database, cleanup } = await open());
      feeds = await calendarServer();
    });
    afterAll(async () => {
      feeds?.close();
      await database?.close();
      await cleanup?.();
    });

    it("replaces a counsellor's busy times with their calendar's, recurring and all-day events included", async () => {
      await database.db.insert(counsellorBusyTimes).values({
        counsellorId: "adaeze",
        startsAt: new Date("2026-12-02T08:00:00Z"),
        endsAt: new Date("2026-12-02T09:00:00Z"),
      });
      await settings().setBusyFeed(
        "adaeze",
        `${feeds.base}/google/basic.ics`,
        "office@kindredhearts.ng",
      );
      expect(await readCounsellorBusyFeed(database.db, "adaeze", { now: NOW })).toBe("read");
      const busy = await busyOf("adaeze");
      // the stale row is gone; the weekly clinic (EXDATE, moved and cancelled instances), the
      // all-day Christmas, and the daily series begun years ago are there, within 28 days + today
      expect(busy).not.toContainEqual(["2026-12-02T08:00:00.000Z", "2026-12-02T09:00:00.000Z"]);
      const clinics = busy
        .filter(([start]) => start!.endsWith("T13:00:00.000Z"))
        .map(([s]) => s!.slice(0, 10));
      expect(clinics).toEqual([
        "2026-12-01",
        "2026-12-03",
        "2026-12-17",
        "2026-12-22",
        "2026-12-24",
        "2026-12-29",
      ]);
      expect(busy).toContainEqual(["2026-12-10T15:00:00.000Z", "2026-12-10T16:00:00.000Z"]);
      expect(busy).toContainEqual(["2026-12-23T23:00:00.000Z", "2026-12-25T23:00:00.000Z"]);
      expect(busy.filter(([start]) => start!.endsWith("T06:00:00.000Z"))).toHaveLength(29);
      const row = await settingsRow("adaeze");
      expect(row.busyFeedError).toBeNull();
      expect(row.busyFeedCheckedAt?.toISOString()).toBe(NOW.toISOString());
      expect((await settings().read("adaeze")).busyFeed).toMatchObject({ busyCount: busy.length });
    });

    it("follows a redirect, and reads a zone the feed only names", async () => {
      await settings().setBusyFeed("seun", `${feeds.base}/moved.ics`, "office@kindredhearts.ng");
      expect(await readCounsellorBusyFeed(database.db, "seun", { now: NOW })).toBe("read");
      expect((await busyOf("seun")).length).toBeGreaterThan(30);
      await settings().setBusyFeed("seun", `${feeds.base}/blocks.ics`, "office@kindredhearts.ng");
      expect(await readCounsellorBusyFeed(database.db, "seun", { now: NOW })).toBe("read");
      expect(await busyOf("seun")).toEqual([
        ["2026-12-09T09:00:00.000Z", "2026-12-09T10:30:00.000Z"],
        ["2026-12-10T08:00:00.000Z", "2026-12-10T09:00:00.000Z"],
      ]);
    });

    it("records a failed read in words without the address, keeping the last good busy times", async () => {
      const before = await busyOf("seun");
      const cases = [
        ["/gone-secret-123.ics", /was refused \(404\).*new secret address/],
        ["/sign-in.ics", /not a calendar/],
      ] as const;
      for (const [path, words] of cases) {
        await settings().setBusyFeed("seun", `${feeds.base}${path}`, "office@kindredhearts.ng");
        expect(await readCounsellorBusyFeed(database.db, "seun", { now: NOW })).toBe("failed");
        const row = await settingsRow("seun");
        expect(row.busyFeedError).toMatch(words);
        expect(row.busyFeedError).not.toContain("127.0.0.1");
        expect(row.busyFeedError).not.toContain("secret-123");
        expect(await busyOf("seun")).toEqual(before);
      }
      await settings().setBusyFeed("seun", `${feeds.base}/slow.ics`, "office@kindredhearts.ng");
      expect(await readCounsellorBusyFeed(database.db, "seun", { now: NOW, timeoutMs: 300 })).toBe(
        "failed",
      );
      expect((await settingsRow("seun")).busyFeedError).toMatch(/did not answer in time/);
      expect((await settings().read("seun")).busyFeed?.problem).toMatch(/did not answer in time/);
    });

    it("refuses a calendar over the size limit while reading it", async () => {
      expect(await fetchFeed(`${feeds.base}/big.ics`, { maxBytes: 100_000 })).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/larger than the site reads/),
      });
    });

    it("marks the job failed on /status while a calendar cannot be read, and clears it when all read", async () => {
      const run = await runBusyFeeds(database.db, { now: later(10), timeoutMs: 300 });
      expect(run).toEqual({ claimed: true, read: 1, failed: 1 });
      const [job] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, "busy-feeds"));
      expect(job!.lastError).toBe("1 counsellor calendar could not be read (see Booking settings)");
      await settings().setBusyFeed("seun", `${feeds.base}/blocks.ics`, "office@kindredhearts.ng");
      expect(await runBusyFeeds(database.db, { now: later(20) })).toEqual({
        claimed: true,
        read: 2,
        failed: 0,
      });
      const [ok] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, "busy-feeds"));
      expect(ok!.lastError).toBeNull();
    });

    it("reads each calendar once per interval however many processes share the database", async () => {
      const { other, close } = await second(database);
      try {
        const path = "/blocks.ics";
        const asked = feeds.hits.get(path) ?? 0;
        const runs = await Promise.all([
          runBusyFeeds(database.db, { now: later(30) }),
          runBusyFeeds(other.db, { now: later(30) }),
          runBusyFeeds(other.db, { now: later(31) }),
        ]);
        expect(runs.filter((r) => r.claimed)).toHaveLength(1);
        expect((feeds.hits.get(path) ?? 0) - asked).toBe(1);
        // the next interval is read again
        expect((await runBusyFeeds(other.db, { now: later(36) })).claimed).toBe(true);
      } finally {
        await close();
      }
    });
  });
}

busyFeedSuite("embedded PGlite", openTempPglite("site-busy-feed-"), async (database) => ({
  other: database,
  close: async () => {},
}));

describe.runIf(hasPostgres)("Postgres", () => {
  let url = "";
  busyFeedSuite(
    "Postgres",
    async () => {
      const temp = await createTempDatabase();
      url = temp.url;
      const database = await openDatabase({ databaseUrl: temp.url, dataDir: "unused" });
      return { database, cleanup: temp.drop };
    },
    async () => {
      const other = await openDatabase({ databaseUrl: url, dataDir: "unused" });
      return { other, close: () => other.close() };
    },
  );
});
