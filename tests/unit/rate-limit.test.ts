import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { addressKey, createRateLimiter } from "../../server/rate-limit";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

describe("the address a rate limit counts", () => {
  it("keys IPv6 by its /64, however the address is written", () => {
    const key = "2001:db8:abcd:12::/64";
    for (const ip of [
      "2001:db8:abcd:12::1",
      "2001:db8:abcd:12:ffff:ffff:ffff:ffff",
      "2001:0db8:abcd:0012:0000:0000:0000:0042",
      "2001:DB8:ABCD:12:1:2:3:4",
      "2001:db8:abcd:12::5%eth0",
    ]) {
      expect(addressKey(ip), ip).toBe(key);
    }
    expect(addressKey("2001:db8:abcd:13::1")).toBe("2001:db8:abcd:13::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 whole, also when mapped into IPv6", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("unknown")).toBe("unknown");
  });

  it("FORM_SITE_LIMIT defaults to 40 times FORM_RATE_LIMIT and must be a whole number", () => {
    expect(loadConfig({}).formSiteLimit).toBe(200);
    expect(loadConfig({ FORM_RATE_LIMIT: "10" }).formSiteLimit).toBe(400);
    expect(loadConfig({ FORM_SITE_LIMIT: "50" }).formSiteLimit).toBe(50);
    expect(() => loadConfig({ FORM_SITE_LIMIT: "lots" })).toThrow(/FORM_SITE_LIMIT/);
  });
});

function limiterSuite(name: string, open: OpenDatabase) {
  describe(`rate limits on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("an IPv6 client rotating addresses inside its /64 is counted once", async () => {
      const hit = createRateLimiter({ db: database.db, limit: 3 });
      const verdicts = [];
      for (let i = 1; i <= 4; i++) verdicts.push(await hit("contact", `2001:db8:1:2::${i}`));
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
      // the neighbouring /64 is someone else
      expect((await hit("contact", "2001:db8:1:3::1")).allowed).toBe(true);
    });

    it("a site-wide cap per form per hour stops many addresses together", async () => {
      const hit = createRateLimiter({ db: database.db, limit: 5, siteLimit: 3 });
      const verdicts = [];
      for (let i = 1; i <= 4; i++) verdicts.push(await hit("booking", `198.51.100.${i}`));
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
      const last = verdicts[3] as { retryAfterSeconds: number };
      expect(last.retryAfterSeconds).toBeGreaterThan(50 * 60);
      // other forms have their own cap
      expect((await hit("newsletter", "198.51.100.9")).allowed).toBe(true);
    });
  });
}

limiterSuite("PGlite", openTempPglite("site-rate-"));

describe.skipIf(!hasPostgres)("Postgres", () => {
  limiterSuite("Postgres", openTempPostgres);
});
