import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Access } from "../../app/lib/services/auth";
import type { BookingAdminService, HandBooking } from "../../app/lib/services/booking-admin";
import { type WeeklyHours, officeHours } from "../../app/lib/bookings/weekly-hours";
import { createBookingAdmin } from "../../server/bookings/admin";
import { TAKEN } from "../../server/bookings/admin-add";
import { queueBookingMails } from "../../server/bookings/mails/queue";
import type { Database, Db } from "../../server/db/client";
import {
  appointments,
  contentAudit,
  counsellorTimeOff,
  deliveries,
  submissions,
} from "../../server/db/schema";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

const reader: Access = {
  email: "office@kindredhearts.ng",
  edit: false,
  inbox: true,
  signedInAt: new Date(),
};
const choices = {
  sessionTypes: [{ id: "couples", name: "Couples session", minutes: 60 }],
  counsellors: [
    { id: "seun", name: "Oluwaseun Adeyemi" },
    { id: "adaeze", name: "Dr. Adaeze Okafor" },
  ],
};
/** "2026-12-07T10:00" (a Monday), Lagos → the instant */
const wat = (value: string) => new Date(`${value}:00+01:00`);

/** A visitor's booking, as the visitor's service stores one: a submission and its appointment. */
async function seed(
  db: Db,
  {
    counsellor = "adaeze",
    start,
    minutes = 60,
    status = "booked" as "booked" | "cancelled" | "held",
    name = "Bola Ade",
    email = "bola@example.com",
    phone = "0803 000 1111",
  }: {
    counsellor?: string;
    start: string;
    minutes?: number;
    status?: "booked" | "cancelled" | "held";
    name?: string;
    email?: string;
    phone?: string;
  },
): Promise<number> {
  const [s] = await db
    .insert(submissions)
    .values({ kind: "booking", payload: { name, email, phone, booked: "yes" } })
    .returning({ id: submissions.id });
  const startsAt = wat(start);
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  const [a] = await db
    .insert(appointments)
    .values({
      submissionId: status === "held" ? null : s!.id,
      counsellorId: counsellor,
      sessionType: "couples",
      status,
      startsAt,
      endsAt,
      blockedUntil: new Date(endsAt.getTime() + 15 * 60_000),
      holdExpiresAt: status === "held" ? new Date(Date.now() + 600_000) : null,
    })
    .returning({ id: appointments.id });
  return a!.id;
}

const phoneBooking = (over: Partial<HandBooking> = {}): HandBooking => ({
  sessionTypeId: "couples",
  counsellorId: "adaeze",
  date: "2026-12-08",
  time: "10:00",
  name: "Chidi Okeke",
  phone: "+234 803 555 0101",
  email: "",
  ...over,
});

function adminSuite(name: string, open: OpenDatabase) {
  describe(`/admin/bookings' service on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let admin: BookingAdminService;
    let now = wat("2026-12-07T08:00").getTime();
    const notices: { appointmentId: number; message: string }[] = [];
    /** the office hours the practice has published */
    let published: WeeklyHours = officeHours;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      admin = createBookingAdmin(database.db, {
        choices: async () => choices,
        officeHours: () => published,
        now: () => now,
        mails: {
          queue: async (tx, { appointmentId, event }) => {
            if (event.kind !== "cancelled") return;
            // In the cancel's own transaction: it sees the booking already cancelled.
            const [row] = await tx
              .select({ status: appointments.status })
              .from(appointments)
              .where(eq(appointments.id, appointmentId));
            expect(row?.status).toBe("cancelled");
            notices.push({ appointmentId, message: event.message });
          },
          visitor: true,
          wake: () => {},
        },
      });
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("lists today and the next seven Lagos days, by counsellor in name order, cancelled ones too, holds and other weeks left out", async () => {
      const db = database.db;
      await seed(db, { start: "2026-12-07T11:00", name: "Ada One" });
      await seed(db, { start: "2026-12-07T09:00", counsellor: "seun", name: "Seun's client" });
      await seed(db, { start: "2026-12-07T14:00", status: "cancelled", name: "Gone Away" });
      await seed(db, { start: "2026-12-07T16:00", status: "held" });
      await seed(db, { start: "2026-12-09T10:00", counsellor: "left-the-practice" });
      await seed(db, { start: "2026-12-15T10:00", name: "Next Week" });
      await seed(db, { start: "2026-12-06T23:30", name: "Last Night" });

      const week = await admin.week();
      expect(week.map((d) => d.date)).toEqual([
        "2026-12-07",
        "2026-12-08",
        "2026-12-09",
        "2026-12-10",
        "2026-12-11",
        "2026-12-12",
        "2026-12-13",
        "2026-12-14",
      ]);
      const today = week[0]!.counsellors;
      expect(today.map((c) => c.counsellor.name)).toEqual([
        "Dr. Adaeze Okafor",
        "Oluwaseun Adeyemi",
      ]);
      expect(today[0]!.bookings.map((b) => [b.name, b.status])).toEqual([
        ["Ada One", "booked"],
        ["Gone Away", "cancelled"],
      ]);
      expect(today[0]!.bookings[0]).toMatchObject({
        sessionType: { id: "couples", name: "Couples session" },
        email: "bola@example.com",
        phone: "0803 000 1111",
        source: "site",
      });
      // A counsellor no longer on the team page is shown by the stored id.
      expect(week[2]!.counsellors[0]!.counsellor).toEqual({
        id: "left-the-practice",
        name: "left-the-practice",
      });
      const names = week.flatMap((d) =>
        d.counsellors.flatMap((c) => c.bookings.map((b) => b.name)),
      );
      expect(names).not.toContain("Next Week");
      expect(names).not.toContain("Last Night");
    });

    it("opens one booking with its history, records the read by id only, and knows no other", async () => {
      const id = await seed(database.db, { start: "2026-12-10T10:00", name: "Read Me" });
      const detail = await admin.detail(String(id), reader);
      expect(detail?.booking).toMatchObject({ id, name: "Read Me", status: "booked" });
      expect(detail?.history.map((h) => h.words)).toEqual(["Booked on the website"]);
      const audit = await database.db
        .select()
        .from(contentAudit)
        .where(eq(contentAudit.detail, `booking ${id}`));
      expect(audit.map((a) => [a.editor, a.action])).toEqual([[reader.email, "booking-read"]]);
      expect(await admin.detail("999999", reader)).toBeUndefined();
      expect(await admin.detail("1; drop table appointments", reader)).toBeUndefined();
      expect(await admin.detail("0", reader)).toBeUndefined();
    });

    it("cancels a booking once, queues the message in the same transaction, and frees its time", async () => {
      const id = await seed(database.db, { start: "2026-12-11T10:00" });
      const result = await admin.cancel(
        String(id),
        "Dr. Adaeze is unwell; please call us.",
        reader,
      );
      expect(result).toEqual({ status: "cancelled", emailed: true });
      expect(notices).toEqual([
        { appointmentId: id, message: "Dr. Adaeze is unwell; please call us." },
      ]);
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({ status: "cancelled", cancelledBy: "practice", sequence: 1 });
      expect(await admin.cancel(String(id), "again", reader)).toEqual({
        status: "already-cancelled",
      });
      expect(notices).toHaveLength(1);
      expect(await admin.cancel("424242", "x", reader)).toEqual({ status: "unknown" });
      const history = (await admin.detail(String(id), reader))!.history.map((h) => h.words);
      expect(history.at(-1)).toBe(`Cancelled, with a message to the visitor, by ${reader.email}`);
      const again = await admin.addByHand(phoneBooking({ date: "2026-12-11" }), reader);
      expect(again.status).toBe("booked");
    });

    it("cancels a booking without an e-mail address and says no e-mail goes to the person", async () => {
      const id = await seed(database.db, { start: "2026-12-11T15:00", email: "" });
      expect(await admin.cancel(String(id), "", reader)).toEqual({
        status: "cancelled",
        emailed: false,
      });
      // Queued all the same: the practice's notice; the visitor's needs an address (mails/queue.ts).
      expect(notices.map((n) => n.appointmentId)).toContain(id);
    });

    it("marks attended or no-show only once the session has started, never a cancelled one", async () => {
      const id = await seed(database.db, { start: "2026-12-07T12:00", counsellor: "seun" });
      expect(await admin.markAttendance(String(id), "attended", reader)).toBe("not-started");
      now = wat("2026-12-07T12:00").getTime();
      expect(await admin.markAttendance(String(id), "no-show", reader)).toBe("marked");
      expect(await admin.markAttendance(String(id), "attended", reader)).toBe("marked");
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row?.attendance).toBe("attended");
      const gone = await seed(database.db, {
        start: "2026-12-07T09:00",
        status: "cancelled",
      });
      expect(await admin.markAttendance(String(gone), "attended", reader)).toBe("cancelled");
      expect(await admin.markAttendance("77777", "attended", reader)).toBe("unknown");
      now = wat("2026-12-07T08:00").getTime();
    });

    it("adds a phone booking by the visitor's rules, inside the 24 hours' notice too, as a handled submission", async () => {
      const result = await admin.addByHand(
        phoneBooking({ date: "2026-12-07", time: "15:00", email: "chidi@example.com" }),
        reader,
      );
      expect(result.status).toBe("booked");
      const id = (result as { id: number }).id;
      const detail = await admin.detail(String(id), reader);
      expect(detail?.booking).toMatchObject({
        source: "practice",
        name: "Chidi Okeke",
        phone: "+234 803 555 0101",
        email: "chidi@example.com",
        start: wat("2026-12-07T15:00").getTime(),
        end: wat("2026-12-07T16:00").getTime(),
      });
      expect(detail?.history.map((h) => h.words)).toEqual([
        `Added by hand (a phone booking) by ${reader.email}`,
      ]);
      const [row] = await database.db
        .select({ kind: submissions.kind, handled: submissions.handledAt })
        .from(submissions)
        .innerJoin(appointments, eq(appointments.submissionId, submissions.id))
        .where(eq(appointments.id, id));
      expect(row?.kind).toBe("booking");
      expect(row?.handled).not.toBeNull();
    });

    it("refuses a phone booking on a Sunday, outside the hours, off the grid, in the past, over another booking or time off, at the field", async () => {
      const refused = async (over: Partial<HandBooking>) => {
        const result = await admin.addByHand(phoneBooking(over), reader);
        expect(result.status, JSON.stringify(over)).toBe("refused");
        return (result as { errors: Record<string, string> }).errors;
      };
      expect(await refused({ date: "2026-12-13" })).toEqual({
        date: "Dr. Adaeze Okafor does not see clients on Sundays.",
      });
      expect(await refused({ time: "17:30" })).toEqual({
        time: "That time is outside Dr. Adaeze Okafor's hours.",
      });
      expect(await refused({ time: "08:00" })).toHaveProperty("time");
      expect(await refused({ time: "10:10" })).toHaveProperty("time");
      expect(await refused({ date: "2026-12-07", time: "07:00" })).toEqual({
        time: "That time has already passed.",
      });
      await seed(database.db, { start: "2026-12-09T11:00" });
      // 11:00–12:00 booked, with 15 minutes' buffer either side.
      expect((await refused({ date: "2026-12-09", time: "10:00" })).time).toContain("not free");
      expect((await refused({ date: "2026-12-09", time: "12:00" })).time).toContain("not free");
      await database.db
        .insert(counsellorTimeOff)
        .values({ counsellorId: "adaeze", fromDate: "2026-12-10", toDate: "2026-12-10" });
      expect((await refused({ date: "2026-12-10", time: "14:00" })).time).toContain("not free");
      expect(
        await refused({
          sessionTypeId: "nope",
          counsellorId: "",
          date: "2026-02-30",
          time: "25:00",
          name: "",
          phone: "12",
          email: "not-an-address",
        }),
      ).toEqual({
        sessionTypeId: expect.any(String),
        counsellorId: expect.any(String),
        date: expect.any(String),
        time: expect.any(String),
        name: expect.any(String),
        phone: expect.any(String),
        email: expect.any(String),
      });
      const count = await database.db.execute(
        sql`select count(*)::int as n from appointments where source = 'practice'`,
      );
      const n = ((count as { rows?: { n: number }[] }).rows ??
        (count as unknown as { n: number }[]))[0]!.n;
      expect(n).toBe(2);
    });

    it("checks a phone booking against the office hours the practice published, as /schedule does", async () => {
      // The practice now closes at 13:00 on Tuesdays and not at all on Saturdays.
      published = officeHours.map((day, i) =>
        i === 1 ? [{ start: 9 * 60, end: 13 * 60 }] : i === 5 ? [] : day,
      );
      try {
        const tuesday = await admin.addByHand(
          phoneBooking({ date: "2026-12-15", time: "14:00", email: "late@example.com" }),
          reader,
        );
        expect(tuesday).toEqual({
          status: "refused",
          errors: { time: "That time is outside Dr. Adaeze Okafor's hours." },
        });
        const saturday = await admin.addByHand(
          phoneBooking({ date: "2026-12-19", time: "11:00", email: "sat@example.com" }),
          reader,
        );
        expect(saturday.status).toBe("refused");
        const morning = await admin.addByHand(
          phoneBooking({ date: "2026-12-15", time: "12:00", email: "early@example.com" }),
          reader,
        );
        expect(morning).toMatchObject({ status: "booked" });
      } finally {
        published = officeHours;
      }
    });

    it("through the real outbox queue: a phone booking queues its confirmation and the practice's notice, a cancel the message to the person", async () => {
      let woken = 0;
      const real = createBookingAdmin(database.db, {
        choices: async () => choices,
        officeHours: () => officeHours,
        now: () => now,
        mails: {
          queue: async (tx, change) => {
            await queueBookingMails(
              tx,
              { visitor: true, practice: true, reminderHours: [] },
              change,
            );
          },
          visitor: true,
          wake: () => woken++,
        },
      });
      const added = await real.addByHand(
        phoneBooking({ date: "2026-12-14", time: "10:00", email: "kemi@example.com" }),
        reader,
      );
      expect(added.status).toBe("booked");
      const id = (added as { id: number }).id;
      const queued = async () =>
        (
          await database.db
            .select({ destination: deliveries.destination, detail: deliveries.detail })
            .from(deliveries)
            .innerJoin(appointments, eq(appointments.submissionId, deliveries.submissionId))
            .where(eq(appointments.id, id))
        ).sort((a, b) => a.destination.localeCompare(b.destination));
      expect((await queued()).map((d) => d.destination)).toEqual([
        "booking-practice:booked",
        "booking-visitor:booked",
      ]);
      expect(await real.cancel(String(id), "We must move your session, sorry.", reader)).toEqual({
        status: "cancelled",
        emailed: true,
      });
      const rows = await queued();
      expect(rows.find((d) => d.destination === "booking-visitor:cancelled")?.detail).toEqual({
        by: "practice",
        message: "We must move your session, sorry.",
      });
      expect(woken).toBe(2);
    });

    it("of five phone bookings of one time at once, one is kept; the rest are refused at the time, by the database when the check raced", async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          admin.addByHand(
            phoneBooking({ date: "2026-12-12", time: "11:00", name: `Caller ${i}` }),
            reader,
          ),
        ),
      );
      expect(results.filter((r) => r.status === "booked")).toHaveLength(1);
      // A call whose check ran after the winner's commit is told by the check; one that raced it
      // by the database's constraint (on PGlite's one connection, all of them race).
      const words = results.flatMap((r) => (r.status === "refused" ? [r.errors.time] : []));
      expect(words).toHaveLength(4);
      for (const w of words)
        expect([
          TAKEN,
          "Dr. Adaeze Okafor is not free then: booked, away, or busy in their own calendar.",
        ]).toContain(w);
      if (name === "embedded PGlite") expect(new Set(words)).toEqual(new Set([TAKEN]));
      const rows = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, wat("2026-12-12T11:00")));
      expect(rows).toHaveLength(1);
    });

    it("a phone booking's form sent twice with its key, even at once, is one booking, and both answers open it", async () => {
      const key = "0b7d3c1e-5a4f-4e2b-9c8d-1f2a3b4c5d6e";
      const booking = phoneBooking({
        date: "2026-12-12",
        time: "14:00",
        name: "Twice Tapped",
        key,
      });
      const [first, second] = await Promise.all([
        admin.addByHand(booking, reader),
        admin.addByHand(booking, reader),
      ]);
      expect(first).toMatchObject({ status: "booked" });
      expect(second).toEqual(first);
      expect(await admin.addByHand(booking, reader)).toEqual(first);
      const rows = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, wat("2026-12-12T14:00")));
      expect(rows).toHaveLength(1);
      // The same key with another day is another booking.
      const other = await admin.addByHand({ ...booking, date: "2026-12-14" }, reader);
      expect(other.status).toBe("booked");
      expect(other).not.toEqual(first);
    });
  });
}

adminSuite("embedded PGlite", openTempPglite("site-booking-admin-"));

describe.runIf(hasPostgres)("Postgres", () => {
  adminSuite("Postgres", openTempPostgres);
});
