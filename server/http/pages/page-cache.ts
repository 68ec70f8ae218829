import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { encodingChooser } from "../accept-encoding";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { SiteLoadContext } from "../../../app/lib/load-context";
import { createRequestHandler } from "react-router";
import { onlyTrackingParams } from "../../../app/lib/tracking-params";
import { HYDRATION_ID, HYDRATION_QUERY } from "../../../app/lib/hydration-data";
import { nextLagosNewYear } from "../../../app/lib/lagos-year";
import { DEFERRED_MODULE_TYPE, scriptRewriter, splitHydrationData } from "./document-scripts";
import type { Logger } from "../../operations/logger";

/**
 * Pages that are the same for every visitor, rendered once and served from memory
 * (docs/decisions/010). The pages of the sitemap are kept, each as long as rendering it for an
 * anonymous GET without a query string answers 200 with HTML, no cookie and no `no-store`.
 * Everything else (a query-driven page such as /checkout?item=…, /thank-you?ref=…, the 404 page,
 * every POST) goes on to Express and renders per request with its own nonce.
 *
 * A kept page carries no nonce. Its inline scripts are allowed by their sha256 hashes, computed
 * from the rendered bytes, in a Content-Security-Policy made for that page alone. The brotli
 * (quality 11) and gzip variants are made once, a weak ETag answers If-None-Match with 304, and
 * HEAD gets the headers only. A kept page is rendered again in the background once it is older
 * than `revalidateMs` (so a loader's own caches, such as the testimonials sheet, are consulted),
 * and everything is dropped at once by `clear()` when the testimonials change. A page is never
 * served past the New Year in Lagos that follows its rendering: its footer says the year
 * (app/lib/lagos-year.ts), and the first visit of a new year must not get last year's page.
 */

export interface PageCacheDeps {
  build: ServerBuild;
  /** the load context a page is rendered with: the request's own parts are left out */
  loadContext: () => Omit<SiteLoadContext, "nonce" | "clientIp">;
  /** the full set of page headers for a response whose inline scripts have these hashes */
  pageHeaders: (scriptHashes: string[]) => Record<string, string>;
  siteUrl: string;
  logger: Logger;
  /** a last change to a rendered page before it is kept (its stylesheet cut to the page) */
  finishPage?: (html: string) => string;
  revalidateMs?: number;
}

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /**
   * Every header of each answer, made once as the flat list writeHead takes: a visit sets no
   * header one by one and builds nothing (issue 25 measured the per-request header work).
   */
  answers: Record<Encoding | "notModified", string[]>;
  renderedAt: number;
  /** 1 January 00:00 WAT after the render began: from then on the page is last year's */
  keptUntil: number;
}

/** Headers of the rendered page that are made per response here, or must never be shared. */
const PER_RESPONSE = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "set-cookie",
]);
/**
 * How many pages' hydration data are kept: each kept page's current data, and earlier ones for a
 * visitor whose page was rendered before a publish (their page needs its own data to hydrate).
 */
const HYDRATION_DATA_KEPT = 256;
const HYDRATION_PREFIX = `?${HYDRATION_QUERY}=`;

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
/**
 * A data block (JSON-LD, JSON, the marker where hydration data was) is never run, and CSP does
 * not govern it: hashing it would allow, as a script, text an editor typed (issue 29, L5), and
 * each hash is 55 bytes of every answer's headers (docs/decisions/037). Only classic and module
 * scripts are hashed, and the inert copy of React's module script that the small script makes
 * live (server/http/pages/document-scripts.ts).
 */
const RUNS = new Set(["", "module", "text/javascript", DEFERRED_MODULE_TYPE]);
const TYPE = /\stype\s*=\s*["']?([^"'\s>]+)/i;

/**
 * The hashes of the page's inline scripts that run, and of `alsoRuns`: scripts taken out of the
 * page that the small script puts back (server/http/pages/document-scripts.ts). An empty script runs nothing
 * and needs none.
 */
export function scriptHashes(html: string, alsoRuns: readonly string[] = []): string[] {
  const hashes = new Set<string>();
  const texts = [...alsoRuns];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (!RUNS.has((TYPE.exec(match[1] ?? "")?.[1] ?? "").toLowerCase())) continue;
    texts.push(match[2] ?? "");
  }
  for (const text of texts) {
    if (text === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...hashes];
}

/** The path to look up for this request, or null when it must render per request. */
export function cacheKey(method: string | undefined, url: string | undefined): string | null {
  if ((method !== "GET" && method !== "HEAD") || !url) return null;
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (path !== path.toLowerCase() || !path.startsWith("/") || path.startsWith("//")) return null;
  if (path.endsWith(".data") || path.startsWith("/assets/") || path === "/healthz") return null;
  // The editor is per person and never stored anywhere (issue 24).
  if (path === "/admin" || path.startsWith("/admin/")) return null;
  if (q !== -1 && !onlyTrackingParams(url.slice(q + 1))) return null;
  return path;
}

/** True when an If-None-Match value names this ETag (or is `*`). */
function matchesEtag(header: string, etag: string): boolean {
  if (header === etag) return true;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === etag || t === "*";
  });
}

export function createPageCache(deps: PageCacheDeps) {
  const { logger } = deps;
  const revalidateMs = deps.revalidateMs ?? 60_000;
  const handler = createRequestHandler(deps.build, "production");
  const entries = new Map<string, Entry>();
  /** the sitemap's pages: the only ones kept, so made-up addresses never fill memory */
  const pages = new Set<string>();
  const rendering = new Map<string, Promise<void>>();
  const chooseEncoding = encodingChooser(["br", "gzip"] as const);
  let generation = 0;
  /** kept pages' hydration data by id (docs/decisions/029), oldest first */
  const hydrationData = new Map<string, Pick<Entry, "bodies" | "answers">>();

  async function keepHydrationData(id: string, json: string) {
    const known = hydrationData.get(id);
    if (known) {
      hydrationData.delete(id);
      hydrationData.set(id, known);
      return;
    }
    const bodies = await compressed(Buffer.from(json));
    const common = [
      "content-type",
      "application/json; charset=utf-8",
      // The id is the data's hash: the same id is always the same data.
      "cache-control",
      "public, max-age=31536000, immutable",
      "x-content-type-options",
      "nosniff",
      "vary",
      "Accept-Encoding",
    ];
    hydrationData.set(id, { bodies, answers: answersFor(common, bodies) });
    if (hydrationData.size > HYDRATION_DATA_KEPT) {
      hydrationData.delete(hydrationData.keys().next().value!);
    }
  }

  /** Answers `?hydration=<id>`, the data a kept page left out; false for any other request. */
  function serveHydrationData(req: IncomingMessage, res: ServerResponse): boolean {
    const { method, url } = req;
    if ((method !== "GET" && method !== "HEAD") || url === undefined) return false;
    const at = url.indexOf(HYDRATION_PREFIX);
    if (at === -1) return false;
    const id = url.slice(at + HYDRATION_PREFIX.length);
    if (!HYDRATION_ID.test(id)) return false;
    const data = hydrationData.get(id);
    if (!data) {
      // Rendered so long ago that its data is gone: the page starts no React, its forms post.
      res.writeHead(404, ["content-type", "application/json", "cache-control", "no-store"]);
      res.end("[]");
      return true;
    }
    const encoding = chooseEncoding(req);
    res.writeHead(200, data.answers[encoding]);
    res.end(method === "HEAD" ? undefined : data.bodies[encoding]);
    return true;
  }

  /** What the site answers an anonymous GET of `path`, rendered in full. */
  function fetchPage(path: string): Promise<Response> {
    const request = new Request(new URL(path, deps.siteUrl), {
      headers: { accept: "text/html", "user-agent": "page-cache" },
    });
    const context = {
      ...deps.loadContext(),
      nonce: undefined,
      clientIp: "page-cache",
      prerender: true,
      // The page is finished here, once it is whole (finishPage).
      scriptRewriter: () => scriptRewriter(),
    } as AppLoadContext;
    return handler(request, context);
  }

  async function render(path: string): Promise<void> {
    const started = generation;
    // From the render's start: a render that ends just after midnight wrote the old year.
    const keptUntil = nextLagosNewYear(Date.now());
    const response = await fetchPage(path);
    const type = response.headers.get("content-type") ?? "";
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (
      response.status !== 200 ||
      !type.startsWith("text/html") ||
      response.headers.has("set-cookie") ||
      /no-store|private/.test(cacheControl)
    ) {
      await response.body?.cancel();
      // A failure may pass (the next visit tries again); anything else is how this page is.
      if (response.status < 500) {
        pages.delete(path);
        entries.delete(path);
      }
      return;
    }
    const rendered = await response.text();
    if (started !== generation) return;
    const finished = deps.finishPage ? deps.finishPage(rendered) : rendered;
    const split = splitHydrationData(finished);
    // Its data is kept before the page that refers to it is served.
    if (split) await keepHydrationData(split.id, split.json);
    const html = split?.html ?? finished;
    const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    const previous = entries.get(path);
    if (previous?.etag === etag) {
      previous.renderedAt = Date.now();
      previous.keptUntil = keptUntil;
      return;
    }
    const headers = new Map<string, string>();
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.set(name, value);
    });
    for (const [name, value] of Object.entries(
      deps.pageHeaders(scriptHashes(html, split?.scripts)),
    ))
      headers.set(name.toLowerCase(), value);
    // Stored pages are checked with the server on every visit (a 304 costs a few hundred bytes).
    if (!cacheControl) headers.set("cache-control", "no-cache");
    headers.set("vary", "Accept-Encoding");
    headers.set("etag", etag);
    const bodies = await compressed(Buffer.from(html));
    if (started !== generation) return;
    entries.set(path, {
      etag,
      bodies,
      answers: answersFor([...headers].flat(), bodies),
      renderedAt: Date.now(),
      keptUntil,
    });
  }

  /** Renders `path` for the cache unless that is already under way. */
  function refresh(path: string): Promise<void> {
    let pending = rendering.get(path);
    if (!pending) {
      pending = render(path)
        .catch((error: unknown) => {
          logger.warn({ path, err: { message: String(error) } }, "page cache render failed");
        })
        .finally(() => rendering.delete(path));
      rendering.set(path, pending);
    }
    return pending;
  }

  return {
    /**
     * Answers the request from memory when it can and returns true; otherwise returns false and
     * starts rendering the page for the next visitor.
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      const { method, url } = req;
      // A kept page's own address is its key; only an address with a query needs parsing.
      const path =
        (method === "GET" || method === "HEAD") && url !== undefined && pages.has(url)
          ? url
          : cacheKey(method, url);
      if (path === null) return serveHydrationData(req, res);
      if (!pages.has(path)) return false;
      const entry = entries.get(path);
      if (!entry) {
        void refresh(path);
        return false;
      }
      const now = Date.now();
      if (now >= entry.keptUntil) {
        // Last year's page: this visit is rendered afresh, and so is the page for the next.
        entries.delete(path);
        void refresh(path);
        return false;
      }
      if (now - entry.renderedAt > revalidateMs) void refresh(path);
      const match = req.headers["if-none-match"];
      if (match !== undefined && matchesEtag(match, entry.etag)) {
        res.writeHead(304, entry.answers.notModified);
        res.end();
        return true;
      }
      const encoding = chooseEncoding(req);
      res.writeHead(200, entry.answers[encoding]);
      res.end(method === "HEAD" ? undefined : entry.bodies[encoding]);
      return true;
    },
    /**
     * Renders every page of the sitemap now, one after another, so that the first visitors (a
     * link shared in a group chat brings them all at once) find them ready.
     */
    async warm() {
      const sitemap = await (await fetchPage("/sitemap.xml")).text();
      const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        ([, loc]) => new URL(loc!).pathname,
      );
      for (const path of paths) if (cacheKey("GET", path) === path) pages.add(path);
      for (const path of pages) await refresh(path);
    },
    /** Forgets every page (the testimonials changed); each is rendered again on its next visit. */
    clear() {
      generation += 1;
      entries.clear();
    },
    /** for /healthz-style introspection and tests */
    get size() {
      return entries.size;
    },
  };
}

/**
 * Pages answered from memory, counted instead of logged one by one: a log line each (a clock
 * reading, an object, redaction, JSON, a write to stdout) cost more CPU than the answer
 * (docs/decisions/043). Every `everyMs` one `info` line says how many there were, none when there
 * were none; nothing at all below `info`. The caller adds to `count`.
 */
export function tallyPagesFromMemory(logger: Logger, everyMs = 60_000) {
  const tally = { count: 0 };
  if (!logger.isLevelEnabled("info")) return undefined;
  setInterval(() => {
    if (tally.count === 0) return;
    logger.info(
      { pages: tally.count, seconds: Math.round(everyMs / 1000) },
      "pages answered from memory",
    );
    tally.count = 0;
  }, everyMs).unref();
  return tally;
}

/** A body in each encoding a visitor may ask for (brotli quality 11, gzip 9), made once. */
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The page's encodings, made once. Brotli at its best quality takes tens of milliseconds for a
 * page: in libuv's thread pool, not on the event loop, so visitors are answered meanwhile (all
 * pages are rendered at start, and again when a publish drops them).
 */
async function compressed(identity: Buffer): Promise<Entry["bodies"]> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/** Each encoding's full header list for writeHead, and the 304's (the common headers). */
function answersFor(common: string[], bodies: Entry["bodies"]): Entry["answers"] {
  const answer = (encoding: Encoding) => [
    ...common,
    ...(encoding === "identity" ? [] : ["content-encoding", encoding]),
    "content-length",
    String(bodies[encoding].length),
  ];
  return {
    br: answer("br"),
    gzip: answer("gzip"),
    identity: answer("identity"),
    notModified: common,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
