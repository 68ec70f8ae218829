import { shippedContent } from "../../app/content/documents";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import {
  deliveries,
  idempotencyKeys,
  orders,
  submissions,
  subscribers,
} from "../../server/db/schema";
import { createFormsService } from "../../server/visitors/forms/service";
import { idempotencyHash } from "../../server/visitors/idempotency";
import { createLogger } from "../../server/operations/logger";
import { createOutbox } from "../../server/integrations/deliveries/outbox";
import { createPaymentsService } from "../../server/visitors/payments/service";
import { createRateLimiter } from "../../server/http/rate-limit";
import type { PaystackClient } from "../../server/integrations/paystack";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const logger = createLogger("silent");

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const contactFrom = (email: string) => ({
  name: "Ada",
  email,
  phone: "",
  need: "other" as const,
  message: "We lost the signal on the bridge.",
});
const metaWith = (key?: string) => ({
  ip: "203.0.113.7",
  pageUri: "http://x/contact",
  pageName: "Contact Us",
  idempotencyKey: key,
});

/** The same behaviour on both databases the site can run on. */
function idempotencySuite(name: string, open: OpenDatabase) {
  describe(`idempotency store on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    const forms = () =>
      createFormsService({
        db: database.db,
        config: loadConfig({}),
        outbox: createOutbox({ db: database.db, handlers: {}, logger }),
        rateLimit: createRateLimiter({ db: database.db, limit: 1000 }),
        logger,
        destinations: { contact: ["email"], newsletter: [], booking: ["email"] },
      });

    const rowsFor = async (email: string) => {
      const all = await database.db.select().from(submissions);
      return all.filter((s) => s.payload.email === email);
    };

    it("answers a repeat of the same key and content with the first outcome, storing nothing", async () => {
      const email = `a.${unique()}@example.com`;
      const key = crypto.randomUUID();
      const first = await forms().contact(contactFrom(email), metaWith(key));
      const again = await forms().contact(contactFrom(email), metaWith(key));
      expect(first.status).toBe("ok");
      expect(again).toEqual(first);
      const rows = await rowsFor(email);
      expect(rows).toHaveLength(1);
      const outbox = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, rows[0]!.id));
      expect(outbox).toHaveLength(1);
    });

    it("treats the same key with other content as a new submission", async () => {
      const email = `b.${unique()}@example.com`;
      const key = crypto.randomUUID();
      await forms().contact(contactFrom(email), metaWith(key));
      await forms().contact(
        { ...contactFrom(email), message: "Something else entirely." },
        metaWith(key),
      );
      expect(await rowsFor(email)).toHaveLength(2);
    });

    it("stores every post without a key (no JavaScript), as before", async () => {
      const email = `c.${unique()}@example.com`;
      await forms().contact(contactFrom(email), metaWith());
      await forms().contact(contactFrom(email), metaWith());
      expect(await rowsFor(email)).toHaveLength(2);
    });

    it("stores one of two concurrent posts with the same key and answers both alike", async () => {
      const email = `d.${unique()}@example.com`;
      const key = crypto.randomUUID();
      const service = forms();
      const [one, two] = await Promise.all([
        service.contact(contactFrom(email), metaWith(key)),
        service.contact(contactFrom(email), metaWith(key)),
      ]);
      expect(one.status).toBe("ok");
      expect(two).toEqual(one);
      expect(await rowsFor(email)).toHaveLength(1);
      const keys = await database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, idempotencyHash("contact", key, { ...contactFrom(email) })));
      expect(keys).toHaveLength(1);
    });

    it("gives a repeated booking the first one's token, and a repeated sign-up no second row", async () => {
      const email = `e.${unique()}@example.com`;
      const key = crypto.randomUUID();
      const input = { name: "Bola", email, phone: "+234 803 000 2222" };
      const first = await forms().booking(input, metaWith(key));
      const again = await forms().booking(input, metaWith(key));
      expect(again).toEqual(first);
      expect(await rowsFor(email)).toHaveLength(1);

      const signUp = await forms().newsletter({ email }, metaWith(key));
      expect(await forms().newsletter({ email }, metaWith(key))).toEqual(signUp);
      const subs = await database.db.select().from(subscribers).where(eq(subscribers.email, email));
      expect(subs).toHaveLength(1);
    });

    it("starts one order and one Paystack payment per checkout key, even when sent twice at once", async () => {
      let initialized = 0;
      const paystack = {
        async initialize() {
          initialized += 1;
          return { ok: true as const, authorizationUrl: "https://checkout.paystack.com/abc" };
        },
      } as unknown as PaystackClient;
      const { service } = createPaymentsService({
        db: database.db,
        siteUrl: "http://x",
        content: () => shippedContent(),
        paystack,
        outbox: createOutbox({ db: database.db, handlers: {}, logger }),
        rateLimit: createRateLimiter({ db: database.db, limit: 1000 }),
        logger,
        destinations: [],
      });
      const email = `f.${unique()}@example.com`;
      const payer = { name: "Chidi", email, phone: "+234 803 000 3333" };
      const key = crypto.randomUUID();
      const meta = { ...metaWith(key), pageName: "Checkout" };
      const [one, two] = await Promise.all([
        service.start("happier-marriage", payer, meta),
        service.start("happier-marriage", payer, meta),
      ]);
      const three = await service.start("happier-marriage", payer, meta);
      const redirects = [one, two, three].filter((r) => r.status === "redirect");
      // The one that waited on the first may find no Paystack page yet: it is told to try again,
      // and never starts a second payment.
      expect(redirects.length).toBeGreaterThanOrEqual(2);
      expect(three).toEqual({ status: "redirect", url: "https://checkout.paystack.com/abc" });
      expect(initialized).toBe(1);
      expect(await database.db.select().from(orders).where(eq(orders.email, email))).toHaveLength(
        1,
      );
    });
  });
}

idempotencySuite("embedded PGlite", openTempPglite("site-idem-"));

describe.skipIf(!hasPostgres)("on Postgres", () => {
  idempotencySuite("Postgres", openTempPostgres);
});
