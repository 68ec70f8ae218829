import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officeHours } from "../../app/lib/bookings/weekly-hours";
import type { BookingSettingsService } from "../../app/lib/services/booking-settings";
import { calendarFeedRoute, type FeedSource, loggablePath } from "../../server/bookings/feed-route";
import { createBookingSettings } from "../../server/bookings/settings";
import type { Database } from "../../server/db/client";
import {
  appointments,
  contentAudit,
  counsellorSettings,
  submissions,
} from "../../server/db/schema";
import { createLogger } from "../../server/operations/logger";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const NOW = new Date("2026-12-01T10:00:00+01:00");
const READER = "office@kindredhearts.ng";

/** A booking of `counsellor` by Ada Obi, `days` from NOW, at 10:00 Lagos. */
async function book(database: Database, counsellor: string, days: number, status = "booked") {
  const [submission] = await database.db
    .insert(submissions)
    .values({
      kind: "booking",
      payload: { name: "Ada Obi", email: "ada@example.org", phone: "08031234567" },
    })
    .returning({ id: submissions.id });
  const startsAt = new Date(NOW.getTime() + days * 86_400_000);
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
  await database.db.insert(appointments).values({
    submissionId: submission!.id,
    counsellorId: counsellor,
    sessionType: "couples-session",
    status: status as "booked" | "cancelled",
    startsAt,
    endsAt,
    blockedUntil: new Date(endsAt.getTime() + 15 * 60_000),
  });
}

function settingsSuite(name: string, open: OpenDatabase) {
  describe(`booking settings on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let settings: BookingSettingsService;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      settings = createBookingSettings(database.db, { now: () => NOW });
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("gives the office hours and default rules to a counsellor never set up", async () => {
      const view = await settings.read("adaeze");
      expect(view).toMatchObject({
        defaults: true,
        calendarAddress: false,
        timeOff: [],
        rules: { weeklyHours: officeHours, bufferMinutes: 15, noticeHours: 24, horizonDays: 28 },
      });
      expect(view.busyFeed).toBeUndefined();
    });

    it("stores a counsellor's own week and rules, the notice in minutes, and audits who", async () => {
      const week = [
        [
          { start: 540, end: 720 },
          { start: 840, end: 1020 },
        ],
        [],
        [],
        [],
        [],
        [],
        [],
      ];
      await settings.saveRules(
        "adaeze",
        { weeklyHours: week, bufferMinutes: 10, noticeHours: 48, horizonDays: 21 },
        READER,
      );
      const [row] = await database.db
        .select()
        .from(counsellorSettings)
        .where(eq(counsellorSettings.counsellorId, "adaeze"));
      expect(row).toMatchObject({ weeklyHours: week, noticeMinutes: 2880, horizonDays: 21 });
      expect((await settings.read("adaeze")).defaults).toBe(false);
      const audit = await database.db.select().from(contentAudit);
      expect(audit.at(-1)).toMatchObject({ editor: READER, action: "booking-settings" });
      expect((await settings.summaries(["adaeze", "seun"])).map((s) => s.defaults)).toEqual([
        false,
        true,
      ]);
    });

    it("lists time off to come in date order, and removes only the counsellor's own", async () => {
      await settings.addTimeOff("adaeze", { from: "2026-12-24", to: "2026-12-26" }, READER);
      await settings.addTimeOff(
        "adaeze",
        { from: "2026-12-10", to: "2026-12-10", note: "Training" },
        READER,
      );
      await settings.addTimeOff("adaeze", { from: "2026-11-02", to: "2026-11-03" }, READER);
      await settings.addTimeOff("seun", { from: "2026-12-11", to: "2026-12-11" }, READER);
      const { timeOff } = await settings.read("adaeze");
      expect(timeOff.map((t) => [t.from, t.to, t.note])).toEqual([
        ["2026-12-10", "2026-12-10", "Training"],
        ["2026-12-24", "2026-12-26", undefined],
      ]);
      const seuns = (await settings.read("seun")).timeOff[0]!;
      expect(await settings.removeTimeOff("adaeze", seuns.id, READER)).toBe(false);
      expect(await settings.removeTimeOff("adaeze", timeOff[0]!.id, READER)).toBe(true);
      expect((await settings.read("adaeze")).timeOff).toHaveLength(1);
    });

    it("keeps only the hash of a calendar secret, and says an address exists", async () => {
      const secret = await settings.newCalendarSecret("seun", READER);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await database.db
        .select()
        .from(counsellorSettings)
        .where(eq(counsellorSettings.counsellorId, "seun"));
      expect(row!.feedSecretHash).toBeTruthy();
      expect(row!.feedSecretHash).not.toContain(secret);
      expect((await settings.read("seun")).calendarAddress).toBe(true);
      const audit = await database.db.select().from(contentAudit);
      expect(JSON.stringify(audit)).not.toContain(secret);
    });

    it("keeps a calendar address secret: only its host is shown, and a bad one is refused", async () => {
      const url = "http://127.0.0.1:9/private-abc123/basic.ics";
      expect(
        await settings.setBusyFeed("adaeze", "http://example.org/x.ics", READER),
      ).toMatchObject({ ok: false });
      expect(await settings.setBusyFeed("adaeze", url, READER)).toEqual({ ok: true });
      const view = await settings.read("adaeze");
      expect(view.busyFeed).toEqual({ host: "127.0.0.1:9", busyCount: 0 });
      expect(JSON.stringify(view)).not.toContain("private-abc123");
      const audit = await database.db.select().from(contentAudit);
      expect(JSON.stringify(audit)).not.toContain("private-abc123");
      await settings.setBusyFeed("adaeze", undefined, READER);
      expect((await settings.read("adaeze")).busyFeed).toBeUndefined();
    });

    describe("the private calendar at /calendar/<secret>.ics", () => {
      let base: string;
      let close: () => void;
      const lines: string[] = [];
      beforeAll(async () => {
        await book(database, "hauwa", 2);
        await book(database, "hauwa", 5, "cancelled");
        await book(database, "hauwa", -45);
        await book(database, "hauwa", -10);
        await book(database, "seun", 3);
        const logger = createLogger(
          "debug",
          new Writable({
            write(chunk, _encoding, done) {
              lines.push(String(chunk));
              done();
            },
          }),
        );
        const source: FeedSource = {
          db: database.db,
          siteUrl: "https://kindredhearts.ng",
          logger,
          describeSession: () => ({ name: "Couples session", location: "Lekki" }),
          counsellorName: (id) => (id === "hauwa" ? "Hauwa Abdullahi" : undefined),
          now: () => NOW.getTime(),
        };
        const app = express();
        app.use(calendarFeedRoute(source));
        app.use((_req, res) => {
          res.status(418).send("fell through");
        });
        const server = app.listen(0, "127.0.0.1");
        await new Promise((resolve) => server.once("listening", resolve));
        base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
        close = () => server.close();
      });
      afterAll(() => close?.());

      it("serves the counsellor's booked sessions from 30 days ago on, privately, first names only", async () => {
        const secret = await settings.newCalendarSecret("hauwa", READER);
        const response = await fetch(`${base}/calendar/${secret}.ics`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        const text = await response.text();
        expect(text).toContain("X-WR-CALNAME:Bookings: Hauwa Abdullahi");
        expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
        expect(text).toContain("SUMMARY:Couples session: Ada");
        expect(text).not.toMatch(/Obi|ada@example\.org|\b0803/);
        expect(text).toContain("DTSTART:20261203T090000Z");
        expect(text).toContain("DTSTART:20261121T090000Z");
        expect(text).not.toContain("STATUS:CANCELLED");
      });

      it("stops answering the old address once a new one is made", async () => {
        const old = await settings.newCalendarSecret("hauwa", READER);
        expect((await fetch(`${base}/calendar/${old}.ics`)).status).toBe(200);
        const fresh = await settings.newCalendarSecret("hauwa", READER);
        expect((await fetch(`${base}/calendar/${old}.ics`)).status).toBe(404);
        expect((await fetch(`${base}/calendar/${fresh}.ics`)).status).toBe(200);
      });

      it("answers 404 for an unknown or malformed secret, and leaves other paths alone", async () => {
        expect((await fetch(`${base}/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
        expect((await fetch(`${base}/calendar/short.ics`)).status).toBe(404);
        expect((await fetch(`${base}/calendar`)).status).toBe(418);
        expect(lines.join("")).not.toContain("A".repeat(43));
      });

      it("logs a calendar's path without its secret", () => {
        expect(loggablePath(`/calendar/${"x".repeat(43)}.ics`)).toBe("/calendar/[secret].ics");
        expect(loggablePath("/contact")).toBe("/contact");
        expect(loggablePath("/bookings/AbC-123_xyz")).toBe("/bookings/[token]");
        expect(loggablePath("/bookings/AbC-123_xyz.data")).toBe("/bookings/[token]");
      });
    });
  });
}

settingsSuite("embedded PGlite", openTempPglite("site-booking-settings-"));

describe.runIf(hasPostgres)("Postgres", () => {
  settingsSuite("Postgres", openTempPostgres);
});
