import { shippedContent } from "../../app/content/documents";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { orders, submissions } from "../../server/db/schema";
import { type PaystackClient, createPaystackClient } from "../../server/integrations/paystack";
import { type FakePaystack, startFakePaystack } from "../../server/integrations/paystack-fake";
import { createLogger } from "../../server/operations/logger";
import { type OutboxItem, createOutbox } from "../../server/integrations/deliveries/outbox";
import { paymentNotification, paymentReceipt } from "../../server/visitors/payments/emails";
import { markFailed, newReference } from "../../server/visitors/payments/orders";
import { startReconciliation } from "../../server/visitors/payments/reconcile";
import { RECONCILE_WINDOW_MS, createPaymentsService } from "../../server/visitors/payments/service";
import { createRateLimiter } from "../../server/http/rate-limit";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const logger = createLogger("silent");
const secretKey = "sk_test_reconcile";
const payer = { name: "Ada Obi", email: "ada@example.com", phone: "+234 803 000 1111" };
const meta = { ip: "203.0.113.5", pageUri: "http://site.test/checkout", pageName: "Checkout" };

it("PAYSTACK_RECONCILE_SECONDS defaults to 600 and must be a whole number of at least 1", () => {
  expect(loadConfig({}).paystack.reconcileSeconds).toBe(600);
  expect(loadConfig({ PAYSTACK_RECONCILE_SECONDS: "5" }).paystack.reconcileSeconds).toBe(5);
  for (const bad of ["0", "-1", "ten", "1.5"]) {
    expect(() => loadConfig({ PAYSTACK_RECONCILE_SECONDS: bad })).toThrow(
      /PAYSTACK_RECONCILE_SECONDS/,
    );
  }
});

function reconcileSuite(name: string, open: OpenDatabase) {
  describe(`payment reconciliation on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let paystack: FakePaystack;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      paystack = await startFakePaystack({ secretKey });
    });
    afterAll(async () => {
      await paystack?.close();
      await database?.close();
      await cleanup?.();
    });

    it("a payment taken with no return and no webhook is recorded and e-mailed once", async () => {
      const sent: { to: string; subject: string }[] = [];
      const outbox = createOutbox({
        db: database.db,
        logger,
        handlers: {
          email: async (item: OutboxItem) => {
            sent.push(paymentNotification(item, "team@example.com"));
            return { outcome: "delivered" };
          },
          receipt: async (item: OutboxItem) => {
            sent.push(paymentReceipt(item, "team@example.com", shippedContent().site));
            return { outcome: "delivered" };
          },
        },
      });
      const payments = createPaymentsService({
        db: database.db,
        siteUrl: "http://site.test",
        content: () => shippedContent(),
        paystack: createPaystackClient({ apiUrl: paystack.url, secretKey }),
        outbox,
        rateLimit: createRateLimiter({ db: database.db, limit: 100 }),
        logger,
        destinations: ["email", "receipt"],
      });
      outbox.start();

      const started = await payments.service.start("happier-marriage", payer, meta);
      expect(started.status).toBe("redirect");
      const payPage = (started as { url: string }).url;
      // An old order paid at Paystack is left alone: past 48 hours it is the dashboard's job.
      const old = await payments.service.start("happier-marriage", payer, meta);
      const oldPage = (old as { url: string }).url;
      const [oldRow] = await database.db
        .select()
        .from(orders)
        .orderBy(sql`${orders.id} desc`)
        .limit(1);
      await database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 49 * 60 * 60_000) })
        .where(eq(orders.id, oldRow!.id));

      const reconciliation = startReconciliation(payments, { intervalSeconds: 1, logger });
      try {
        // The sweep at start finds nothing paid yet.
        await vi.waitFor(() => expect(reconciliation.sweeps()).toBeGreaterThanOrEqual(1));
        expect(sent).toHaveLength(0);

        // The visitor pays on Paystack's page and closes the tab: the redirect back is never
        // followed, and no webhook is sent.
        for (const page of [payPage, oldPage]) {
          const paid = await fetch(page, {
            method: "POST",
            body: new URLSearchParams({ choice: "pay" }),
            redirect: "manual",
          });
          expect(paid.status).toBeGreaterThanOrEqual(300);
        }

        await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 10_000, interval: 100 });
        // Further sweeps (and another instance sweeping at once) change nothing.
        const after = reconciliation.sweeps();
        await Promise.all([payments.reconcile(), payments.reconcile()]);
        await vi.waitFor(() => expect(reconciliation.sweeps()).toBeGreaterThanOrEqual(after + 2), {
          timeout: 10_000,
        });
        await outbox.runOnce();
        expect(sent.map((m) => m.to).sort()).toEqual(["ada@example.com", "team@example.com"]);
        expect(sent.every((m) => m.subject.includes(oldRow!.reference))).toBe(false);

        const mine = await database.db
          .select()
          .from(submissions)
          .where(eq(submissions.kind, "payment"));
        expect(mine).toHaveLength(1);
        const [recent] = await database.db
          .select()
          .from(orders)
          .where(eq(orders.reference, mine[0]!.payload.reference!));
        expect(recent!.status).toBe("paid");
        const [stale] = await database.db.select().from(orders).where(eq(orders.id, oldRow!.id));
        expect(stale!.status).toBe("pending");
      } finally {
        await reconciliation.stop();
        await outbox.stop();
      }
    });

    /** The payments service over a Paystack the test controls; nothing is e-mailed. */
    function paymentsWith(paystackClient: PaystackClient) {
      return createPaymentsService({
        db: database.db,
        siteUrl: "http://site.test",
        content: () => shippedContent(),
        paystack: paystackClient,
        outbox: createOutbox({ db: database.db, logger, handlers: {} }),
        rateLimit: createRateLimiter({ db: database.db, limit: 100 }),
        logger,
        destinations: [],
      });
    }
    const amountKobo = 12_499_000;
    const newOrders = (count: number) =>
      database.db
        .insert(orders)
        .values(
          Array.from({ length: count }, () => ({
            reference: newReference(),
            itemId: "happier-marriage",
            itemName: "Happier Marriage Program",
            amountKobo,
            currency: "NGN",
            ...payer,
          })),
        )
        .returning();

    it("450 abandoned orders do not starve a paid one: it is recorded within two sweeps", async () => {
      const abandoned = await newOrders(450);
      const [paidOrder] = await newOrders(1);
      const asked = new Set<string>();
      const payments = paymentsWith({
        initialize: async () => ({ ok: false, error: "not used" }),
        verify: async (reference) => {
          asked.add(reference);
          return {
            ok: true,
            status: reference === paidOrder!.reference ? "success" : "abandoned",
            amountKobo,
            currency: "NGN",
            reference,
          };
        },
      });
      const reconciliation = startReconciliation(payments, { intervalSeconds: 1, logger });
      try {
        await vi.waitFor(() => expect(reconciliation.sweeps()).toBeGreaterThanOrEqual(2), {
          timeout: 60_000,
          interval: 50,
        });
      } finally {
        await reconciliation.stop();
      }
      const [row] = await database.db.select().from(orders).where(eq(orders.id, paidOrder!.id));
      expect(row!.status).toBe("paid");
      // Every order was asked about, and each one asked about is marked so.
      expect(abandoned.every((o) => asked.has(o.reference))).toBe(true);
      const unchecked = await database.db.$count(
        orders,
        and(
          inArray(orders.status, ["pending", "failed"]),
          isNull(orders.lastCheckedAt),
          gt(orders.createdAt, new Date(Date.now() - RECONCILE_WINDOW_MS)),
        ),
      );
      expect(unchecked).toBe(0);
    }, 90_000);

    it("a failed order that Paystack says is paid becomes paid", async () => {
      const [order] = await newOrders(1);
      await markFailed(database.db, order!.reference, "Paystack status: failed");
      const payments = paymentsWith({
        initialize: async () => ({ ok: false, error: "not used" }),
        verify: async (reference) => ({
          ok: true,
          status: reference === order!.reference ? "success" : "abandoned",
          amountKobo,
          currency: "NGN",
          reference,
        }),
      });
      await payments.reconcile();
      const [row] = await database.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(row).toMatchObject({ status: "paid", failureReason: null });
      expect(row!.lastCheckedAt).toBeInstanceOf(Date);
      const recorded = await database.db
        .select()
        .from(submissions)
        .where(eq(submissions.kind, "payment"));
      expect(recorded.filter((s) => s.payload.reference === order!.reference)).toHaveLength(1);
    });

    it("stopping the sweep aborts a verify that Paystack never answers", async () => {
      await database.db
        .update(orders)
        .set({ status: "failed" })
        .where(inArray(orders.status, ["pending", "failed"]));
      await newOrders(3);
      const hanging = await startFakePaystack({ secretKey });
      hanging.setVerifyMode("hang");
      const client = createPaystackClient({ apiUrl: hanging.url, secretKey });
      let calls = 0;
      const payments = paymentsWith({
        ...client,
        verify: (reference, signal) => {
          calls += 1;
          return client.verify(reference, signal);
        },
      });
      const reconciliation = startReconciliation(payments, { intervalSeconds: 60, logger });
      try {
        await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(1), { timeout: 20_000 });
        const started = Date.now();
        await reconciliation.stop();
        // Paystack's own timeout is 10 s for each of the orders; stopping does not wait for it.
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(calls).toBe(1);
      } finally {
        await reconciliation.stop();
        await hanging.close();
      }
    }, 60_000);
  });
}

reconcileSuite("PGlite", openTempPglite("site-reconcile-"));

describe.skipIf(!hasPostgres)("Postgres", () => {
  reconcileSuite("Postgres", openTempPostgres);
});
