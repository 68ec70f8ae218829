import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { deliveries, submissions } from "../../server/db/schema";
import { createFormsService } from "../../server/visitors/forms/service";
import { createLogger } from "../../server/operations/logger";
import {
  type OutboxItem,
  createOutbox,
  releaseHeld,
} from "../../server/integrations/deliveries/outbox";
import { createRateLimiter } from "../../server/http/rate-limit";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const logger = createLogger("silent");

const message = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: "",
  need: "other" as const,
  message: "We would like to talk to someone, please.",
});
const meta = (ip: string) => ({ ip, pageUri: "http://x/contact", pageName: "Contact Us" });

/** Docs/decisions/019: store everything, refuse no-one for others' traffic, hold under a flood. */
function floodSuite(name: string, open: OpenDatabase) {
  describe(`a flood on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    const sent: OutboxItem[] = [];
    let outbox: ReturnType<typeof createOutbox>;
    let forms: ReturnType<typeof createFormsService>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      outbox = createOutbox({
        db: database.db,
        handlers: {
          hubspot: async (item) => {
            sent.push(item);
            return { outcome: "delivered" };
          },
        },
        logger,
      });
      forms = createFormsService({
        db: database.db,
        config: loadConfig({}),
        outbox,
        rateLimit: createRateLimiter({ db: database.db, limit: 5, floodThreshold: 10 }),
        logger,
        destinations: { contact: ["hubspot"], newsletter: [], booking: [] },
      });
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    const statusesOf = async (ids: number[]) =>
      (
        await database.db
          .select({ status: deliveries.status })
          .from(deliveries)
          .where(inArray(deliveries.submissionId, ids))
      ).map((r) => r.status);

    it("stores every post from many unrelated addresses and holds the deliveries past the threshold", async () => {
      const results = [];
      for (let i = 1; i <= 25; i++) {
        results.push(await forms.contact(message(i), meta(`198.18.${i}.7`)));
      }
      expect(results.every((r) => r.status === "ok")).toBe(true);
      const ids = results.map((r) => (r as { id: number }).id);
      const stored = await database.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(inArray(submissions.id, ids));
      expect(stored).toHaveLength(25);
      // The first ten went to the CRM within the request; the fifteen after them wait.
      expect(await statusesOf(ids.slice(0, 10))).toEqual(Array(10).fill("delivered"));
      expect(await statusesOf(ids.slice(10))).toEqual(Array(15).fill("held"));
      expect(results.slice(10).every((r) => r.status === "ok" && r.deferred)).toBe(true);
      expect(sent).toHaveLength(10);
      // The worker does not touch held rows.
      expect(await outbox.runOnce()).toBe(0);
      expect(sent).toHaveLength(10);

      // Released by the operator: each is delivered exactly once.
      expect(await releaseHeld(database.db)).toBe(15);
      expect(await releaseHeld(database.db)).toBe(0);
      while ((await outbox.runOnce()) > 0);
      expect(await statusesOf(ids)).toEqual(Array(25).fill("delivered"));
      expect(sent).toHaveLength(25);
      expect(new Set(sent.map((s) => s.submission.id)).size).toBe(25);
    });

    it("a released row gets its own 24 hours before it is given up", async () => {
      const [row] = await database.db
        .insert(submissions)
        .values({
          kind: "contact",
          payload: message(99),
          createdAt: new Date(Date.now() - 3 * 24 * 3600_000),
        })
        .returning({ id: submissions.id });
      await database.db
        .insert(deliveries)
        .values({ submissionId: row!.id, destination: "hubspot", status: "held" });
      await releaseHeld(database.db);
      const failing = createOutbox({
        db: database.db,
        handlers: { hubspot: async () => ({ outcome: "retry", error: "HubSpot 503" }) },
        logger,
      });
      await failing.runOnce();
      const [after] = await database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.submissionId, row!.id));
      expect(after!.status).toBe("pending");
      expect(after!.attempts).toBe(1);
    });
  });
}

floodSuite("PGlite", openTempPglite("site-flood-"));

describe.skipIf(!hasPostgres)("Postgres", () => {
  floodSuite("Postgres", openTempPostgres);
});
