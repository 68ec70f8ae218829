import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { orders, submissions } from "../../server/db/schema";
import { createInbox } from "../../server/inbox";
import { searchCondition, searchNeedle } from "../../server/inbox/search";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

describe("what the inbox's search looks for", () => {
  it("reads a phone number however it is written, as the digits of a local number", () => {
    expect(searchNeedle("0803 123")).toBe("0803123");
    expect(searchNeedle("+234 803 123 4567")).toBe("08031234567");
    expect(searchNeedle("+234 (0) 803-123")).toBe("0803123");
    expect(searchNeedle("803 123")).toBe("803123");
    expect(searchNeedle("234")).toBe("234");
  });

  it("reads words in lower case without their accents", () => {
    expect(searchNeedle("  Adébáyọ̀  ")).toBe("adebayo");
    expect(searchNeedle("FÚNMILÁYỌ̀ Ọlá")).toBe("funmilayo ola");
    expect(searchNeedle("ADA@Example.com")).toBe("ada@example.com");
    expect(searchNeedle("   ")).toBe("");
  });
});

/** issue 41 item 12: part of a phone number or a name, in any case, with or without accents. */
function searchSuite(name: string, open: OpenDatabase) {
  describe(`the inbox's search on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      const at = new Date("2026-11-20T10:00:00Z");
      await database.db.insert(submissions).values([
        {
          kind: "contact",
          payload: { name: "Fúnmiláyọ̀ Adébáyọ̀", email: "funmi@example.ng", phone: "0803 123 4567" },
          createdAt: at,
        },
        {
          kind: "booking",
          payload: { name: "Bola Ade", email: "bola_ade@work.ng", phone: "+2348091112222" },
          createdAt: at,
        },
        {
          kind: "newsletter",
          payload: { email: "ÒKÉ@Example.ng" },
          createdAt: at,
        },
      ]);
      await database.db.insert(orders).values({
        reference: "KH-search-1",
        itemId: "book",
        itemName: "Marriage Can Work",
        amountKobo: 500_000,
        status: "paid",
        name: "Adébáyọ̀ Fúnmiláyọ̀",
        email: "payer@example.ng",
        phone: "+234 803 123 4567",
        createdAt: at,
      });
    }, 180_000);
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    const found = async (q: string) =>
      (await createInbox(database.db).page({ q }, 1)).rows.map((r) => r.name || r.email).sort();

    it("finds part of a phone number written any way", async () => {
      const both = ["Adébáyọ̀ Fúnmiláyọ̀", "Fúnmiláyọ̀ Adébáyọ̀"];
      for (const q of ["0803…", "0803 123", "+234 803", "+234 803 123 4567", "803 123", "8031234"])
        expect(await found(q.replace("…", "")), q).toEqual(both);
      expect(await found("0809-111")).toEqual(["Bola Ade"]);
      expect(await found("0803 999")).toEqual([]);
    });

    it("finds a name or an address without its accents, in any case", async () => {
      const both = ["Adébáyọ̀ Fúnmiláyọ̀", "Fúnmiláyọ̀ Adébáyọ̀"];
      expect(await found("adebayo")).toEqual(both);
      expect(await found("Funmilayo")).toEqual(both);
      expect(await found("FÚNMILÁYỌ̀")).toEqual(both);
      expect(await found("funmilayo adebayo")).toEqual(["Fúnmiláyọ̀ Adébáyọ̀"]);
      expect(await found("oke@")).toEqual(["ÒKÉ@Example.ng"]);
      expect(await found("WORK.NG")).toEqual(["Bola Ade"]);
    });

    it("takes % and _ as typed, and never runs from a name into the address", async () => {
      expect(await found("bola_ade")).toEqual(["Bola Ade"]);
      expect(await found("bola%ade")).toEqual([]);
      expect(await found("a_e")).toEqual([]);
      expect(await found("ade bola")).toEqual([]);
      expect(await found("funmilayo payer")).toEqual([]);
    });

    it("reads the search's index, not every row", async () => {
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explain = async (query: SQL) =>
          (
            (await tx.execute(sql`explain ${query}`)) as unknown as {
              rows: Record<string, string>[];
            }
          ).rows
            .map((r) => Object.values(r)[0])
            .join("\n");
        const name = searchCondition(
          "adebayo",
          sql`s.payload->>'name'`,
          sql`s.payload->>'email'`,
          sql`s.payload->>'phone'`,
        );
        const phone = searchCondition("803 123", sql`o.name`, sql`o.email`, sql`o.phone`);
        return [
          await explain(sql`select s.id from submissions s where true${name}`),
          await explain(sql`select o.id from orders o where true${phone}`),
        ].join("\n");
      });
      expect(plan).toContain("submissions_search_idx");
      expect(plan).toContain("orders_search_idx");
    });
  });
}

searchSuite("embedded PGlite", openTempPglite("site-inbox-search-"));

describe.runIf(hasPostgres)("Postgres", () => {
  searchSuite("Postgres", openTempPostgres);
});
