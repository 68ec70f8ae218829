import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shippedContent } from "../../app/content/documents";
import { lagosDateTimeValue } from "../../app/lib/bookings/lagos-time";
import type { BookingsService } from "../../app/lib/services/bookings";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { deliveries } from "../../server/db/schema";
import type { Outbox } from "../../server/integrations/deliveries/outbox";
import { createLogger } from "../../server/operations/logger";
import { createServices } from "../../server/visitors/services";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { type FakeSmtp, startFakeSmtp } from "../support/fake-smtp";
import { type MimePart, leaves, parseMime } from "../support/mime";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SITE_URL = "https://kindredhearts.example";
const PRACTICE = "practice@kindredhearts.example";
const VISITOR = "ngozi.bello@example.com";

const textOf = (mail: MimePart) =>
  (
    leaves(mail).find((p) => p.headers["content-type"]?.startsWith("text/plain"))?.body ?? ""
  ).replace(/\r\n/g, "\n");
const inviteOf = (mail: MimePart) => {
  const part = leaves(mail).find((p) => p.headers["content-type"]?.startsWith("text/calendar"))!;
  const calendar = new ICAL.Component(ICAL.parse(part.body) as unknown[]);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    sequence: Number(vevent.getFirstPropertyValue("sequence")),
    start: new ICAL.Event(vevent).startDate.toUnixTime() * 1000,
  };
};

/** The site's own wiring (server/visitors/services.ts): the booking service queues its e-mails. */
function suite(name: string, open: OpenDatabase) {
  describe(`the booking service's e-mails as the site wires them, on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let smtp: FakeSmtp;
    let bookings: BookingsService;
    let outbox: Outbox;

    beforeAll(async () => {
      ({ database, cleanup } = await open());
      smtp = await startFakeSmtp();
      const config = loadConfig({
        NODE_ENV: "test",
        SITE_URL,
        BOOKINGS: "native",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: "bookings@kindredhearts.example",
        PRACTICE_INBOX: PRACTICE,
      });
      const content = shippedContent();
      const built = createServices({
        config,
        database,
        logger: createLogger("silent"),
        content: () => content,
      });
      bookings = built.services.bookings!;
      outbox = built.outbox;
    });
    afterAll(async () => {
      await smtp?.close();
      await database?.close();
      await cleanup?.();
    });

    const drain = async () => {
      while ((await outbox.runOnce()) > 0);
    };
    const mailsTo = (to: string) =>
      smtp.messages.filter((m) => m.to.includes(to)).map((m) => parseMime(m.raw));

    it("books, moves and cancels through /schedule's service: each step e-mails the visitor and the practice once", async () => {
      const { sessionTypes, counsellors } = await bookings.catalogue();
      const session = sessionTypes.find((s) => s.place === "lekki")!;
      const query = { sessionTypeId: session.id, counsellorId: counsellors[0]!.id };
      const free = (await bookings.freeTimes(query)).days.flatMap((d) => d.starts);
      const [first, later] = [free[0]!, free[free.length - 1]!];
      const booked = await bookings.book(
        {
          ...query,
          time: lagosDateTimeValue(first),
          name: "Ngozi Bello",
          email: VISITOR,
          phone: "+2348030000001",
        },
        { ip: "203.0.113.7", pageUri: `${SITE_URL}/schedule`, pageName: "Schedule" },
      );
      if (booked.status !== "booked" || !booked.token) throw new Error("not booked");
      const token = booked.token;
      await drain();

      const [confirmation, ...others] = mailsTo(VISITOR);
      expect(others).toHaveLength(0);
      expect(textOf(confirmation!)).toContain(session.name);
      expect(textOf(confirmation!)).toContain(counsellors[0]!.name);
      expect(textOf(confirmation!)).toContain(`Change or cancel: ${SITE_URL}/bookings/${token}`);
      expect(inviteOf(confirmation!)).toEqual({ method: "REQUEST", sequence: 0, start: first });
      const practice = mailsTo(PRACTICE);
      expect(practice.map((m) => m.headers.subject)).toEqual([
        expect.stringMatching(/^New booking: /),
      ]);

      smtp.messages.length = 0;
      const moved = await bookings.move(token, lagosDateTimeValue(later), {
        ip: "203.0.113.7",
        pageUri: `${SITE_URL}/bookings`,
        pageName: "Booking",
      });
      expect(moved.status).toBe("done");
      await drain();
      const [notice] = mailsTo(VISITOR);
      expect(notice!.headers.subject).toMatch(/^Your session has moved to /);
      expect(inviteOf(notice!)).toEqual({ method: "REQUEST", sequence: 1, start: later });
      expect(mailsTo(PRACTICE).map((m) => m.headers.subject)).toEqual([
        expect.stringMatching(/^Booking moved: /),
      ]);

      smtp.messages.length = 0;
      expect((await bookings.cancel(token)).status).toBe("done");
      await drain();
      const [cancelled] = mailsTo(VISITOR);
      expect(textOf(cancelled!)).toContain("As you asked, your session on");
      expect(inviteOf(cancelled!)).toEqual({ method: "CANCEL", sequence: 2, start: later });
      expect(mailsTo(PRACTICE).map((m) => m.headers.subject)).toEqual([
        expect.stringMatching(/^Booking cancelled: /),
      ]);

      const rows = await database.db.select().from(deliveries);
      const waiting = rows.filter((r) => r.status === "pending");
      expect(waiting).toEqual([]);
      expect(rows.every((r) => r.detail === null || r.status === "pending")).toBe(true);
      const reminders = await database.db
        .select({ status: deliveries.status })
        .from(deliveries)
        .where(eq(deliveries.status, "skipped"));
      expect(reminders.length).toBeGreaterThan(0);
    });
  });
}

suite("PGlite", openTempPglite("site-booking-mails-service-"));
if (hasPostgres) suite("Postgres", openTempPostgres);
