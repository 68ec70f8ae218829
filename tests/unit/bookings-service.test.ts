import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContent } from "../../app/content/documents";
import { parseLagosDateTime } from "../../app/lib/bookings/lagos-time";
import type { BookingRequest, BookingsService } from "../../app/lib/services/bookings";
import { type Database, openDatabase } from "../../server/db/client";
import {
  appointments,
  counsellorBusyTimes,
  counsellorSettings,
  counsellorTimeOff,
  deliveries,
  idempotencyKeys,
  submissions,
} from "../../server/db/schema";
import { createRateLimiter } from "../../server/http/rate-limit";
import { TIME_TAKEN } from "../../server/bookings/book";
import { type BookingsDeps, createBookingsService } from "../../server/bookings/service";
import { createLogger } from "../../server/operations/logger";
import { queueBookingMails } from "../../server/bookings/mails/queue";
import { logSpy } from "../support/log-spy";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { createTempDatabase, postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

/** Monday 7 December 2026, 08:00 in Lagos: the tests' "now". */
const NOW = parseLagosDateTime("2026-12-07T08:00")!;
const at = (value: string) => parseLagosDateTime(value)!;
const LEAD = "dr-adaeze-okafor";
const SEUN = "oluwaseun-adeyemi";
const HAUWA = "hauwa-abdullahi";
const CHIAMAKA = "chiamaka-eze";

const meta = (key?: string, ip = "203.0.113.7") => ({
  ip,
  pageUri: "http://site/schedule",
  pageName: "Schedule",
  ...(key ? { idempotencyKey: key } : {}),
});

const visitor = { name: "Ngozi Bello", email: "ngozi.bello@example.com", phone: "+2348030000001" };

const request = (over: Partial<BookingRequest> = {}): BookingRequest => ({
  sessionTypeId: "individual-therapy",
  counsellorId: LEAD,
  time: "2026-12-09T10:00",
  ...visitor,
  ...over,
});

const mailSettings = { visitor: true, practice: true, reminderHours: [24, 2] };

function serviceOn(database: Database, over: Partial<BookingsDeps> = {}) {
  const content = shippedContent(new Date(NOW));
  return createBookingsService({
    db: database.db,
    content: () => content,
    rateLimit: createRateLimiter({ db: database.db, limit: 1_000 }),
    outbox: { wake: () => {} },
    logger: createLogger("silent"),
    destinations: [],
    queueBookingMails: (tx, request) => queueBookingMails(tx, mailSettings, request),
    now: () => NOW,
    ...over,
  });
}

function serviceSuite(name: string, open: OpenDatabase) {
  describe(`bookings service on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let service: BookingsService;
    const spy = logSpy();
    const tokens: string[] = [];
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      service = serviceOn(database, { logger: spy.logger });
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("offers the published session types with a length and the team members who take bookings", async () => {
      const { sessionTypes, counsellors } = await service.catalogue();
      expect(sessionTypes).toContainEqual(
        expect.objectContaining({ id: "individual-therapy", minutes: 60, place: "lekki" }),
      );
      expect(sessionTypes).toContainEqual(
        expect.objectContaining({ id: "introductory-consultation", minutes: 30, place: "online" }),
      );
      expect(sessionTypes.find((t) => t.id === "happier-marriage-program")).toBeUndefined();
      expect(counsellors.map((c) => c.id)).toEqual([LEAD, SEUN, HAUWA, CHIAMAKA]);
    });

    it("pages a week of free times from the first bookable day: nothing inside the notice or on Sunday", async () => {
      const page = await service.freeTimes({
        sessionTypeId: "individual-therapy",
        counsellorId: LEAD,
      });
      expect(page.days.map((d) => d.date)).toEqual([
        "2026-12-08",
        "2026-12-09",
        "2026-12-10",
        "2026-12-11",
        "2026-12-12",
        "2026-12-13",
        "2026-12-14",
      ]);
      const starts = page.days.flatMap((d) => d.starts);
      expect(Math.min(...starts)).toBeGreaterThanOrEqual(NOW + 24 * 3_600_000);
      expect(page.days.find((d) => d.date === "2026-12-13")!.starts).toEqual([]);
      // Tuesday from 08:00 + 24 h: 9:00 is the first start; the last ends by 18:00.
      expect(page.days[0]!.starts[0]).toBe(at("2026-12-08T09:00"));
      expect(page.days[0]!.starts.at(-1)).toBe(at("2026-12-08T17:00"));
      expect(page.previous).toBeUndefined();
      expect(page.next).toBe("2026-12-15");
      const next = await service.freeTimes({
        sessionTypeId: "individual-therapy",
        counsellorId: LEAD,
        from: page.next,
      });
      expect(next.days[0]!.date).toBe("2026-12-15");
      expect(next.previous).toBe("2026-12-08");
    });

    it("leaves out bookings with their buffer, time off and busy times", async () => {
      await database.db.insert(counsellorTimeOff).values({
        counsellorId: SEUN,
        fromDate: "2026-12-10",
        toDate: "2026-12-10",
      });
      await database.db.insert(counsellorBusyTimes).values({
        counsellorId: SEUN,
        startsAt: new Date(at("2026-12-11T12:00")),
        endsAt: new Date(at("2026-12-11T13:00")),
      });
      const booked = await service.book(
        request({ counsellorId: SEUN, time: "2026-12-09T10:00" }),
        meta(),
      );
      expect(booked.status).toBe("booked");
      const page = await service.freeTimes({
        sessionTypeId: "individual-therapy",
        counsellorId: SEUN,
      });
      const day = (date: string) => page.days.find((d) => d.date === date)!.starts;
      // 10:00-11:00 booked, 15 min buffer: 9:00 would end inside it, 11:00 inside the buffer.
      expect(day("2026-12-09")).not.toContain(at("2026-12-09T09:30"));
      expect(day("2026-12-09")).not.toContain(at("2026-12-09T10:00"));
      expect(day("2026-12-09")).not.toContain(at("2026-12-09T11:00"));
      expect(day("2026-12-09")).toContain(at("2026-12-09T11:30"));
      expect(day("2026-12-10")).toEqual([]);
      expect(day("2026-12-11")).not.toContain(at("2026-12-11T11:00"));
      expect(day("2026-12-11")).not.toContain(at("2026-12-11T12:30"));
      expect(day("2026-12-11")).toContain(at("2026-12-11T13:30"));
    });

    it("keeps a counsellor's own hours, buffer and notice", async () => {
      await database.db.insert(counsellorSettings).values({
        counsellorId: HAUWA,
        // Wednesdays 14:00-16:00 only
        weeklyHours: [[], [], [{ start: 14 * 60, end: 16 * 60 }], [], [], [], []],
        noticeMinutes: 72 * 60,
      });
      const page = await service.freeTimes({
        sessionTypeId: "individual-therapy",
        counsellorId: HAUWA,
      });
      const starts = page.days.flatMap((d) => d.starts);
      expect(starts).toEqual([
        at("2026-12-16T14:00"),
        at("2026-12-16T14:30"),
        at("2026-12-16T15:00"),
      ]);
    });

    it("in a flood of posts, a booking is made and every e-mail of it waits, held, for the practice", async () => {
      const flooded = serviceOn(database, {
        rateLimit: createRateLimiter({ db: database.db, limit: 1_000, floodThreshold: 0 }),
      });
      const result = await flooded.book(
        request({ time: "2026-12-11T16:00", email: "flood@example.com" }),
        meta(undefined, "198.51.100.200"),
      );
      expect(result.status).toBe("booked");
      const [row] = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, new Date(at("2026-12-11T16:00"))));
      const queued = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, row!.submissionId!));
      expect(queued.length).toBeGreaterThanOrEqual(3);
      expect(new Set(queued.map((d) => d.status))).toEqual(new Set(["held"]));
    });

    it("gives one of twenty simultaneous bookings of one time; the others hear it was just taken, with the nearest free times", async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          service.book(
            request({ time: "2026-12-10T11:00", email: `person${i}@example.com` }),
            meta(undefined, `198.51.100.${i + 1}`),
          ),
        ),
      );
      const booked = results.filter((r) => r.status === "booked");
      expect(booked).toHaveLength(1);
      const refused = results.filter((r) => r.status === "refused");
      expect(refused).toHaveLength(19);
      for (const r of refused) {
        expect(r).toMatchObject({ status: "refused", field: "time", message: TIME_TAKEN });
        const nearest = (r as { nearest: number[] }).nearest;
        expect(nearest.length).toBeGreaterThanOrEqual(3);
        expect(nearest).not.toContain(at("2026-12-10T11:00"));
      }
      const rows = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, new Date(at("2026-12-10T11:00"))));
      expect(rows.filter((r) => r.counsellorId === LEAD)).toHaveLength(1);
      // one confirmation: the losers' transactions kept nothing
      const sent = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.destination, "booking-visitor:booked"));
      expect(sent.filter((d) => d.submissionId === rows[0]!.submissionId)).toHaveLength(1);
      const stored = await database.db
        .select()
        .from(submissions)
        .where(sql`${submissions.payload}->>'time' = '2026-12-10T11:00'`);
      expect(stored).toHaveLength(1);
    });

    it("books 'First available' with the next counsellor free when the first is taken", async () => {
      const first = await service.book(
        request({ counsellorId: "first", time: "2026-12-10T11:00" }),
        meta(),
      );
      expect(first.status).toBe("booked");
      // The lead has that time already (the test before), Seun is away that day and Hauwa works
      // only on Wednesdays: the next in the team's order.
      expect((first as { booking: { counsellor: { id: string } } }).booking.counsellor.id).toBe(
        CHIAMAKA,
      );
    });

    it("answers a repeated post with the same booking and token, and keeps one row", async () => {
      const key = "7d1b5d4e-2f4a-4a8e-9d1c-0a6f1e2b3c4d";
      const body = request({ time: "2026-12-14T09:00", email: "repeat@example.com" });
      const [a, b] = await Promise.all([
        service.book(body, meta(key)),
        service.book(body, meta(key)),
      ]);
      const c = await service.book(body, meta(key));
      expect(a.status).toBe("booked");
      const token = (a as { token: string }).token;
      tokens.push(token);
      expect((b as { token: string }).token).toBe(token);
      expect((c as { token: string }).token).toBe(token);
      const rows = await database.db
        .select()
        .from(submissions)
        .where(sql`${submissions.payload}->>'email' = 'repeat@example.com'`);
      expect(rows).toHaveLength(1);
      const outbox = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, rows[0]!.id));
      // the booking's e-mails, queued once in its transaction, the token only in the confirmation
      expect(outbox.map((d) => d.destination).sort()).toEqual([
        "booking-practice:booked",
        "booking-reminder:24h-s0",
        "booking-reminder:2h-s0",
        "booking-visitor:booked",
      ]);
      expect(outbox.find((d) => d.destination === "booking-visitor:booked")!.detail).toEqual({
        token,
      });
      expect(rows[0]!.payload).toMatchObject({
        sessionType: "Individual Therapy Session",
        counsellor: "Dr. Adaeze Okafor",
        start: "Monday 14 December 2026, 9:00 AM to 10:00 AM WAT",
        pageName: "Schedule",
      });
      const view = await service.byToken(token);
      expect(view).toMatchObject({
        status: "booked",
        firstName: "Ngozi",
        changeable: true,
        past: false,
      });
    });

    it("forgets a repeat's token after an hour: a later repeat gets the booking without it", async () => {
      const key = "0b9e7c1a-5d2f-4c3b-8a6e-1f2d3c4b5a69";
      const body = request({ time: "2026-12-14T11:00", email: "late-repeat@example.com" });
      const first = await service.book(body, meta(key));
      expect(first).toMatchObject({ status: "booked", token: expect.any(String) });
      await database.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
        .where(eq(idempotencyKeys.kind, "booking"));
      // any booking clears the tokens kept past their hour
      await service.book(request({ time: "2026-12-14T16:00", email: "other@example.com" }), meta());
      const kept = await database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.kind, "booking"));
      expect(kept.every((k) => k.answer === null)).toBe(true);
      const again = await service.book(body, meta(key));
      expect(again.status).toBe("booked");
      expect(again).not.toHaveProperty("token");
      const rows = await database.db
        .select()
        .from(submissions)
        .where(sql`${submissions.payload}->>'email' = 'late-repeat@example.com'`);
      expect(rows).toHaveLength(1);
    });

    it("is blocked by a live hold, and not by an expired one, which the booking clears", async () => {
      const hold = (start: string, expires: Date) => ({
        counsellorId: LEAD,
        sessionType: "individual-therapy",
        status: "held" as const,
        startsAt: new Date(at(start)),
        endsAt: new Date(at(start) + 3_600_000),
        blockedUntil: new Date(at(start) + 4_500_000),
        holdExpiresAt: expires,
      });
      await database.db
        .insert(appointments)
        .values([
          hold("2026-12-11T09:00", new Date(NOW + 15 * 60_000)),
          hold("2026-12-11T14:00", new Date(Date.now() - 60_000)),
        ]);
      const page = await service.freeTimes({
        sessionTypeId: "individual-therapy",
        counsellorId: LEAD,
      });
      const friday = page.days.find((d) => d.date === "2026-12-11")!.starts;
      expect(friday).not.toContain(at("2026-12-11T09:00"));
      expect(friday).toContain(at("2026-12-11T14:00"));
      expect(await service.book(request({ time: "2026-12-11T09:00" }), meta())).toMatchObject({
        status: "refused",
        message: TIME_TAKEN,
      });
      expect(await service.book(request({ time: "2026-12-11T14:00" }), meta())).toMatchObject({
        status: "booked",
      });
    });

    it.each([
      ["in the past", { time: "2026-12-01T10:00" }, "time", "already passed"],
      ["inside the notice", { time: "2026-12-07T15:00" }, "time", "notice"],
      ["on a Sunday", { time: "2026-12-13T10:00" }, "time", "Sundays"],
      ["outside the hours", { time: "2026-12-09T19:00" }, "time", "opening hours"],
      ["off the grid", { time: "2026-12-09T10:10" }, "time", "Sessions start at the times"],
      ["beyond the horizon", { time: "2027-03-01T10:00" }, "time", "up to 4 weeks"],
      ["a malformed date", { time: "2026-13-45T99:99" }, "time", "choose a date and time"],
      ["a date that is not there", { time: "2026-02-30T10:00" }, "time", "choose a date and time"],
      ["an unknown counsellor", { counsellorId: "nobody" }, "counsellorId", "counsellor"],
      [
        "an unknown session type",
        { sessionTypeId: "happier-marriage-program" },
        "sessionTypeId",
        "session",
      ],
      ["a bad e-mail", { email: "not-an-address" }, "email", ""],
    ] as const)(
      "refuses a time %s at its field, without a booking",
      async (_case, over, field, words) => {
        const before = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(appointments);
        const result = await service.book(request(over as Partial<BookingRequest>), meta());
        expect(result).toMatchObject({ status: "refused", field });
        expect((result as { message: string }).message).toContain(words);
        const after = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(appointments);
        expect(after[0]!.n).toBe(before[0]!.n);
      },
    );

    it("knows no forged, malformed or unknown token, and never throws on one", async () => {
      for (const token of ["", "x", "a".repeat(43), "../../etc/passwd", "\u0000".repeat(43)]) {
        expect(await service.byToken(token)).toBeUndefined();
        expect(await service.cancel(token)).toEqual({ status: "unknown" });
        expect(await service.move(token, "2026-12-09T12:00", meta())).toEqual({
          status: "unknown",
        });
      }
    });

    it("moves a booking to another free time and frees the old one; a bad time is refused", async () => {
      const booked = await service.book(
        request({ counsellorId: CHIAMAKA, time: "2026-12-15T10:00", email: "move@example.com" }),
        meta(),
      );
      const token = (booked as { token: string }).token;
      expect(await service.move(token, "2026-12-13T10:00", meta())).toMatchObject({
        status: "refused",
      });
      expect(await service.move(token, "nonsense", meta())).toMatchObject({ status: "refused" });
      const moved = await service.move(token, "2026-12-15T14:00", meta());
      expect(moved).toMatchObject({ status: "done", booking: { start: at("2026-12-15T14:00") } });
      // sent again: done, nothing changes
      expect(await service.move(token, "2026-12-15T14:00", meta())).toMatchObject({
        status: "done",
      });
      const [row] = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, new Date(at("2026-12-15T14:00"))));
      expect(row!.sequence).toBe(1);
      const page = await service.freeTimes({
        sessionTypeId: "individual-therapy",
        counsellorId: CHIAMAKA,
        from: "2026-12-15",
      });
      expect(page.days[0]!.starts).toContain(at("2026-12-15T10:00"));
      expect(page.days[0]!.starts).not.toContain(at("2026-12-15T14:00"));
    });

    it("refuses a move onto a taken time with the nearest free ones", async () => {
      const a = await service.book(
        request({ counsellorId: CHIAMAKA, time: "2026-12-16T10:00", email: "a@example.com" }),
        meta(),
      );
      const b = await service.book(
        request({ counsellorId: CHIAMAKA, time: "2026-12-16T12:00", email: "b@example.com" }),
        meta(),
      );
      expect(a.status).toBe("booked");
      const result = await service.move((b as { token: string }).token, "2026-12-16T10:00", meta());
      expect(result).toMatchObject({ status: "refused", message: TIME_TAKEN });
      expect((result as { nearest: number[] }).nearest.length).toBeGreaterThan(0);
    });

    it("cancels a booking, frees its time, and then shows it as past; cancelling again is done", async () => {
      const booked = await service.book(
        request({ counsellorId: CHIAMAKA, time: "2026-12-17T10:00", email: "cancel@example.com" }),
        meta(),
      );
      const token = (booked as { token: string }).token;
      tokens.push(token);
      const cancelled = await service.cancel(token);
      expect(cancelled).toMatchObject({
        status: "done",
        booking: { status: "cancelled", past: true },
      });
      expect(await service.cancel(token)).toMatchObject({ status: "done" });
      expect(await service.byToken(token)).toMatchObject({
        status: "cancelled",
        past: true,
        changeable: false,
      });
      expect(await service.move(token, "2026-12-17T12:00", meta())).toEqual({ status: "unknown" });
      const [row] = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, new Date(at("2026-12-17T10:00"))));
      expect(row).toMatchObject({ status: "cancelled", cancelledBy: "visitor", sequence: 1 });
      const mails = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, row!.submissionId!));
      expect(mails.find((d) => d.destination === "booking-visitor:cancelled")).toBeDefined();
      expect(
        mails.filter((d) => d.destination.startsWith("booking-reminder:")).map((d) => d.status),
      ).toEqual(["skipped", "skipped"]);
      const again = await service.book(
        request({ counsellorId: CHIAMAKA, time: "2026-12-17T10:00", email: "again@example.com" }),
        meta(),
      );
      expect(again.status).toBe("booked");
    });

    it("says too late inside 24 hours, and the token dies after the session", async () => {
      const booked = await service.book(
        request({ counsellorId: SEUN, time: "2026-12-18T10:00", email: "late@example.com" }),
        meta(),
      );
      const token = (booked as { token: string }).token;
      const later = (ms: number) => serviceOn(database, { now: () => ms });
      const dayBefore = later(at("2026-12-17T12:00"));
      expect(await dayBefore.cancel(token)).toEqual({ status: "too-late" });
      expect(await dayBefore.move(token, "2026-12-19T10:00", meta())).toEqual({
        status: "too-late",
      });
      expect(await dayBefore.byToken(token)).toMatchObject({ changeable: false, past: false });
      expect(await later(at("2026-12-18T12:00")).byToken(token)).toMatchObject({ past: true });
      expect(await later(at("2026-12-18T12:00")).cancel(token)).toEqual({ status: "unknown" });
      expect(await later(at("2026-12-20T12:00")).byToken(token)).toBeUndefined();
    });

    it("logs no name, e-mail, phone or token", () => {
      const text = spy.lines.join("\n");
      expect(spy.lines.length).toBeGreaterThan(10);
      for (const secret of [
        visitor.name,
        "Ngozi",
        visitor.email,
        "example.com",
        "8030000001",
        ...tokens,
      ]) {
        expect(text).not.toContain(secret);
      }
    });
  });
}

serviceSuite("embedded PGlite", openTempPglite("site-bookings-"));

describe.runIf(hasPostgres)("Postgres", () => {
  serviceSuite("Postgres", openTempPostgres);

  it("gives one booking of a time to two site instances on two connections to one database", async () => {
    const temp = await createTempDatabase();
    const one = await openDatabase({ databaseUrl: temp.url, dataDir: "unused" });
    const two = await openDatabase({ databaseUrl: temp.url, dataDir: "unused" });
    try {
      const a = serviceOn(one);
      const b = serviceOn(two);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).book(
            request({ time: "2026-12-10T15:00", email: `p${i}@example.com` }),
            meta(undefined, `198.51.100.${i + 1}`),
          ),
        ),
      );
      expect(results.filter((r) => r.status === "booked")).toHaveLength(1);
      expect(
        results.filter((r) => r.status === "refused" && r.message === TIME_TAKEN),
      ).toHaveLength(19);
      const rows = await one.db.select().from(appointments);
      expect(rows).toHaveLength(1);
    } finally {
      await one.close();
      await two.close();
      await temp.drop();
    }
  });
});
