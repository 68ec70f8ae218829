import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { fakePaystack, paystackSecret } from "../../playwright.config";
import { type Database, openDatabase } from "../../server/db/client";
import { deliveries, submissions } from "../../server/db/schema";
import { type FakeHubspot, startFakeHubspot } from "../../server/integrations/hubspot-fake";
import { releaseHeld } from "../../server/integrations/deliveries/outbox";
import { createTempDatabase } from "../support/postgres";
import { spawnServer } from "../support/spawn-server";

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const contact = {
  name: "Ada",
  email: "ada@example.com",
  phone: "",
  need: "other",
  message: "Hello, I would like to talk to someone.",
};

test.describe("forms refuse what they should", () => {
  test("a post from another site is refused with 403", async ({ baseURL }) => {
    const cases: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of cases) {
      const response = await fetch(`${baseURL}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: form(contact),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain("only be sent from our own website");
    }
  });

  test("a post from our own pages is accepted", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/newsletter`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(baseURL!).origin,
      },
      body: form({ email: `own.${Date.now()}@example.com` }),
    });
    expect(response.status).toBe(200);
  });

  test("an oversize body gets 413", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(baseURL!).origin,
      },
      body: form({ ...contact, message: "x".repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("too large");
  });

  test("a body that is not a form gets 400 with a clear message", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(baseURL!).origin },
      body: JSON.stringify(contact),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("not a form");
  });

  test("malformed multipart gets 400, not a crash", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=zzz",
        Origin: new URL(baseURL!).origin,
      },
      body: '--zzz\r\nContent-Disposition: form-data; name="na',
    });
    expect(response.status).toBe(400);
  });

  test("addresses without a form refuse posts with 405", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/about`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(baseURL!).origin,
      },
      body: "a=b",
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  test("random bodies never take the server down", async ({ baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const types = [
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=b",
      "text/plain",
      "application/json",
      "",
    ];
    const paths = [
      "/contact",
      "/schedule",
      "/newsletter",
      "/",
      "/no-such-page",
      "/newsletter/unsubscribe",
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 150; i++) {
      const length = Math.floor(random() * 3000);
      const bytes = new Uint8Array(length).map(() => Math.floor(random() * 256));
      const response = await fetch(`${baseURL}${paths[i % paths.length]}`, {
        method: "POST",
        headers: { "Content-Type": types[i % types.length]!, Origin: origin },
        body: bytes,
      });
      expect(response.status, `request ${i}`).toBeLessThan(500);
      await response.arrayBuffer();
    }
    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200);
    expect((await fetch(`${baseURL}/`)).status).toBe(200);
  });
});

test.describe("rate limit", () => {
  test.describe.configure({ timeout: 60_000 });

  test("over FORM_RATE_LIMIT per 10 minutes answers 429 with Retry-After and a friendly message", async () => {
    const server = await spawnServer({ FORM_RATE_LIMIT: "2" });
    try {
      const post = (ip?: string) =>
        fetch(`${server.url}/contact`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            ...(ip ? { "X-Forwarded-For": ip } : {}),
          },
          body: form(contact),
        });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.text()).toContain("Please wait about");
      // Without TRUST_PROXY a forged X-Forwarded-For does not escape the limit.
      expect((await post("198.51.100.7")).status).toBe(429);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

/**
 * Issue 18, finding 3 and docs/decisions/019: one sender with many addresses is limited per
 * network, and a flood from many networks is stored whole with its deliveries held, so no real
 * visitor is turned away. Each test runs its own server behind a pretend proxy (TRUST_PROXY) on the
 * database of this run, with its own fake HubSpot.
 */
test.describe("floods", () => {
  test.describe.configure({ timeout: 300_000 });

  async function floodServer(env: Record<string, string>) {
    const temp = process.env.E2E_DATABASE_URL ? await createTempDatabase() : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-flood-"));
    const hubspot = await startFakeHubspot();
    const serverEnv = {
      TRUST_PROXY: "true",
      FORM_RATE_LIMIT: "5",
      HUBSPOT_API_URL: hubspot.url,
      HUBSPOT_PORTAL_ID: "12345",
      HUBSPOT_CONTACT_FORM_ID: "contact-form",
      HUBSPOT_NEWSLETTER_FORM_ID: "newsletter-form",
      SMTP_URL: "",
      PAYSTACK_SECRET_KEY: paystackSecret,
      PAYSTACK_API_URL: fakePaystack,
      DATA_DIR: dataDir,
      DATABASE_URL: temp?.url ?? "",
      ...env,
    };
    let server = await spawnServer(serverEnv);
    /** Opens the site's database while the server is stopped (PGlite allows one process). */
    const withDatabase = async <T>(work: (db: Database["db"]) => Promise<T>): Promise<T> => {
      const database = await openDatabase(
        temp ? { databaseUrl: temp.url, dataDir: "unused" } : { dataDir },
      );
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    };
    return {
      hubspot,
      url: () => server.url,
      withDatabase,
      stop: () => server.stop(),
      async restart() {
        await server.stop();
        server = await spawnServer(serverEnv);
      },
      async close() {
        await server.stop();
        await hubspot.close();
        await temp?.drop();
      },
    };
  }

  /** The contact form without JavaScript, from `ip` as the proxy in front reports it. */
  const postContact = (url: string, ip: string, email: string) =>
    fetch(`${url}/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: url,
        "X-Forwarded-For": ip,
      },
      body: form({ ...contact, email }),
    });

  const receivedEmails = (hubspot: FakeHubspot) =>
    hubspot.received.map(
      (r) =>
        (r.body as { fields: { name: string; value: string }[] }).fields.find(
          (f) => f.name === "email",
        )?.value,
    );

  /** How the deliveries of this run's submissions stand, by status. */
  const deliveryStatuses = (db: Database["db"], run: string) =>
    db
      .select({ status: deliveries.status, email: sql<string>`${submissions.payload}->>'email'` })
      .from(deliveries)
      .innerJoin(submissions, eq(submissions.id, deliveries.submissionId))
      .where(sql`${submissions.payload}->>'email' like ${`%${run}%`}`);

  test("40 /64s of one /48 sending 5 posts each are limited by the /48; three unrelated visitors get through and are delivered", async () => {
    const site = await floodServer({});
    try {
      const run = `net${Date.now().toString(36)}`;
      const statuses: number[] = [];
      for (let net = 0; net < 40; net++) {
        const answers = await Promise.all(
          Array.from({ length: 5 }, (_, post) =>
            postContact(
              site.url(),
              `2001:db8:4848:${net.toString(16)}::${post + 1}`,
              `attacker.${net}.${post}.${run}@example.com`,
            ).then(async (r) => (await r.arrayBuffer(), r.status)),
          ),
        );
        statuses.push(...answers);
      }
      // Four addresses' worth (PREFIX_ALLOWANCE × FORM_RATE_LIMIT), then 429 for the rest.
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(180);

      const visitors = ["198.51.100.7", "203.0.113.200", "2001:db8:beef:1::5"];
      for (const [i, ip] of visitors.entries()) {
        const response = await postContact(site.url(), ip, `visitor.${i}.${run}@example.com`);
        expect(response.status, ip).toBe(200);
        expect(await response.text()).toContain("Message sent successfully!");
      }
      const wanted = visitors.map((_, i) => `visitor.${i}.${run}@example.com`);
      await expect
        .poll(() => wanted.filter((e) => receivedEmails(site.hubspot).includes(e)).length, {
          timeout: 20_000,
        })
        .toBe(3);

      await site.stop();
      const rows = await site.withDatabase((db) => deliveryStatuses(db, run));
      // 20 from the attacker's network and the 3 visitors: stored, and none of it held.
      expect(rows).toHaveLength(23);
      expect(rows.every((r) => r.status === "delivered")).toBe(true);
      expect(rows.filter((r) => r.email.startsWith("visitor."))).toHaveLength(3);
    } finally {
      await site.close();
    }
  });

  test("a flood from many unrelated networks is stored whole, its deliveries held until released; checkout is never refused", async () => {
    const site = await floodServer({ FORM_SITE_LIMIT: "10" });
    try {
      const run = `flood${Date.now().toString(36)}`;
      const ips = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 2 ? `2001:db8:${(0x100 + i).toString(16)}::9` : `198.18.${i}.9`,
      );
      const pages: string[] = [];
      for (const [i, ip] of ips.entries()) {
        const response = await postContact(site.url(), ip, `crowd.${i}.${run}@example.com`);
        expect(response.status, ip).toBe(200);
        pages.push(await response.text());
      }
      // Past FORM_SITE_LIMIT the visitor is still told the message is saved.
      expect(pages.slice(10).every((html) => html.includes("safely saved"))).toBe(true);

      // Payers are never held or refused for other people's traffic.
      for (let i = 0; i < 15; i++) {
        const response = await fetch(`${site.url()}/checkout?item=happier-marriage`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: site.url(),
            "X-Forwarded-For": `100.${64 + i}.0.1`,
          },
          body: form({
            name: "Payer",
            email: `payer.${i}.${run}@example.com`,
            phone: "+2348030000000",
          }),
        });
        expect(response.status, `checkout ${i}`).toBe(303);
        expect(response.headers.get("location")).toContain(fakePaystack);
      }

      // The first ten reached the CRM; the twenty after them wait in the database.
      const crowd = (email: string | undefined) => email?.includes(run) ?? false;
      await expect
        .poll(() => receivedEmails(site.hubspot).filter(crowd).length, { timeout: 20_000 })
        .toBe(10);
      await site.stop();
      const held = await site.withDatabase(async (db) => {
        const rows = await deliveryStatuses(db, run);
        expect(rows).toHaveLength(30);
        return rows.filter((r) => r.status === "held").length;
      });
      expect(held).toBe(20);
      expect(receivedEmails(site.hubspot).filter(crowd)).toHaveLength(10);

      // The operator releases them: each arrives, once.
      expect(await site.withDatabase((db) => releaseHeld(db))).toBe(20);
      await site.restart();
      await expect
        .poll(() => receivedEmails(site.hubspot).filter(crowd).length, { timeout: 60_000 })
        .toBe(30);
      expect(new Set(receivedEmails(site.hubspot).filter(crowd)).size).toBe(30);
    } finally {
      await site.close();
    }
  });
});
