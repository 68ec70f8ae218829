import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { appointments } from "../../server/db/schema";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

const at = (hhmm: string) => new Date(`2026-12-07T${hhmm}:00+01:00`);

/** One appointment of `counsellor` from `start` for `minutes`, blocking `buffer` more. */
function row(counsellor: string, start: string, minutes = 50, buffer = 10) {
  const startsAt = at(start);
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  return {
    counsellorId: counsellor,
    sessionType: "couples",
    status: "booked" as const,
    startsAt,
    endsAt,
    blockedUntil: new Date(endsAt.getTime() + buffer * 60_000),
  };
}

/** The SQLSTATE of a refused insert, or "ok". */
async function insert(database: Database, values: ReturnType<typeof row>): Promise<string> {
  try {
    await database.db.insert(appointments).values(values);
    return "ok";
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause ?? error;
    return (cause as { code?: string }).code ?? String(error);
  }
}

/** docs/decisions/042: the database, not the code, refuses a second booking of one time. */
function overlapSuite(name: string, open: OpenDatabase) {
  describe(`appointments on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("keeps one of twenty simultaneous bookings of one time; the rest are exclusion violations", async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => insert(database, row("amaka", "09:00"))),
      );
      expect(results.filter((r) => r === "ok")).toHaveLength(1);
      expect(new Set(results.filter((r) => r !== "ok"))).toEqual(new Set(["23P01"]));
    });

    it("refuses a start inside the buffer, accepts one at its end and another counsellor's same time", async () => {
      expect(await insert(database, row("amaka", "09:55"))).toBe("23P01");
      expect(await insert(database, row("amaka", "10:00"))).toBe("ok");
      expect(await insert(database, row("tunde", "09:00"))).toBe("ok");
    });

    it("frees a cancelled time for a new booking", async () => {
      await database.db.execute(
        sql`update appointments set status = 'cancelled' where counsellor_id = 'amaka' and starts_at = ${at("09:00").toISOString()}`,
      );
      expect(await insert(database, row("amaka", "09:00"))).toBe("ok");
    });

    it("refuses an end before the start, or a block that ends before the session", async () => {
      expect(await insert(database, { ...row("kemi", "12:00"), endsAt: at("11:00") })).toBe(
        "23514",
      );
      expect(await insert(database, { ...row("kemi", "12:00"), blockedUntil: at("12:10") })).toBe(
        "23514",
      );
    });
  });
}

overlapSuite("embedded PGlite", openTempPglite("site-appointments-"));

describe.runIf(hasPostgres)("Postgres", () => {
  overlapSuite("Postgres", openTempPostgres);
});
