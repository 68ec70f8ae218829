import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import {
  PREFIX_ALLOWANCE,
  addressKey,
  createRateLimiter,
  prefixKey,
} from "../../server/http/rate-limit";
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

  it("groups addresses into their network: IPv4 by /24, IPv6 by /48", () => {
    expect(prefixKey("203.0.113.9")).toBe("203.0.113.0/24");
    expect(prefixKey("::ffff:203.0.113.200")).toBe("203.0.113.0/24");
    expect(prefixKey("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(prefixKey("2001:0DB8:ABCD:ffff:1:2:3:4")).toBe("2001:db8:abcd::/48");
    expect(prefixKey("2001:db8::1%eth0")).toBe("2001:db8:0::/48");
    expect(prefixKey("2001:db8:abce::1")).toBe("2001:db8:abce::/48");
    expect(prefixKey("::1")).toBe("0:0:0::/48");
    // not an address: counted by its own key only
    expect(prefixKey("unknown")).toBeUndefined();
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

    it("40 /64s of one /48 sending 5 posts each get the network's allowance, and no more", async () => {
      const hit = createRateLimiter({ db: database.db, limit: 5, floodThreshold: 200 });
      const allowed: boolean[] = [];
      for (let net = 0; net < 40; net++) {
        for (let post = 1; post <= 5; post++) {
          allowed.push((await hit("contact", `2001:db8:77:${net.toString(16)}::${post}`)).allowed);
        }
      }
      expect(allowed.filter(Boolean)).toHaveLength(5 * PREFIX_ALLOWANCE);
      expect(allowed.slice(0, 5 * PREFIX_ALLOWANCE).every(Boolean)).toBe(true);
      const refused = await hit("contact", "2001:db8:77:99::1");
      expect(refused).toMatchObject({ allowed: false });
      expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(500);
      // Three unrelated visitors are not touched by it, nor held: it never was a flood.
      for (const ip of ["198.51.100.20", "203.0.113.45", "2001:db8:5555:1::9"]) {
        expect(await hit("contact", ip), ip).toEqual({ allowed: true, flood: false });
      }
    });

    it("a network over its allowance writes no row for each new address it sends from", async () => {
      const hit = createRateLimiter({ db: database.db, limit: 5 });
      const rows = async () =>
        Number(
          (
            (await database.db.execute(
              sql`select count(*)::int as n from rate_limits where key like 'rows-test:%'`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]!.n,
        );
      const verdicts = [];
      for (let net = 0; net < 200; net++) {
        verdicts.push(await hit("rows-test", `2001:db8:88:${net.toString(16)}::1`));
      }
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5 * PREFIX_ALLOWANCE);
      // One row per /64 that was let through, and the network's own: the refused leave nothing.
      expect(await rows()).toBe(5 * PREFIX_ALLOWANCE + 1);
    });

    it("an address over its own allowance spends none of its network's", async () => {
      const hit = createRateLimiter({ db: database.db, limit: 2 });
      for (let i = 0; i < 50; i++) await hit("booking", "192.0.2.1");
      // its neighbours in 192.0.2.0/24 still have the whole allowance of the network
      const neighbours = [];
      for (let i = 0; i < 2 * PREFIX_ALLOWANCE - 2; i++) {
        neighbours.push((await hit("booking", `192.0.2.${10 + i}`)).allowed);
      }
      expect(neighbours.every(Boolean)).toBe(true);
    });

    it("a flood from many networks is never refused: past the threshold it is marked a flood", async () => {
      const hit = createRateLimiter({ db: database.db, limit: 5, floodThreshold: 3 });
      const verdicts = [];
      for (let i = 1; i <= 6; i++) verdicts.push(await hit("newsletter", `198.18.${i}.1`));
      expect(verdicts).toEqual([
        { allowed: true, flood: false },
        { allowed: true, flood: false },
        { allowed: true, flood: false },
        { allowed: true, flood: true },
        { allowed: true, flood: true },
        { allowed: true, flood: true },
      ]);
      // other forms have their own count
      expect(await hit("checkout-test", "198.18.9.1")).toEqual({ allowed: true, flood: false });
    });

    it("a flood ends with its hour", async () => {
      let t = Date.parse("2026-11-23T10:00:00Z");
      const hit = createRateLimiter({
        db: database.db,
        limit: 5,
        floodThreshold: 1,
        now: () => new Date(t),
      });
      expect(await hit("flood-hour", "198.18.20.1")).toEqual({ allowed: true, flood: false });
      expect(await hit("flood-hour", "198.18.21.1")).toEqual({ allowed: true, flood: true });
      t += 60 * 60_000;
      expect(await hit("flood-hour", "198.18.22.1")).toEqual({ allowed: true, flood: false });
    });
  });
}

limiterSuite("PGlite", openTempPglite("site-rate-"));

describe.skipIf(!hasPostgres)("Postgres", () => {
  limiterSuite("Postgres", openTempPostgres);
});
