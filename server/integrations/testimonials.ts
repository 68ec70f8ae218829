import { z } from "zod";
import type { Testimonial } from "../../app/lib/services/testimonials";
import type { Database } from "../db/client";
import { describeDatabaseError } from "../db/errors";
import { testimonialsCache } from "../db/schema";
import type { Logger } from "../operations/logger";

/**
 * The testimonials sheet (SheetDB style, DESIGN.md "Testimonials sheet"). The one module that
 * knows its URL and column names. `GET $TESTIMONIALS_API_URL/search?Approved=Yes` answers an
 * array of rows keyed by the sheet's headers. The last good answer is kept in the
 * testimonials_cache table (row 1) so the page still has something to show when the sheet is
 * down, slow or rate-limited; a stale cache is served at once and refreshed in the background.
 */

export const SHEET_TIMEOUT_MS = 3_000;
export const CACHE_MAX_AGE_MS = 10 * 60_000;
/** After a failed call, visitors are not made to wait on the sheet again for this long. */
export const RETRY_AFTER_FAILURE_MS = 30_000;
/** A sheet answer bigger than this is not a list of reviews. */
const MAX_BODY_BYTES = 1_000_000;
const CACHE_ROW_ID = 1;

const text = z.string().trim().min(1);

/** One sheet row, as the sheet's headers name the columns. Ratings arrive as "5" or 5. */
export const sheetRowSchema = z.object({
  "Your Name": text.max(120),
  "Your Review": text.max(2_000),
  "How would you rate your experience": z.coerce.number().int().min(1).max(5),
  "Respondent's country": z.string().trim().max(80).optional().default(""),
  Approved: z.string().trim(),
});

export const testimonialSchema = z.object({
  name: text,
  review: text,
  stars: z.number().int().min(1).max(5),
  country: z.string(),
});

/**
 * Approved, well-formed rows as the site shows them. Rows whose Approved is not "Yes" are dropped
 * even when the sheet returns them; a malformed row is skipped rather than failing the whole list.
 */
export function parseSheetRows(rows: unknown[]): Testimonial[] {
  const out: Testimonial[] = [];
  for (const raw of rows) {
    const row = sheetRowSchema.safeParse(raw);
    if (!row.success || row.data.Approved !== "Yes") continue;
    out.push({
      name: row.data["Your Name"],
      review: row.data["Your Review"],
      stars: row.data["How would you rate your experience"],
      country: row.data["Respondent's country"],
    });
  }
  return out;
}

export interface TestimonialsDeps {
  /** TESTIMONIALS_API_URL without a trailing slash; unset = the testimonials in app/content/ */
  apiUrl?: string;
  database: Database;
  logger: Logger;
  /** for tests */
  timeoutMs?: number;
  maxAgeMs?: number;
  retryAfterFailureMs?: number;
  now?: () => number;
  /** called when the sheet answers with testimonials other than those shown so far */
  onChange?: () => void;
  /** without a sheet: the published testimonials of the content (the editor's "Testimonials") */
  fallback?: () => Testimonial[];
}

interface CacheEntry {
  fetchedAt: number;
  rows: Testimonial[];
}

export function createTestimonialsService(
  deps: TestimonialsDeps,
): () => Promise<Testimonial[] | null> {
  const { apiUrl, database, logger } = deps;
  if (!apiUrl) {
    const fallback = deps.fallback ?? (() => []);
    return async () => fallback();
  }
  const timeoutMs = deps.timeoutMs ?? SHEET_TIMEOUT_MS;
  const maxAgeMs = deps.maxAgeMs ?? CACHE_MAX_AGE_MS;
  const retryAfterFailureMs = deps.retryAfterFailureMs ?? RETRY_AFTER_FAILURE_MS;
  const now = deps.now ?? Date.now;
  const searchUrl = `${apiUrl}/search?Approved=Yes`;

  let memory: CacheEntry | null = null;
  let refreshing: Promise<CacheEntry | null> | null = null;
  let failedAt = -Infinity;

  async function readCache(): Promise<CacheEntry | null> {
    try {
      const [row] = await database.db.select().from(testimonialsCache).limit(1);
      if (!row) return null;
      const rows = z.array(testimonialSchema).safeParse(row.rows);
      return rows.success ? { fetchedAt: row.fetchedAt.getTime(), rows: rows.data } : null;
    } catch (error) {
      logger.warn({ err: describeDatabaseError(error) }, "testimonials cache unreadable");
      return null;
    }
  }

  async function writeCache(entry: CacheEntry) {
    const values = { fetchedAt: new Date(entry.fetchedAt), rows: entry.rows };
    try {
      await database.db
        .insert(testimonialsCache)
        .values({ id: CACHE_ROW_ID, ...values })
        .onConflictDoUpdate({ target: testimonialsCache.id, set: values });
    } catch (error) {
      logger.warn({ err: describeDatabaseError(error) }, "testimonials cache not saved");
    }
  }

  async function fetchSheet(): Promise<CacheEntry | null> {
    const started = now();
    try {
      const response = await fetch(searchUrl, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`sheet answered ${response.status}`);
      const body = await response.text();
      if (body.length > MAX_BODY_BYTES) throw new Error("sheet answer too large");
      const json: unknown = JSON.parse(body);
      if (!Array.isArray(json)) throw new Error("sheet answer is not a list");
      const entry = { fetchedAt: now(), rows: parseSheetRows(json) };
      logger.info({ rows: entry.rows.length, ms: now() - started }, "testimonials fetched");
      const changed = JSON.stringify(memory?.rows) !== JSON.stringify(entry.rows);
      memory = entry;
      if (changed) deps.onChange?.();
      await writeCache(entry);
      return entry;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn({ err: { message: reason }, ms: now() - started }, "testimonials sheet failed");
      failedAt = now();
      return null;
    }
  }

  /** One request to the sheet at a time, however many visitors ask at once. */
  function refresh(): Promise<CacheEntry | null> {
    refreshing ??= fetchSheet().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  const recentlyFailed = () => now() - failedAt < retryAfterFailureMs;

  return async () => {
    memory ??= await readCache();
    const cached = memory;
    if (!cached) return recentlyFailed() ? null : ((await refresh())?.rows ?? null);
    if (now() - cached.fetchedAt > maxAgeMs && !recentlyFailed()) void refresh();
    return cached.rows;
  };
}
