import { shippedContent } from "../../app/content/documents";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { deliveries, idempotencyKeys, orders, submissions } from "../../server/db/schema";
import { idempotencyHash } from "../../server/visitors/idempotency";
import { createLogger } from "../../server/operations/logger";
import { createOutbox } from "../../server/integrations/deliveries/outbox";
import {
  REFERENCE_PATTERN,
  createOrder,
  findOrder,
  markFailed,
  markPaid,
  newReference,
} from "../../server/visitors/payments/orders";
import { VERIFY_CACHE_MS, createPaymentsService } from "../../server/visitors/payments/service";
import { paymentNotification, paymentReceipt } from "../../server/visitors/payments/emails";
import type { PaystackClient, VerifyResult } from "../../server/integrations/paystack";
import { RATE_ROWS_SPENT_MS, createRateLimiter } from "../../server/http/rate-limit";
import { RetentionError, applyRetention, purgeRateLimits } from "../../server/operations/retention";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const logger = createLogger("silent");

const payer = { name: "Ada Obi", email: "ada@example.com", phone: "+234 803 000 1111" };

async function newOrder(db: Database["db"], amountKobo = 12_499_000) {
  return createOrder(db, {
    reference: newReference(),
    itemId: "happier-marriage",
    itemName: "Happier Marriage Program",
    amountKobo,
    ...payer,
  });
}

const paymentRows = async (db: Database["db"], reference: string) =>
  (await db.select().from(submissions).where(eq(submissions.kind, "payment"))).filter(
    (s) => s.payload.reference === reference,
  );

/** A Paystack that answers verify with what the test says. */
function stubPaystack(answer: () => VerifyResult): PaystackClient {
  return {
    initialize: async () => ({ ok: true, authorizationUrl: "http://pay.test/x" }),
    verify: async () => answer(),
  };
}

function ordersSuite(name: string, open: OpenDatabase) {
  describe(`orders on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("a new order is pending, in whole kobo, with an unguessable reference", async () => {
      const order = await newOrder(database.db);
      expect(order.status).toBe("pending");
      expect(order.amountKobo).toBe(12_499_000);
      expect(order.currency).toBe("NGN");
      expect(order.reference).toMatch(REFERENCE_PATTERN);
      expect(newReference()).not.toBe(newReference());
      expect(await findOrder(database.db, order.reference)).toMatchObject({ id: order.id });
      expect(await findOrder(database.db, "<script>")).toBeUndefined();
    });

    it("paid once: the e-mails are queued exactly once however often it is confirmed", async () => {
      const order = await newOrder(database.db);
      const paid = { reference: order.reference, amountKobo: order.amountKobo, currency: "NGN" };
      const first = await markPaid(database.db, paid, ["email", "receipt"]);
      expect(first.changed).toBe(true);
      expect(first.order?.status).toBe("paid");
      expect(first.order?.paidAt).toBeInstanceOf(Date);
      const again = await markPaid(database.db, paid, ["email", "receipt"]);
      expect(again.changed).toBe(false);
      const rows = await paymentRows(database.db, order.reference);
      expect(rows).toHaveLength(1);
      const outbox = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, rows[0]!.id));
      expect(outbox.map((d) => d.destination).sort()).toEqual(["email", "receipt"]);
    });

    it("concurrent confirmations (webhook and thank-you page) queue the e-mails once", async () => {
      const order = await newOrder(database.db);
      const paid = { reference: order.reference, amountKobo: order.amountKobo, currency: "NGN" };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => markPaid(database.db, paid, ["email", "receipt"])),
      );
      expect(results.filter((r) => r.changed)).toHaveLength(1);
      expect(await paymentRows(database.db, order.reference)).toHaveLength(1);
    });

    it("a different amount or currency never marks an order paid", async () => {
      const order = await newOrder(database.db);
      const wrongAmount = { reference: order.reference, amountKobo: 100, currency: "NGN" };
      const wrongCurrency = { ...wrongAmount, amountKobo: order.amountKobo, currency: "USD" };
      expect((await markPaid(database.db, wrongAmount, ["email"])).changed).toBe(false);
      expect((await markPaid(database.db, wrongCurrency, ["email"])).changed).toBe(false);
      expect((await findOrder(database.db, order.reference))?.status).toBe("pending");
      expect(await paymentRows(database.db, order.reference)).toHaveLength(0);
    });

    it("failed can still become paid; paid never becomes failed", async () => {
      const order = await newOrder(database.db);
      expect(await markFailed(database.db, order.reference, "Paystack status: failed")).toBe(true);
      expect((await findOrder(database.db, order.reference))?.failureReason).toBe(
        "Paystack status: failed",
      );
      const paid = { reference: order.reference, amountKobo: order.amountKobo, currency: "NGN" };
      expect((await markPaid(database.db, paid, [])).changed).toBe(true);
      expect(await markFailed(database.db, order.reference, "late failure")).toBe(false);
      const after = await findOrder(database.db, order.reference);
      expect(after?.status).toBe("paid");
      expect(after?.failureReason).toBeNull();
    });

    it("the service believes only Paystack's success for the order's exact amount in naira", async () => {
      let answer: VerifyResult = { ok: false, notFound: false, error: "down" };
      let clock = 0;
      // Each new answer comes after the thank-you page's verify cache has expired.
      const paystackSays = (next: VerifyResult) => {
        answer = next;
        clock += VERIFY_CACHE_MS;
      };
      const outbox = createOutbox({ db: database.db, handlers: {}, logger });
      const payments = createPaymentsService({
        db: database.db,
        siteUrl: "http://site.test",
        content: () => shippedContent(),
        paystack: stubPaystack(() => answer),
        outbox,
        rateLimit: async () => ({ allowed: true, flood: false }),
        logger,
        destinations: ["email", "receipt"],
        now: () => clock,
      });
      const check = payments.service.check;
      const order = await newOrder(database.db);
      const ok = {
        ok: true as const,
        reference: order.reference,
        amountKobo: order.amountKobo,
        currency: "NGN",
      };

      expect(await check("KH-000000000000000000000000")).toEqual({ status: "unknown" });
      expect((await check(order.reference)).status).toBe("unavailable");
      paystackSays({ ...ok, status: "ongoing" });
      expect((await check(order.reference)).status).toBe("pending");
      paystackSays({ ...ok, status: "abandoned" });
      expect((await check(order.reference)).status).toBe("abandoned");
      paystackSays({ ...ok, status: "success", amountKobo: order.amountKobo - 100 });
      expect((await check(order.reference)).status).toBe("mismatch");
      paystackSays({ ...ok, status: "success", currency: "GHS" });
      expect((await check(order.reference)).status).toBe("mismatch");
      expect((await findOrder(database.db, order.reference))?.status).toBe("failed");
      expect(await paymentRows(database.db, order.reference)).toHaveLength(0);

      paystackSays({ ...ok, status: "success" });
      const paid = await check(order.reference);
      expect(paid).toMatchObject({ status: "paid", order: { reference: order.reference } });
      // Once paid it stays paid, whatever Paystack says later, and nothing is queued again.
      paystackSays({ ...ok, status: "failed" });
      expect((await check(order.reference)).status).toBe("paid");
      expect(await payments.recordCharge(ok)).toBe("paid");
      expect(await paymentRows(database.db, order.reference)).toHaveLength(1);

      expect(await payments.recordCharge({ ...ok, reference: "KH-FFFFFFFFFFFFFFFFFFFFFFFF" })).toBe(
        "unknown",
      );
      const other = await newOrder(database.db);
      expect(
        await payments.recordCharge({ ...ok, reference: other.reference, amountKobo: 1 }),
      ).toBe("mismatch");
      expect(
        await payments.recordCharge({
          ...ok,
          reference: other.reference,
          amountKobo: other.amountKobo,
        }),
      ).toBe("paid");
      expect(await paymentRows(database.db, other.reference)).toHaveLength(1);
    });

    it("retention keeps paid orders however old, and deletes unpaid ones past RETENTION_DAYS", async () => {
      const old = new Date(Date.now() - 31 * 24 * 60 * 60_000);
      const paid = await newOrder(database.db);
      await markPaid(
        database.db,
        { reference: paid.reference, amountKobo: paid.amountKobo, currency: "NGN" },
        [],
      );
      const pending = await newOrder(database.db);
      const failed = await newOrder(database.db);
      await markFailed(database.db, failed.reference, "Paystack status: failed");
      const recentPending = await newOrder(database.db);
      const recentFailed = await newOrder(database.db);
      await markFailed(database.db, recentFailed.reference, "Paystack status: failed");
      for (const order of [paid, pending, failed]) {
        await database.db.update(orders).set({ createdAt: old }).where(eq(orders.id, order.id));
      }
      const counts = await applyRetention(database.db, 30);
      expect(counts.unpaidOrders).toBe(2);
      expect(await findOrder(database.db, paid.reference)).toMatchObject({ status: "paid" });
      expect(await findOrder(database.db, pending.reference)).toBeUndefined();
      expect(await findOrder(database.db, failed.reference)).toBeUndefined();
      expect(await findOrder(database.db, recentPending.reference)).toBeDefined();
      expect(await findOrder(database.db, recentFailed.reference)).toBeDefined();
    });

    it("retention deletes 400-day-old unpaid orders whether or not a checkout key points at them", async () => {
      const old = new Date(Date.now() - 400 * 24 * 60 * 60_000);
      const keyed = await newOrder(database.db);
      const bare = await newOrder(database.db);
      await database.db.insert(idempotencyKeys).values({
        key: idempotencyHash("checkout", "k".repeat(32), { item: "happier-marriage" }),
        kind: "checkout",
        orderId: keyed.id,
      });
      for (const order of [keyed, bare]) {
        await database.db.update(orders).set({ createdAt: old }).where(eq(orders.id, order.id));
      }
      const counts = await applyRetention(database.db, 365);
      expect(counts.unpaidOrders).toBe(2);
      expect(await findOrder(database.db, keyed.reference)).toBeUndefined();
      expect(await findOrder(database.db, bare.reference)).toBeUndefined();
      expect(await database.db.$count(idempotencyKeys, eq(idempotencyKeys.orderId, keyed.id))).toBe(
        0,
      );
    });

    it("a retention step that fails does not keep the others from deleting, and is named", async () => {
      const old = new Date(Date.now() - 400 * 24 * 60 * 60_000);
      const [submission] = await database.db
        .insert(submissions)
        .values({ kind: "contact", payload: { name: "Ada" }, createdAt: old })
        .returning();
      const order = await newOrder(database.db);
      await database.db.update(orders).set({ createdAt: old }).where(eq(orders.id, order.id));
      // Stands in for any failure of one DELETE (a lock timeout, a constraint).
      await database.db.execute(sql`
        create function refuse_delete() returns trigger language plpgsql as
        $$ begin raise exception 'deleting submissions is refused'; end $$`);
      await database.db.execute(
        sql`create trigger refuse_delete before delete on submissions for each row execute function refuse_delete()`,
      );
      try {
        const failed = await applyRetention(database.db, 365).catch((error: unknown) => error);
        expect(failed).toBeInstanceOf(RetentionError);
        const { failures, counts } = failed as RetentionError;
        expect(failures.map((f) => f.step)).toEqual(["submissions"]);
        expect(failures[0]!.error).toContain("deleting submissions is refused");
        expect(counts.unpaidOrders).toBe(1);
        expect(await findOrder(database.db, order.reference)).toBeUndefined();
      } finally {
        await database.db.execute(sql`drop trigger refuse_delete on submissions`);
        await database.db.execute(sql`drop function refuse_delete()`);
      }
      expect(await applyRetention(database.db, 365)).toMatchObject({ submissions: 1 });
      expect(await database.db.$count(submissions, eq(submissions.id, submission!.id))).toBe(0);
    });

    it("rate-limit rows are purged once their window is over", async () => {
      const limiter = createRateLimiter({ db: database.db, limit: 5 });
      await limiter("contact", "198.51.100.77");
      expect(await purgeRateLimits(database.db)).toBe(0);
      expect(
        await purgeRateLimits(database.db, new Date(Date.now() + RATE_ROWS_SPENT_MS + 1000)),
      ).toBe(2); // the address's row and its network's (/24)
    });
  });
}

ordersSuite("embedded PGlite", openTempPglite("site-orders-"));

describe.runIf(hasPostgres)("Postgres", () => {
  ordersSuite("Postgres", openTempPostgres);
});

describe("payment e-mails", () => {
  const item = {
    deliveryId: 1,
    destination: "receipt" as const,
    attempts: 1,
    submission: {
      id: 7,
      kind: "payment" as const,
      createdAt: new Date("2026-03-02T10:00:00Z"),
      payload: {
        orderId: "3",
        reference: "KH-0123456789ABCDEF01234567",
        itemId: "happier-marriage",
        itemName: "Happier Marriage Program",
        amountKobo: "12499000",
        currency: "NGN",
        ...payer,
        paidAt: "2026-03-02T10:00:00.000Z",
      },
    },
  };

  it("the receipt goes to the client with item, amount in naira, reference, date and our details", () => {
    const mail = paymentReceipt(item, "team@kindredhearts.ng", shippedContent().site);
    expect(mail.to).toBe(payer.email);
    expect(mail.replyTo).toBe("team@kindredhearts.ng");
    for (const text of [
      "Happier Marriage Program",
      "₦124,990",
      "KH-0123456789ABCDEF01234567",
      "2026",
      "+234 906 000 1234",
      "hello@kindredhearts.ng",
      "Lekki",
    ]) {
      expect(mail.text).toContain(text);
    }
  });

  it("the practice is told who paid for what", () => {
    const mail = paymentNotification(item, "team@kindredhearts.ng");
    expect(mail.to).toBe("team@kindredhearts.ng");
    expect(mail.replyTo).toBe(payer.email);
    expect(mail.subject).toContain("KH-0123456789ABCDEF01234567");
    for (const text of ["₦124,990", payer.name, payer.phone]) expect(mail.text).toContain(text);
  });
});
