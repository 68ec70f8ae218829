import { shippedContent } from "../../app/content/documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import type { PaystackClient, VerifyResult } from "../../server/integrations/paystack";
import { createLogger } from "../../server/operations/logger";
import { createOutbox } from "../../server/integrations/deliveries/outbox";
import { createOrder, newReference } from "../../server/visitors/payments/orders";
import { VERIFY_CACHE_MS, createPaymentsService } from "../../server/visitors/payments/service";
import { createRateLimiter } from "../../server/http/rate-limit";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const logger = createLogger("silent");
const payer = { name: "Ada Obi", email: "ada@example.com", phone: "+234 803 000 1111" };

function cacheSuite(name: string, open: OpenDatabase) {
  describe(`thank-you verify cache on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    /** A service whose Paystack answers `answer` and counts the calls, on a clock the test moves. */
    function setup(answer: (reference: string) => VerifyResult, checks = 1000) {
      let clock = 1_000_000;
      const calls: string[] = [];
      const paystack: PaystackClient = {
        initialize: async () => ({ ok: true, authorizationUrl: "http://pay.test/x" }),
        verify: async (reference) => {
          calls.push(reference);
          return answer(reference);
        },
      };
      const payments = createPaymentsService({
        db: database.db,
        siteUrl: "http://site.test",
        content: () => shippedContent(),
        paystack,
        outbox: createOutbox({ db: database.db, handlers: {}, logger }),
        rateLimit: createRateLimiter({ db: database.db, limit: 100 }),
        checkRateLimit: createRateLimiter({ db: database.db, limit: checks }),
        logger,
        destinations: [],
        now: () => clock,
      });
      return { payments, calls, advance: (ms: number) => (clock += ms) };
    }

    const newOrder = () =>
      createOrder(database.db, {
        reference: newReference(),
        itemId: "happier-marriage",
        itemName: "Happier Marriage Program",
        amountKobo: 12_499_000,
        ...payer,
      });

    it("25 reloads of a pending payment ask Paystack once per 30 seconds", async () => {
      const order = await newOrder();
      const { payments, calls, advance } = setup((reference) => ({
        ok: true,
        status: "ongoing",
        amountKobo: 12_499_000,
        currency: "NGN",
        reference,
      }));
      for (let i = 0; i < 25; i++) {
        expect((await payments.service.check(order.reference)).status).toBe("pending");
      }
      expect(calls).toHaveLength(1);
      advance(VERIFY_CACHE_MS - 1);
      await payments.service.check(order.reference);
      expect(calls).toHaveLength(1);
      advance(2);
      await payments.service.check(order.reference);
      expect(calls).toHaveLength(2);
    });

    it("a paid result is kept for good, and each reference is cached on its own", async () => {
      const [first, second] = [await newOrder(), await newOrder()];
      const { payments, calls, advance } = setup((reference) => ({
        ok: true,
        status: "success",
        amountKobo: 12_499_000,
        currency: "NGN",
        reference,
      }));
      expect((await payments.service.check(first.reference)).status).toBe("paid");
      expect((await payments.service.check(second.reference)).status).toBe("paid");
      advance(24 * 60 * 60_000);
      for (let i = 0; i < 5; i++) {
        expect((await payments.service.check(first.reference)).status).toBe("paid");
      }
      expect(calls.sort()).toEqual([first.reference, second.reference].sort());
    });

    it("the page is rate limited per address", async () => {
      const order = await newOrder();
      const { payments } = setup(
        () => ({ ok: false, notFound: false, error: "Paystack timed out" }),
        3,
      );
      const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
      for (let i = 0; i < 3; i++) {
        expect((await payments.service.check(order.reference, ip)).status).toBe("unavailable");
      }
      const limited = await payments.service.check(order.reference, ip);
      expect(limited).toMatchObject({ status: "rate-limited" });
      expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
      // another address is not affected
      expect((await payments.service.check(order.reference, "203.0.113.250")).status).toBe(
        "unavailable",
      );
    });
  });
}

cacheSuite("PGlite", openTempPglite("site-verify-cache-"));

describe.skipIf(!hasPostgres)("Postgres", () => {
  cacheSuite("Postgres", openTempPostgres);
});
