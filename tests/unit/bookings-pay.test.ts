import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContent } from "../../app/content/documents";
import { parseLagosDateTime } from "../../app/lib/bookings/lagos-time";
import type { BookingRequest, BookingsService } from "../../app/lib/services/bookings";
import type { Database } from "../../server/db/client";
import { appointments, deliveries, orders, submissions } from "../../server/db/schema";
import { createRateLimiter } from "../../server/http/rate-limit";
import { HOLD_ENDED, PAYMENT_NOT_STARTED, TIME_TAKEN } from "../../server/bookings/book";
import { queueBookingMails } from "../../server/bookings/mails/queue";
import { confirmPaidBooking, sessionOfOrder } from "../../server/bookings/pay";
import { type BookingsDeps, createBookingsService } from "../../server/bookings/service";
import { createPaystackClient } from "../../server/integrations/paystack";
import { type FakePaystack, startFakePaystack } from "../../server/integrations/paystack-fake";
import { createLogger } from "../../server/operations/logger";
import { paymentNotification, paymentReceipt } from "../../server/visitors/payments/emails";
import { type Payments, createPaymentsService } from "../../server/visitors/payments/service";
import type { OutboxItem } from "../../server/integrations/deliveries/outbox";
import { logSpy } from "../support/log-spy";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

/** Monday 7 December 2026, 08:00 in Lagos. */
const NOW = parseLagosDateTime("2026-12-07T08:00")!;
const MINUTE = 60_000;
const LEAD = "dr-adaeze-okafor";
const SECRET = "sk_test_bookings_pay";

/** The shipped content, with the individual session (₦35,000) paid when booking. */
function contentPaidWhenBooking() {
  const content = shippedContent(new Date(NOW));
  for (const category of content.services.categories) {
    for (const service of category.services) {
      if (service.id === "individual-therapy" && service.booking) {
        service.booking = { ...service.booking, payment: "When booking" };
      }
    }
  }
  return content;
}

const visitor = { name: "Ngozi Bello", email: "ngozi.bello@example.com", phone: "+2348030000001" };
const request = (over: Partial<BookingRequest> = {}): BookingRequest => ({
  sessionTypeId: "individual-therapy",
  counsellorId: LEAD,
  time: "2026-12-09T10:00",
  ...visitor,
  ...over,
});
/** A browser's idempotency key (a UUID), numbered. */
const key = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const meta = (key?: string) => ({
  ip: "203.0.113.9",
  pageUri: "http://site/schedule",
  pageName: "Schedule",
  ...(key ? { idempotencyKey: key } : {}),
});
/** A session order not yet paid, as the thank-you page's summary gives it. */
const unpaidOrder = (reference: string) => ({ reference, itemId: "session:individual-therapy" });
const mailSettings = { visitor: true, practice: true, reminderHours: [24, 2] };

function paySuite(name: string, open: OpenDatabase) {
  describe(`a session paid when booking, on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let fake: FakePaystack;
    let clock = NOW;
    let deps: BookingsDeps;
    let bookings: BookingsService;
    let payments: Payments;
    const spy = logSpy();
    const content = contentPaidWhenBooking();

    beforeAll(async () => {
      ({ database, cleanup } = await open());
      fake = await startFakePaystack({ secretKey: SECRET });
      const paystack = createPaystackClient({ apiUrl: fake.url, secretKey: SECRET });
      deps = {
        db: database.db,
        content: () => content,
        rateLimit: createRateLimiter({ db: database.db, limit: 1_000 }),
        outbox: { wake: () => {} },
        logger: spy.logger,
        destinations: [],
        queueBookingMails: (tx, r) => queueBookingMails(tx, mailSettings, { ...r, now: clock }),
        payments: { initialize: (input) => paystack.initialize(input), siteUrl: "https://site" },
        now: () => clock,
      };
      bookings = createBookingsService(deps);
      payments = createPaymentsService({
        db: database.db,
        siteUrl: "https://site",
        content: () => content,
        paystack,
        outbox: { wake: () => {} } as never,
        rateLimit: createRateLimiter({ db: database.db, limit: 1_000 }),
        logger: spy.logger,
        destinations: ["email", "receipt"],
        onPaid: (tx, order) => confirmPaidBooking(deps, tx, order),
        sessionOf: (order) => sessionOfOrder(deps, order, clock),
        // Paystack's answers are not reused between the checks here: each sees the latest.
        now: (() => {
          let t = 0;
          return () => (t += 60_000);
        })(),
      });
    });
    afterAll(async () => {
      await fake?.close();
      await database?.close();
      await cleanup?.();
    });

    const pay = (reference: string) => {
      const t = fake.transactions.get(reference)!;
      t.status = "success";
      t.paidAt = new Date(clock).toISOString();
    };
    const referenceOf = (url: string) =>
      [...fake.transactions.values()].find((t) => url.includes(t.accessCode))!.reference;
    const appointmentOf = async (reference: string) =>
      (
        await database.db
          .select()
          .from(appointments)
          .where(eq(appointments.paymentReference, reference))
      )[0]!;
    const offered = async (time: string) => {
      const page = await bookings.freeTimes({
        sessionTypeId: "individual-therapy",
        counsellorId: LEAD,
        from: time.slice(0, 10),
      });
      const start = parseLagosDateTime(time)!;
      return page.days.some((d) => d.starts.includes(start));
    };
    const paymentPayloads = async () =>
      (
        await database.db
          .select({ payload: submissions.payload })
          .from(submissions)
          .where(eq(submissions.kind, "payment"))
      ).map((r) => r.payload);

    it("says so on the form's session, and holds the time 15 minutes while the visitor pays on Paystack", async () => {
      clock = NOW;
      const { sessionTypes } = await bookings.catalogue();
      expect(sessionTypes.find((t) => t.id === "individual-therapy")).toMatchObject({
        payAtBooking: true,
        priceNaira: 35000,
      });
      const result = await bookings.book(request(), meta(key(1)));
      expect(result.status).toBe("pay");
      const url = (result as { authorizationUrl: string }).authorizationUrl;
      expect(url.startsWith(fake.url)).toBe(true);
      const reference = referenceOf(url);
      const transaction = fake.transactions.get(reference)!;
      expect(transaction.amount).toBe(3_500_000);
      expect(transaction.callbackUrl).toBe(`https://site/thank-you?ref=${reference}`);

      const row = await appointmentOf(reference);
      expect(row.status).toBe("held");
      expect(row.holdExpiresAt!.getTime()).toBe(NOW + 15 * MINUTE);
      expect(row.tokenHash).toBeNull();
      // Stored before Paystack was asked, and sent nowhere while unpaid.
      const [order] = await database.db
        .select()
        .from(orders)
        .where(eq(orders.reference, reference));
      expect(order).toMatchObject({
        status: "pending",
        amountKobo: 3_500_000,
        itemId: "session:individual-therapy",
      });
      expect(order!.itemName).toMatch(/^Individual Therapy Session with .+, Wednesday 9 December/);
      const queued = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, row.submissionId!));
      expect(queued).toEqual([]);
      // Held is taken: not offered, and a second visitor is refused.
      expect(await offered("2026-12-09T10:00")).toBe(false);
      const second = await bookings.book(request({ email: "other@example.com" }), meta(key(2)));
      expect(second).toMatchObject({ status: "refused", field: "time", message: TIME_TAKEN });
      expect(await sessionOfOrder(deps, unpaidOrder(reference), clock)).toEqual({
        state: "held",
        holdUntil: new Date(NOW + 15 * MINUTE).toISOString(),
      });
    });

    it("sends a repeat of the post back to the same Paystack page: one hold, one order", async () => {
      clock = NOW;
      const first = await bookings.book(request({ time: "2026-12-09T13:00" }), meta(key(3)));
      const again = await bookings.book(request({ time: "2026-12-09T13:00" }), meta(key(3)));
      expect(again).toEqual(first);
      const reference = referenceOf((first as { authorizationUrl: string }).authorizationUrl);
      const holds = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, new Date(parseLagosDateTime("2026-12-09T13:00")!)));
      expect(holds).toHaveLength(1);
      expect(holds[0]!.paymentReference).toBe(reference);
    });

    it("books the time when Paystack confirms the payment: the confirmation, notices and reminders queued once", async () => {
      clock = NOW + 5 * MINUTE;
      const result = await bookings.book(request({ time: "2026-12-10T10:00" }), meta(key(4)));
      const reference = referenceOf((result as { authorizationUrl: string }).authorizationUrl);
      const unpaid = await payments.service.check(reference);
      expect(unpaid).toMatchObject({ status: "abandoned", order: { session: { state: "held" } } });

      pay(reference);
      const paid = await payments.service.check(reference);
      expect(paid).toMatchObject({ status: "paid", order: { session: { state: "booked" } } });
      // The webhook and the sweep after it change nothing more.
      expect(
        await payments.recordCharge({ reference, amountKobo: 3_500_000, currency: "NGN" }),
      ).toBe("paid");
      await payments.reconcile();

      const row = await appointmentOf(reference);
      expect(row).toMatchObject({ status: "booked", holdExpiresAt: null });
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      const queued = await database.db
        .select({ destination: deliveries.destination, detail: deliveries.detail })
        .from(deliveries)
        .where(eq(deliveries.submissionId, row.submissionId!));
      expect(queued.map((d) => d.destination).sort()).toEqual([
        "booking-practice:booked",
        "booking-reminder:24h-s0",
        "booking-reminder:2h-s0",
        "booking-visitor:booked",
      ]);
      const token = queued.find((d) => d.destination === "booking-visitor:booked")!.detail!.token!;
      expect(await bookings.byToken(token)).toMatchObject({ status: "booked", changeable: true });
      const receipts = (await paymentPayloads()).filter((p) => p.reference === reference);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.session).toBe("booked");
      const item = { submission: { payload: receipts[0]! } } as unknown as OutboxItem;
      expect(paymentNotification(item, "practice@example.com").text).toMatch(/It is booked/);
      expect(paymentReceipt(item, "practice@example.com", content.site).text).toMatch(
        /Session: Individual Therapy Session with .*your session is booked/s,
      );
    });

    it("releases an unpaid hold after 15 minutes: the time is offered and booked again, and a repeat of the post says the hold ended", async () => {
      clock = NOW;
      const first = await bookings.book(request({ time: "2026-12-11T10:00" }), meta(key(5)));
      const reference = referenceOf((first as { authorizationUrl: string }).authorizationUrl);
      clock = NOW + 14 * MINUTE;
      expect(await offered("2026-12-11T10:00")).toBe(false);
      clock = NOW + 16 * MINUTE;
      expect(await offered("2026-12-11T10:00")).toBe(true);
      expect(await sessionOfOrder(deps, unpaidOrder(reference), clock)).toEqual({
        state: "released",
      });
      const repeat = await bookings.book(request({ time: "2026-12-11T10:00" }), meta(key(5)));
      expect(repeat).toMatchObject({ status: "refused", field: "time", message: HOLD_ENDED });

      const other = await bookings.book(
        request({ time: "2026-12-11T10:00", email: "second@example.com" }),
        meta(key(6)),
      );
      expect(other.status).toBe("pay");
      const row = await appointmentOf(reference);
      expect(row).toMatchObject({ status: "cancelled", cancelledBy: "unpaid" });

      // The first visitor's payment comes late, after the second has the time.
      const otherRef = referenceOf((other as { authorizationUrl: string }).authorizationUrl);
      pay(otherRef);
      expect(await payments.service.check(otherRef)).toMatchObject({ status: "paid" });
      pay(reference);
      const late = await payments.service.check(reference);
      expect(late).toMatchObject({ status: "paid", order: { session: { state: "time-taken" } } });
      expect(await appointmentOf(reference)).toMatchObject({ status: "cancelled" });
      const payload = (await paymentPayloads()).find((p) => p.reference === reference)!;
      expect(payload.session).toBe("time-taken");
      const item = { submission: { payload } } as unknown as OutboxItem;
      const notice = paymentNotification(item, "practice@example.com");
      expect(notice.subject).toMatch(/^Paid, but the time was taken/);
      expect(notice.text).toMatch(/It is NOT booked/);
      expect(paymentReceipt(item, "p@example.com", content.site).text).toMatch(
        /refund you in full/,
      );
    });

    it("books a late payment whose time is still free", async () => {
      clock = NOW;
      const first = await bookings.book(request({ time: "2026-12-14T10:00" }), meta(key(7)));
      const reference = referenceOf((first as { authorizationUrl: string }).authorizationUrl);
      clock = NOW + 20 * MINUTE;
      // Another counsellor's booking releases every expired hold of theirs, not this one: this
      // one is released by a write to its own counsellor's diary.
      await bookings.book(
        request({ time: "2026-12-14T15:00", email: "third@example.com" }),
        meta(key(8)),
      );
      expect(await appointmentOf(reference)).toMatchObject({
        status: "cancelled",
        cancelledBy: "unpaid",
      });
      pay(reference);
      expect(await payments.service.check(reference)).toMatchObject({
        status: "paid",
        order: { session: { state: "booked" } },
      });
      expect(await appointmentOf(reference)).toMatchObject({ status: "booked", cancelledBy: null });
    });

    it("lets the time go at once when Paystack cannot start the payment, and the same form sent again tries afresh", async () => {
      clock = NOW;
      fake.setInitializeMode("error");
      try {
        const failed = await bookings.book(request({ time: "2026-12-15T10:00" }), meta(key(9)));
        expect(failed).toMatchObject({
          status: "refused",
          field: "time",
          message: PAYMENT_NOT_STARTED,
        });
        expect(await offered("2026-12-15T10:00")).toBe(true);
      } finally {
        fake.setInitializeMode("ok");
      }
      const again = await bookings.book(request({ time: "2026-12-15T10:00" }), meta(key(9)));
      expect(again.status).toBe("pay");
      const failedOrders = await database.db
        .select()
        .from(orders)
        .where(eq(orders.status, "failed"));
      expect(failedOrders.length).toBeGreaterThanOrEqual(1);
    });

    it("gives one hold of twenty sent at once for one time; the others hear it was just taken", async () => {
      clock = NOW;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          bookings.book(
            request({ time: "2026-12-16T10:00", email: `racer${i}@example.com` }),
            meta(key(100 + i)),
          ),
        ),
      );
      expect(results.filter((r) => r.status === "pay")).toHaveLength(1);
      expect(results.filter((r) => r.status === "refused")).toHaveLength(19);
    });

    it("logs no payer's name, e-mail, phone or token", () => {
      const text = spy.lines.join("");
      expect(text).not.toMatch(/Ngozi|ngozi\.bello|2348030000001|racer\d+@|second@|third@/);
    });
  });
}

paySuite("PGlite", openTempPglite("bookings-pay-"));
describe.runIf(hasPostgres)("on Postgres", () => {
  paySuite("Postgres", openTempPostgres);
});

describe("without payments set up", () => {
  it("books a session marked 'When booking' at once, to be paid at the session", async () => {
    const { database, cleanup } = await openTempPglite("bookings-nopay-")();
    try {
      const service = createBookingsService({
        db: database.db,
        content: () => contentPaidWhenBooking(),
        rateLimit: createRateLimiter({ db: database.db, limit: 1_000 }),
        outbox: { wake: () => {} },
        logger: createLogger("silent"),
        destinations: [],
        now: () => NOW,
      });
      const { sessionTypes } = await service.catalogue();
      expect(sessionTypes.find((t) => t.id === "individual-therapy")!.payAtBooking).toBe(false);
      const result = await service.book(request(), meta(key(999)));
      expect(result.status).toBe("booked");
    } finally {
      await database.close();
      await cleanup();
    }
  });
});
