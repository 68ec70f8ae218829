import { shippedContent } from "../../app/content/documents";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fallbackTestimonials } from "~/content/testimonials";
import { type Database, openDatabase } from "../../server/db/client";
import { testimonialsCache } from "../../server/db/schema";
import { createTestimonialsService, parseSheetRows } from "../../server/integrations/testimonials";
import { createLogger } from "../../server/operations/logger";
import { type FakeSheet, sheetRow, startFakeSheet } from "../support/fake-sheet";
import { freshDataDir } from "../support/databases";

const logger = createLogger("silent");
let database: Database;
let sheet: FakeSheet;
let clock: number;

function service(options: { timeoutMs?: number; maxAgeMs?: number; onChange?: () => void } = {}) {
  return createTestimonialsService({
    apiUrl: sheet.url,
    database,
    logger,
    now: () => clock,
    ...options,
  });
}

/** Lets a background refresh finish. */
async function settle(ms = 100) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: freshDataDir("testimonials-") });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  clock = Date.parse("2025-08-01T10:00:00Z");
  await database.db.delete(testimonialsCache);
  sheet = await startFakeSheet([
    sheetRow("Ada & Tobi", { country: "Nigeria", stars: 5 }),
    sheetRow("Hidden Person", { approved: "No" }),
    sheetRow("Grace", { country: "Kenya", stars: "4" }),
  ]);
});
afterEach(async () => {
  await sheet.close();
});

describe("testimonials sheet client", () => {
  it("asks the sheet for approved rows and shows only rows whose Approved is Yes", async () => {
    const rows = await service()();
    expect(sheet.requests).toEqual(["/search?Approved=Yes"]);
    expect(rows).toEqual([
      {
        name: "Ada & Tobi",
        review: "Ada & Tobi found the sessions warm, practical and life-changing.",
        stars: 5,
        country: "Nigeria",
      },
      {
        name: "Grace",
        review: "Grace found the sessions warm, practical and life-changing.",
        stars: 4,
        country: "Kenya",
      },
    ]);
  });

  it("skips malformed rows instead of failing the whole list", () => {
    const rows = parseSheetRows([
      sheetRow("Valid"),
      { ...sheetRow("No stars"), "How would you rate your experience": "" },
      { ...sheetRow("Six stars"), "How would you rate your experience": "6" },
      { ...sheetRow("Blank review"), "Your Review": "  " },
      { ...sheetRow("Lower-case yes"), Approved: "yes" },
      "not a row",
      null,
    ]);
    expect(rows.map((r) => r.name)).toEqual(["Valid"]);
  });

  it("keeps review text exactly as written, markup included, for the page to show as text", () => {
    const [row] = parseSheetRows([sheetRow("Kemi", { review: "<b>Thank you</b> & bless" })]);
    expect(row?.review).toBe("<b>Thank you</b> & bless");
  });

  it("serves the cached answer while it is fresh, without asking the sheet again", async () => {
    const get = service();
    await get();
    sheet.setRows([sheetRow("Someone New")]);
    clock += 5 * 60_000;
    expect((await get())?.map((r) => r.name)).toEqual(["Ada & Tobi", "Grace"]);
    expect(sheet.requests).toHaveLength(1);
  });

  it("serves a stale cache at once and refreshes it in the background", async () => {
    const get = service();
    await get();
    sheet.setRows([sheetRow("Someone New")]);
    clock += 11 * 60_000;
    expect((await get())?.map((r) => r.name)).toEqual(["Ada & Tobi", "Grace"]);
    await settle();
    expect(sheet.requests).toHaveLength(2);
    expect((await get())?.map((r) => r.name)).toEqual(["Someone New"]);
  });

  it("tells the page cache when the sheet's answer changes, and only then", async () => {
    let changes = 0;
    const get = service({ onChange: () => (changes += 1) });
    await get();
    expect(changes).toBe(1);
    clock += 11 * 60_000;
    await get();
    await settle();
    expect(sheet.requests).toHaveLength(2);
    expect(changes).toBe(1);
    sheet.setRows([sheetRow("Someone New")]);
    clock += 11 * 60_000;
    await get();
    await settle();
    expect(changes).toBe(2);
  });

  it("keeps the last good answer in the database (one row, updated in place)", async () => {
    const get = service();
    await get();
    sheet.setRows([sheetRow("Someone New")]);
    clock += 11 * 60_000;
    await get();
    await settle();
    const rows = await database.db.select().from(testimonialsCache);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(1);
    expect(rows[0]?.fetchedAt.getTime()).toBe(clock);
    expect((rows[0]?.rows as { name: string }[]).map((r) => r.name)).toEqual(["Someone New"]);
  });

  it("serves the cache from the database when the sheet is down, even after a restart", async () => {
    await service()();
    sheet.setMode("down");
    clock += 60 * 60_000;
    // a new process: nothing in memory, the sheet answers 503
    const afterRestart = service();
    expect((await afterRestart())?.map((r) => r.name)).toEqual(["Ada & Tobi", "Grace"]);
    await settle();
    expect((await afterRestart())?.map((r) => r.name)).toEqual(["Ada & Tobi", "Grace"]);
  });

  it("serves the cache when the sheet answers something that is not a list", async () => {
    const get = service({ maxAgeMs: 0 });
    await get();
    sheet.setMode("garbage");
    clock += 1;
    expect(await get()).toHaveLength(2);
    await settle();
    expect(await get()).toHaveLength(2);
  });

  it("gives up on a slow sheet after the timeout and reports nothing to show without a cache", async () => {
    sheet.setMode("slow", 2_000);
    const started = Date.now();
    expect(await service({ timeoutMs: 300 })()).toBeNull();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });

  it("does not keep visitors waiting on a failing sheet: it waits again only after a pause", async () => {
    sheet.setMode("down");
    const get = service();
    expect(await get()).toBeNull();
    expect(await get()).toBeNull();
    expect(sheet.requests).toHaveLength(1);
    sheet.setMode("ok");
    clock += 31_000;
    expect(await get()).toHaveLength(2);
  });

  it("asks the sheet once when many visitors arrive together", async () => {
    sheet.setMode("slow", 100);
    const get = service();
    const answers = await Promise.all([get(), get(), get(), get()]);
    expect(answers.every((a) => a?.length === 2)).toBe(true);
    expect(sheet.requests).toHaveLength(1);
  });

  it("uses the published testimonials of the content when no sheet is configured", async () => {
    const get = createTestimonialsService({
      database,
      logger,
      fallback: () => shippedContent().testimonials.items,
    });
    const rows = await get();
    expect(rows).toHaveLength(fallbackTestimonials.filter((t) => t.Approved === "Yes").length);
    expect(rows?.[0]).toMatchObject({ name: "Chinedu & Amaka", stars: 5, country: "Nigeria" });
    expect(sheet.requests).toHaveLength(0);
  });
});
