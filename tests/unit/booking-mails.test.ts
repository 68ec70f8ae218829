import { and, eq, like } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { shippedContent } from "../../app/content/documents";
import { bookingMailHandlers } from "../../server/bookings/mails/handlers";
import {
  type BookingMailEvent,
  type BookingMailSettings,
  queueBookingMails,
} from "../../server/bookings/mails/queue";
import type { Database } from "../../server/db/client";
import { appointments, deliveries, submissions } from "../../server/db/schema";
import { createOutbox, releaseHeld } from "../../server/integrations/deliveries/outbox";
import { createMailer } from "../../server/integrations/mail";
import { createLogger } from "../../server/operations/logger";
import { readStatus } from "../../server/operations/status";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { type FakeSmtp, startFakeSmtp } from "../support/fake-smtp";
import { type MimePart, leaves, parseMime } from "../support/mime";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SITE_URL = "https://kindredhearts.example";
const PRACTICE = "practice@kindredhearts.example";
const VISITOR = "ada@example.com";
const HOUR = 60 * 60_000;
/** Monday 7 December 2026, 9:00 WAT */
const START = Date.parse("2026-12-07T09:00:00+01:00");
const settings: BookingMailSettings = { visitor: true, practice: true, reminderHours: [24, 2] };
/** What the outbox logs, to show no name, address or token is in it. */
const logLines: string[] = [];
const logger = createLogger("debug", { write: (line: string) => void logLines.push(line) });

const catalogue = async () => ({
  sessionTypes: [
    {
      id: "couples",
      name: "Couples counselling",
      minutes: 50,
      place: "lekki" as const,
      payAtBooking: false,
    },
  ],
  // each test books its own counsellor, so no two tests' times meet
  counsellors: Array.from({ length: 50 }, (_, i) => ({
    id: `counsellor-${i + 1}`,
    name: "Dr. Adaeze Okafor",
    title: "Lead counsellor",
  })),
});

const textOf = (mail: MimePart) =>
  (
    leaves(mail).find((p) => p.headers["content-type"]?.startsWith("text/plain"))?.body ?? ""
  ).replace(/\r\n/g, "\n");
const calendarOf = (mail: MimePart) =>
  leaves(mail).find((p) => p.headers["content-type"]?.startsWith("text/calendar"));
const attachmentOf = (mail: MimePart) =>
  leaves(mail).find((p) => /attachment/.test(p.headers["content-disposition"] ?? ""));

/** The one VEVENT of an invite, as ical.js reads it. */
function readInvite(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content) as unknown[]);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: Number(vevent.getFirstPropertyValue("sequence")),
    start: event.startDate.toUnixTime() * 1000,
    end: event.endDate.toUnixTime() * 1000,
    status: String(vevent.getFirstPropertyValue("status")),
  };
}

function suite(name: string, open: OpenDatabase) {
  describe(`a booking's e-mails on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let smtp: FakeSmtp;
    let clock = START - 7 * 24 * HOUR;
    let counsellors = 0;

    beforeAll(async () => {
      ({ database, cleanup } = await open());
      smtp = await startFakeSmtp();
    });
    afterAll(async () => {
      await smtp?.close();
      await database?.close();
      await cleanup?.();
    });
    beforeEach(async () => {
      // Each test's bookings start at START too: the rows an earlier test left waiting go.
      await database.db.delete(deliveries);
      smtp.messages.length = 0;
      clock = START - 7 * 24 * HOUR;
    });

    /** An outbox worker as the site builds it, on the test's clock. */
    const worker = () =>
      createOutbox({
        db: database.db,
        logger,
        now: () => new Date(clock),
        handlers: bookingMailHandlers({
          db: database.db,
          send: createMailer({
            smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
            from: "bookings@kindredhearts.example",
          }),
          siteUrl: SITE_URL,
          practiceEmail: "bookings@kindredhearts.example",
          practiceInbox: PRACTICE,
          site: () => shippedContent().site,
          catalogue,
          now: () => clock,
        }),
      });
    const drain = async (outbox = worker()) => {
      while ((await outbox.runOnce()) > 0);
    };
    const mailsTo = (to: string) =>
      smtp.messages.filter((m) => m.to.includes(to)).map((m) => parseMime(m.raw));

    /** A submission and its booked appointment, with the e-mails queued as the service does. */
    async function book(
      start = START,
      token = `token-${Math.random().toString(36).slice(2)}`,
      held = false,
    ) {
      const counsellorId = `counsellor-${++counsellors}`;
      return database.db.transaction(async (tx) => {
        const [submission] = await tx
          .insert(submissions)
          .values({
            kind: "booking",
            payload: { name: "Ada Obi", email: VISITOR, phone: "0801 234 5678" },
          })
          .returning({ id: submissions.id });
        const [appointment] = await tx
          .insert(appointments)
          .values({
            submissionId: submission!.id,
            counsellorId,
            sessionType: "couples",
            status: "booked",
            startsAt: new Date(start),
            endsAt: new Date(start + 50 * 60_000),
            blockedUntil: new Date(start + 60 * 60_000),
            tokenHash: `hash-${token}`,
          })
          .returning({ id: appointments.id });
        await queueBookingMails(tx, settings, {
          appointmentId: appointment!.id,
          event: { kind: "booked", token },
          now: clock,
          held,
        });
        return { submissionId: submission!.id, appointmentId: appointment!.id, token };
      });
    }

    /** Moves or cancels the appointment and queues its e-mails, in one transaction. */
    async function change(
      appointmentId: number,
      event: BookingMailEvent,
      to?: { start: number },
    ): Promise<number[]> {
      return database.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(appointments)
          .where(eq(appointments.id, appointmentId));
        await tx
          .update(appointments)
          .set(
            to
              ? {
                  startsAt: new Date(to.start),
                  endsAt: new Date(to.start + 50 * 60_000),
                  blockedUntil: new Date(to.start + 60 * 60_000),
                  sequence: row!.sequence + 1,
                }
              : {
                  status: "cancelled",
                  cancelledAt: new Date(clock),
                  sequence: row!.sequence + 1,
                },
          )
          .where(eq(appointments.id, appointmentId));
        return queueBookingMails(tx, settings, { appointmentId, event, now: clock });
      });
    }

    const rowsOf = (submissionId: number) =>
      database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, submissionId))
        .orderBy(deliveries.id);

    it("confirms a booking with a calendar invite at the booked time, a Google link and the change link; the token is gone once sent", async () => {
      const { submissionId, appointmentId, token } = await book();
      const queued = await rowsOf(submissionId);
      expect(queued.find((r) => r.destination === "booking-visitor:booked")?.detail).toEqual({
        token,
      });

      await drain();
      const [mail, ...others] = mailsTo(VISITOR);
      expect(others).toHaveLength(0);
      expect(mail!.headers.subject).toBe(
        "Your session is booked: Monday 7 December 2026, 9:00 AM WAT",
      );
      const text = textOf(mail!);
      expect(text).toContain("Dear Ada Obi,");
      expect(text).toContain("Couples counselling");
      expect(text).toContain("Dr. Adaeze Okafor");
      expect(text).toContain("Monday 7 December 2026, 9:00 AM to 9:50 AM WAT");
      expect(text).toContain("Lekki");
      expect(text).toContain(`Change or cancel: ${SITE_URL}/bookings/${token}`);
      const google = /Add to Google Calendar: (\S+)/.exec(text)?.[1];
      const link = new URL(google!);
      expect(link.origin + link.pathname).toBe("https://calendar.google.com/calendar/render");
      expect(link.searchParams.get("dates")).toBe("20261207T080000Z/20261207T085000Z");
      expect(leaves(mail!).some((p) => p.headers["content-type"]?.startsWith("text/html"))).toBe(
        true,
      );

      const calendar = calendarOf(mail!)!;
      expect(calendar.headers["content-type"]).toMatch(/^text\/calendar;.*method=REQUEST/i);
      const invite = readInvite(calendar.body);
      expect(invite).toMatchObject({
        method: "REQUEST",
        uid: `booking-${appointmentId}@kindredhearts.example`,
        sequence: 0,
        start: START,
        end: START + 50 * 60_000,
        status: "CONFIRMED",
      });
      const attachment = attachmentOf(mail!)!;
      expect(attachment.headers["content-type"]).toMatch(/application\/ics/);
      expect(readInvite(attachment.body).start).toBe(START);

      const [notice] = mailsTo(PRACTICE);
      expect(notice!.headers.subject).toBe(
        "New booking: Dr. Adaeze Okafor, Monday 7 December 2026, 9:00 AM WAT",
      );
      expect(textOf(notice!)).toContain(`E-mail: ${VISITOR}`);
      expect(textOf(notice!)).not.toContain(token);

      const after = await rowsOf(submissionId);
      const sent = after.filter((r) => r.status === "delivered");
      expect(sent.map((r) => r.destination).sort()).toEqual([
        "booking-practice:booked",
        "booking-visitor:booked",
      ]);
      expect(after.every((r) => r.detail === null)).toBe(true);
      expect(logLines.join("")).toContain('"destination":"booking-visitor:booked"');
      expect(logLines.join("")).not.toMatch(new RegExp(`Ada|${VISITOR}|${token}`));
    });

    it("a booking added by hand without a token gives the phones, and without an e-mail address tells only the practice", async () => {
      const { submissionId, appointmentId } = await book();
      await database.db.delete(deliveries);
      await database.db.transaction((tx) =>
        queueBookingMails(tx, settings, { appointmentId, event: { kind: "booked" }, now: clock }),
      );
      await drain();
      const text = textOf(mailsTo(VISITOR)[0]!);
      expect(text).toContain("To change or cancel, call us on +234");
      expect(text).not.toContain("/bookings/");
      expect(text).not.toContain("the e-mail that confirmed");

      await database.db.delete(deliveries);
      await database.db
        .update(submissions)
        .set({ payload: { name: "Ada Obi", email: "", phone: "0801 234 5678" } })
        .where(eq(submissions.id, submissionId));
      await database.db.transaction((tx) =>
        queueBookingMails(tx, settings, { appointmentId, event: { kind: "booked" }, now: clock }),
      );
      expect((await rowsOf(submissionId)).map((r) => r.destination)).toEqual([
        "booking-practice:booked",
      ]);
    });

    it("queues one reminder per BOOKING_REMINDER_HOURS value and sends each at its time, exactly once with two workers", async () => {
      const { submissionId } = await book();
      const reminders = (await rowsOf(submissionId)).filter((r) =>
        r.destination.startsWith("booking-reminder:"),
      );
      expect(reminders.map((r) => [r.destination, r.nextAttemptAt.getTime()])).toEqual([
        ["booking-reminder:24h-s0", START - 24 * HOUR],
        ["booking-reminder:2h-s0", START - 2 * HOUR],
      ]);
      const one = worker();
      const two = worker();
      const both = async () => {
        for (let round = 0; round < 3; round++) {
          await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
        }
      };
      await both();
      smtp.messages.length = 0;
      // Not due, not waiting: /status does not count a reminder before its time.
      const status = async () =>
        (
          await readStatus(database.db, {
            jobs: [],
            processStartedAt: new Date(clock),
            now: new Date(clock),
          })
        ).deliveries!["booking-reminder"];
      expect((await status()).pending).toBe(0);

      clock = START - 24 * HOUR - 60_000;
      await both();
      expect(mailsTo(VISITOR).map((m) => m.headers.subject)).toEqual([]);

      clock = START - 24 * HOUR + 30_000;
      await both();
      const [first, ...more] = mailsTo(VISITOR);
      expect(more).toHaveLength(0);
      expect(first!.headers.subject).toBe(
        "Reminder: your session on Monday 7 December 2026, 9:00 AM WAT",
      );
      expect(textOf(first!)).toContain("Dr. Adaeze Okafor");
      expect(calendarOf(first!)).toBeUndefined();

      clock = START - 3 * HOUR;
      await both();
      expect(mailsTo(VISITOR)).toHaveLength(1);
      expect(await status()).toMatchObject({ pending: 0, delivered: 1 });
      clock = START - 2 * HOUR + 1000;
      await both();
      await both();
      expect(mailsTo(VISITOR).map((m) => m.headers.subject)).toEqual([
        "Reminder: your session on Monday 7 December 2026, 9:00 AM WAT",
        "Reminder: your session on Monday 7 December 2026, 9:00 AM WAT",
      ]);
      const after = (await rowsOf(submissionId)).filter((r) =>
        r.destination.startsWith("booking-reminder:"),
      );
      expect(after.map((r) => [r.status, r.attempts])).toEqual([
        ["delivered", 1],
        ["delivered", 1],
      ]);
    });

    it("booked during a flood, its e-mails wait held; released, the confirmation goes at once and each reminder at its hour, and a cancel before the release sends none of them", async () => {
      const kept = await book(START, undefined, true);
      const cancelled = await book(START + 2 * HOUR, undefined, true);
      const statuses = async (submissionId: number) =>
        (await rowsOf(submissionId)).map((r) => [r.destination, r.status]);
      expect(await statuses(kept.submissionId)).toEqual([
        ["booking-visitor:booked", "held"],
        ["booking-practice:booked", "held"],
        ["booking-reminder:24h-s0", "held"],
        ["booking-reminder:2h-s0", "held"],
      ]);
      await drain();
      expect(smtp.messages).toHaveLength(0);

      await change(cancelled.appointmentId, { kind: "cancelled", by: "visitor" });
      expect(await statuses(cancelled.submissionId)).toEqual([
        ["booking-visitor:booked", "skipped"],
        ["booking-practice:booked", "held"],
        ["booking-reminder:24h-s0", "skipped"],
        ["booking-reminder:2h-s0", "skipped"],
        // It waits with the rest: the practice decides whether any of it goes.
        ["booking-visitor:cancelled", "held"],
        ["booking-practice:cancelled", "held"],
      ]);

      // The practice looks, and releases what was held (npm run deliveries -- --release held).
      await releaseHeld(database.db, { ids: [kept.submissionId] });
      const reminders = (await rowsOf(kept.submissionId)).filter((r) =>
        r.destination.startsWith("booking-reminder:"),
      );
      expect(reminders.map((r) => [r.status, r.nextAttemptAt.getTime()])).toEqual([
        ["pending", START - 24 * HOUR],
        ["pending", START - 2 * HOUR],
      ]);
      await drain();
      expect(mailsTo(VISITOR).map((m) => m.headers.subject)).toEqual([
        "Your session is booked: Monday 7 December 2026, 9:00 AM WAT",
      ]);
      clock = START - 24 * HOUR + 1000;
      await drain();
      expect(mailsTo(VISITOR).map((m) => m.headers.subject)).toEqual([
        "Your session is booked: Monday 7 December 2026, 9:00 AM WAT",
        "Reminder: your session on Monday 7 December 2026, 9:00 AM WAT",
      ]);
      // What was not released is still held.
      expect((await statuses(cancelled.submissionId)).map(([, status]) => status)).toEqual([
        "skipped",
        "held",
        "skipped",
        "skipped",
        "held",
        "held",
      ]);
    });

    it("does not queue a reminder whose time has already passed at booking", async () => {
      clock = START - 5 * HOUR;
      const { submissionId } = await book();
      const destinations = (await rowsOf(submissionId)).map((r) => r.destination);
      expect(destinations.filter((d) => d.startsWith("booking-reminder:"))).toEqual([
        "booking-reminder:2h-s0",
      ]);
    });

    it("a cancel by the practice sends METHOD:CANCEL with its message, tells the practice, and no reminder follows", async () => {
      const { submissionId, appointmentId } = await book();
      await drain();
      smtp.messages.length = 0;

      clock = START - 3 * 24 * HOUR;
      const due = await change(appointmentId, {
        kind: "cancelled",
        by: "practice",
        message: "Dr. Okafor is unwell that day.\nWe are so sorry.",
      });
      expect(due).toHaveLength(2);
      const skipped = (await rowsOf(submissionId)).filter((r) => r.status === "skipped");
      expect(skipped.map((r) => r.destination).sort()).toEqual([
        "booking-reminder:24h-s0",
        "booking-reminder:2h-s0",
      ]);
      await drain();
      const [mail, ...others] = mailsTo(VISITOR);
      expect(others).toHaveLength(0);
      expect(mail!.headers.subject).toBe("Your session on Monday 7 December 2026 is cancelled");
      expect(textOf(mail!)).toContain("we have had to cancel your session");
      expect(textOf(mail!)).toContain("Dr. Okafor is unwell that day.\nWe are so sorry.");
      const calendar = calendarOf(mail!)!;
      expect(calendar.headers["content-type"]).toMatch(/method=CANCEL/i);
      expect(readInvite(calendar.body)).toMatchObject({
        method: "CANCEL",
        uid: `booking-${appointmentId}@kindredhearts.example`,
        sequence: 1,
        status: "CANCELLED",
        start: START,
      });
      const [notice] = mailsTo(PRACTICE);
      expect(notice!.headers.subject).toBe(
        "Booking cancelled: Dr. Adaeze Okafor, Monday 7 December 2026, 9:00 AM WAT",
      );
      expect(textOf(notice!)).toContain("Message sent to the visitor:");

      smtp.messages.length = 0;
      for (const at of [START - 24 * HOUR + 1000, START - 2 * HOUR + 1000]) {
        clock = at;
        await drain();
      }
      expect(smtp.messages).toHaveLength(0);
    });

    it("a reminder a worker already had in hand is not sent once the booking is cancelled", async () => {
      const { submissionId, appointmentId } = await book();
      await drain();
      smtp.messages.length = 0;
      // Cancelled without its e-mails' transaction: the reminder rows stay pending, as a row
      // claimed just before a cancel commits would be.
      await database.db
        .update(appointments)
        .set({ status: "cancelled", sequence: 1 })
        .where(eq(appointments.id, appointmentId));
      clock = START - 24 * HOUR + 1000;
      await drain();
      expect(smtp.messages).toHaveLength(0);
      const [reminder] = await database.db
        .select()
        .from(deliveries)
        .where(
          and(
            eq(deliveries.submissionId, submissionId),
            like(deliveries.destination, "booking-reminder:24h%"),
          ),
        );
      expect(reminder).toMatchObject({ status: "skipped", lastError: "booking cancelled" });
    });

    it("a move sends an updated invite and the new time, and re-times the reminders", async () => {
      const { submissionId, appointmentId, token } = await book();
      await drain();
      smtp.messages.length = 0;

      const moved = START + 2 * 24 * HOUR + 2 * HOUR; // Wednesday 9 December, 11:00
      clock = START - 4 * 24 * HOUR;
      await change(
        appointmentId,
        { kind: "moved", token, previous: { start: START, end: START + 50 * 60_000 } },
        { start: moved },
      );
      const rows = await rowsOf(submissionId);
      const reminders = rows.filter((r) => r.destination.startsWith("booking-reminder:"));
      expect(reminders.map((r) => [r.destination, r.status])).toEqual([
        ["booking-reminder:24h-s0", "skipped"],
        ["booking-reminder:2h-s0", "skipped"],
        ["booking-reminder:24h-s1", "pending"],
        ["booking-reminder:2h-s1", "pending"],
      ]);
      expect(reminders.slice(2).map((r) => r.nextAttemptAt.getTime())).toEqual([
        moved - 24 * HOUR,
        moved - 2 * HOUR,
      ]);

      await drain();
      const [mail] = mailsTo(VISITOR);
      expect(mail!.headers.subject).toBe(
        "Your session has moved to Wednesday 9 December 2026, 11:00 AM WAT",
      );
      expect(textOf(mail!)).toContain("from Monday 7 December 2026, 9:00 AM WAT");
      expect(textOf(mail!)).toContain(`${SITE_URL}/bookings/${token}`);
      expect(readInvite(calendarOf(mail!)!.body)).toMatchObject({
        method: "REQUEST",
        uid: `booking-${appointmentId}@kindredhearts.example`,
        sequence: 1,
        start: moved,
      });
      expect(mailsTo(PRACTICE)[0]!.headers.subject).toBe(
        "Booking moved: Dr. Adaeze Okafor, now Wednesday 9 December 2026, 11:00 AM WAT",
      );

      smtp.messages.length = 0;
      clock = START - 24 * HOUR + 1000; // the old 24 h reminder's time
      await drain();
      expect(smtp.messages).toHaveLength(0);
      clock = moved - 24 * HOUR + 1000;
      await drain();
      expect(mailsTo(VISITOR).map((m) => m.headers.subject)).toEqual([
        "Reminder: your session on Wednesday 9 December 2026, 11:00 AM WAT",
      ]);
    });

    it("queues nothing twice when the same change is queued again", async () => {
      const { submissionId, appointmentId, token } = await book();
      const before = (await rowsOf(submissionId)).length;
      const again = await database.db.transaction((tx) =>
        queueBookingMails(tx, settings, {
          appointmentId,
          event: { kind: "booked", token },
          now: clock,
        }),
      );
      expect(again).toEqual([]);
      expect(await rowsOf(submissionId)).toHaveLength(before);
    });
  });
}

suite("PGlite", openTempPglite("site-booking-mails-"));
if (hasPostgres) suite("Postgres", openTempPostgres);
