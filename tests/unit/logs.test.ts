import { shippedContent } from "../../app/content/documents";
import { createHmac } from "node:crypto";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import { createFormsService } from "../../server/visitors/forms/service";
import { createLogger } from "../../server/operations/logger";
import { createOutbox } from "../../server/integrations/deliveries/outbox";
import { newReference } from "../../server/visitors/payments/orders";
import { createPaymentsService } from "../../server/visitors/payments/service";
import { paystackWebhook } from "../../server/visitors/payments/webhook";
import { createRateLimiter } from "../../server/http/rate-limit";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import { freshDataDir } from "../support/databases";

const hasPostgres = await postgresAvailable();

/** Values nobody else uses, so that finding one in the log can only mean it leaked. */
const visitor = {
  name: "Zebulon Quillfeather",
  email: "zebulon.quillfeather@example.com",
  phone: "+234 809 765 4321",
  message: "Quillfeather's private matter, never to be logged.",
};
const ip = "203.0.113.177";
const meta = { ip, pageUri: "http://x/contact", pageName: "Contact Us" };
const secret = "sk_test_logs";

function logSuite(
  name: string,
  open: () => Promise<{ database: Database; cleanup: () => Promise<void> }>,
) {
  describe(`no visitor data in the log when the database fails, on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });
    beforeEach(() => {
      lines = [];
    });

    /** Runs `act` with `table` gone, then asserts an error was logged with nothing of the visitor. */
    async function withTableGone(table: string, act: () => Promise<unknown>) {
      await database.db.execute(sql.raw(`alter table ${table} rename to ${table}_gone`));
      try {
        await act();
      } finally {
        await database.db.execute(sql.raw(`alter table ${table}_gone rename to ${table}`));
      }
      const log = lines.join("");
      expect(log, "the failure should have been logged").toMatch(/"level":50/);
      for (const value of [...Object.values(visitor), ip, "Quillfeather", "quillfeather"]) {
        expect(log).not.toContain(value);
      }
    }

    const forms = () =>
      createFormsService({
        db: database.db,
        config: loadConfig({}),
        outbox: createOutbox({ db: database.db, handlers: {}, logger }),
        rateLimit: createRateLimiter({ db: database.db, limit: 100 }),
        logger,
        destinations: { contact: ["email"], newsletter: ["email"], booking: ["email"] },
      });

    const payments = () =>
      createPaymentsService({
        db: database.db,
        siteUrl: "http://site.test",
        content: () => shippedContent(),
        paystack: {
          initialize: async () => ({ ok: true, authorizationUrl: "http://pay.test/x" }),
          verify: async () => ({ ok: false, notFound: true, error: "not found" }),
        },
        outbox: createOutbox({ db: database.db, handlers: {}, logger }),
        rateLimit: createRateLimiter({ db: database.db, limit: 100 }),
        logger,
        destinations: ["email", "receipt"],
      });

    for (const table of ["rate_limits", "submissions", "deliveries"]) {
      it(`contact, booking and newsletter forms with ${table} failing`, async () => {
        const service = forms();
        await withTableGone(table, async () => {
          expect((await service.contact({ ...visitor, need: "other" }, meta)).status).toBe(
            "unavailable",
          );
          expect((await service.booking(visitor, meta)).status).toBe("unavailable");
          expect((await service.newsletter({ email: visitor.email }, meta)).status).toBe(
            "unavailable",
          );
        });
      });
    }

    for (const table of ["rate_limits", "orders"]) {
      it(`checkout with ${table} failing`, async () => {
        const service = payments().service;
        await withTableGone(table, async () => {
          const result = await service.start("happier-marriage", visitor, meta);
          expect(result.status).toBe("unavailable");
        });
      });
    }

    it("the Paystack webhook with the submissions table failing", async () => {
      const service = payments();
      const started = await service.service.start("happier-marriage", visitor, meta);
      expect(started.status).toBe("redirect");
      const [order] = (
        (await database.db.execute(
          sql`select reference, amount_kobo from orders where email = ${visitor.email} and status = 'pending' order by id desc limit 1`,
        )) as unknown as { rows: { reference: string; amount_kobo: number }[] }
      ).rows;
      const app = express().post(
        "/hook",
        ...paystackWebhook({ secretKey: secret, payments: service, logger }),
      );
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      try {
        await withTableGone("submissions", async () => {
          const body = JSON.stringify({
            event: "charge.success",
            data: {
              status: "success",
              reference: order?.reference ?? newReference(),
              amount: Number(order?.amount_kobo),
              currency: "NGN",
              customer: { email: visitor.email },
            },
          });
          const signature = createHmac("sha512", secret).update(body).digest("hex");
          const port = (server.address() as AddressInfo).port;
          const response = await fetch(`http://127.0.0.1:${port}/hook`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-paystack-signature": signature },
            body,
          });
          expect(response.status).toBe(500);
        });
      } finally {
        server.close();
      }
    });
  });
}

logSuite("PGlite", async () => {
  const dir = freshDataDir("site-logs-");
  const database = await openDatabase({ dataDir: dir });
  return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe.skipIf(!hasPostgres)("Postgres", () => {
  logSuite("Postgres", async () => {
    const temp = await createTempDatabase();
    const database = await openDatabase({ databaseUrl: temp.url, dataDir: "unused" });
    return { database, cleanup: temp.drop };
  });
});
