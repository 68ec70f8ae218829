/**
 * The service worker, served as /sw.js (docs/decisions/018-service-worker.md). Bundled by
 * scripts/build-service-worker.ts, which fills in this build's version and its hashed assets.
 *
 * - Hashed assets (/assets/*) are kept at install and answered from the device ever after.
 * - Pages go to the network first; after NETWORK_TIMEOUT_MS, or with no network, the copy kept
 *   from the visitor's last read is shown with a quiet line saying so; an address never read shows
 *   the offline page. Nothing personal is kept (./policy.ts).
 * - Under Save-Data, nothing is downloaded for keeping: only what the visitor already read.
 */
import {
  FORM_ROUTES,
  MAX_FILES,
  MAX_PAGES,
  NETWORK_TIMEOUT_MS,
  OFFLINE_PATH,
  WARM_PATHS,
  assetsImportedBy,
  assetsIn,
  isPicture,
  keepablePage,
  manifestPaths,
  navigationTarget,
  isEditorAddress,
  pageKey,
  type RouteManifestStore,
  routeManifestFor,
  savedCopyNotice,
  withNotice,
  withRouteManifest,
  withoutScripts,
} from "./policy";
import { HYDRATION_ID, HYDRATION_QUERY, referencedHydrationId } from "../hydration-data";

declare const __SW_VERSION__: string;
declare const __SW_ASSETS__: string[];
/** React Router's manifest version of this build (the `version` of its /__manifest requests) */
declare const __SW_ROUTES_VERSION__: string;

// The worker's own globals, declared here: the project's TypeScript library is the page's (DOM).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerScope {
  location: Location;
  navigator: Navigator & { connection?: { saveData?: boolean } };
  registration: { navigationPreload?: { enable(): Promise<void> } };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<{ url: string }[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}
const sw = self as unknown as WorkerScope;

const VERSION = __SW_VERSION__;
const ASSETS = __SW_ASSETS__;
const ORIGIN = sw.location.origin;
/** Cache names; anything else under our prefix (an older layout) is deleted at activation. */
const CACHE = {
  assets: "kh-assets",
  pages: "kh-pages",
  files: "kh-files",
  meta: "kh-meta",
} as const;
const MANIFESTS_KEY = `${ORIGIN}/__sw/asset-lists`;
/** Where a kept page's hydration data is kept (docs/decisions/029), by its id. */
const HYDRATION_KEYS = `${ORIGIN}/__sw/hydration/`;
const ROUTES_KEY = `${ORIGIN}/__sw/route-manifest`;

/** A page request carried `Save-Data: on` (where the browser shows it to the worker). */
let saveDataHeader = false;

/**
 * The visitor asked to save data: the browser's setting, seen here, passed by the page in the
 * worker's address (app/lib/register-service-worker.ts), or sent as the Save-Data header.
 */
function savingData(): boolean {
  return (
    saveDataHeader ||
    new URL(sw.location.href).searchParams.has("save-data") ||
    sw.navigator.connection?.saveData === true
  );
}

sw.addEventListener("install", (event) => {
  event.waitUntil(install());
});

async function install() {
  const saveData = savingData();
  const assets = await caches.open(CACHE.assets);
  await Promise.all(
    ASSETS.map(async (path) => {
      if (await assets.match(path, { ignoreVary: true })) return;
      try {
        // Under Save-Data only what the browser already holds (what was read) is kept: a copy
        // from its HTTP cache costs no data, and nothing else is fetched.
        const response = await fetch(path, {
          cache: saveData ? "only-if-cached" : "default",
          mode: "same-origin",
        });
        if (response.ok) await assets.put(path, response);
      } catch {
        // Not held (Save-Data) or not reachable: it is kept when a page first uses it.
      }
    }),
  );
  const pages = await caches.open(CACHE.pages);
  // The offline page is needed to install: without it an unread address would show the
  // browser's own error. It is a few kilobytes, so it is kept even under Save-Data.
  await keepPage(
    pages,
    `${ORIGIN}${OFFLINE_PATH}`,
    await fetch(OFFLINE_PATH, { cache: "no-cache" }),
  );
  if (!saveData) {
    await Promise.all(
      WARM_PATHS.map(async (path) => {
        const key = `${ORIGIN}${path}`;
        if (await pages.match(key)) return;
        try {
          await keepPage(pages, key, await fetch(path));
        } catch {
          // kept when the visitor reads it
        }
      }),
    );
  }
  // The routes forms post to from other pages (a few hundred bytes, so even under Save-Data): a
  // page kept here and opened offline can then send its footer's sign-up instead of reloading.
  try {
    const url = new URL("/__manifest", ORIGIN);
    url.search = new URLSearchParams({
      paths: [...FORM_ROUTES].sort().join(","),
      version: __SW_ROUTES_VERSION__,
    }).toString();
    await rememberRoutes(url, await fetch(url));
  } catch {
    // learnt when a page asks for them
  }
  // The page that installed the worker was read before the worker could see it: keep it too.
  // Its HTML is in the browser's HTTP cache, so this is a revalidation at most, and nothing at
  // all under Save-Data.
  const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  await Promise.all(
    windows.map(async (client) => {
      const key = pageKey(new URL(client.url), ORIGIN);
      if (!key) return;
      try {
        await keepPage(
          pages,
          key,
          await fetch(key, { cache: saveData ? "only-if-cached" : "default", mode: "same-origin" }),
        );
      } catch {
        // kept on the next read
      }
    }),
  );
  // A new version takes over at once; the assets of the one before stay (see activate).
  await sw.skipWaiting();
}

async function keepPage(pages: Cache, key: string, response: Response) {
  if (!keepablePage(response)) {
    if (key.endsWith(OFFLINE_PATH)) throw new Error(`offline page answered ${response.status}`);
    return;
  }
  const html = savingData() ? "" : await response.clone().text();
  await pages.delete(key);
  await pages.put(key, response);
  await trim(pages, MAX_PAGES, (url) => url.endsWith(OFFLINE_PATH));
  // The page's hydration data comes with it (it is no longer in the page), so that React can
  // start on this copy offline, as it could when the data was inline. Not under Save-Data.
  const id = referencedHydrationId(html);
  if (id)
    await keepHydrationData(new URL(`${new URL(key).pathname}?${HYDRATION_QUERY}=${id}`, ORIGIN));
}

/** Fetches and keeps the hydration data at `url`, unless it is kept already. */
async function keepHydrationData(url: URL): Promise<Response | undefined> {
  const id = url.searchParams.get(HYDRATION_QUERY) ?? "";
  if (!HYDRATION_ID.test(id)) return undefined;
  const meta = await caches.open(CACHE.meta);
  const key = HYDRATION_KEYS + id;
  const kept = await meta.match(key);
  if (kept) return kept;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) return response;
  await meta.put(key, response.clone());
  await trim(meta, MAX_PAGES, (entry) => !entry.startsWith(HYDRATION_KEYS));
  return response;
}

/** Deletes the oldest entries beyond `max` (keys come back in the order they were added). */
async function trim(cache: Cache, max: number, spare: (url: string) => boolean = () => false) {
  const keys = (await cache.keys()).filter((request) => !spare(request.url));
  for (const request of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(request);
}

sw.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

/**
 * Keeps this version's assets and the previous version's (an open tab that loaded it may still
 * ask for a chunk the deploy removed from the server), plus every asset a kept page points at and
 * every chunk those import, so a page shown offline still has its styles and all its scripts.
 * Everything else goes.
 */
async function activate() {
  const names = await caches.keys();
  const ours = new Set<string>(Object.values(CACHE));
  await Promise.all(
    names.filter((n) => n.startsWith("kh-") && !ours.has(n)).map((n) => caches.delete(n)),
  );
  const meta = await caches.open(CACHE.meta);
  const stored = await meta.match(MANIFESTS_KEY);
  const lists = ((await stored?.json()) ?? {}) as {
    current?: { version: string; assets: string[] };
    previous?: { version: string; assets: string[] };
  };
  const previous = lists.current?.version === VERSION ? lists.previous : lists.current;
  await meta.put(
    MANIFESTS_KEY,
    new Response(JSON.stringify({ current: { version: VERSION, assets: ASSETS }, previous })),
  );

  const keep = new Set([...ASSETS, ...(previous?.assets ?? [])]);
  const pages = await caches.open(CACHE.pages);
  const assets = await caches.open(CACHE.assets);
  // A kept page's assets, and every chunk those import, and theirs: a page saved two deploys ago
  // names only its entry scripts, which run offline only if all they import is still here.
  const wanted: string[] = [];
  for (const request of await pages.keys()) {
    const page = await pages.match(request);
    if (page) wanted.push(...assetsIn(await page.text()));
  }
  // A kept page's React Router module script came out of the page with its data: it names the
  // page's route modules.
  for (const request of await meta.keys()) {
    if (!request.url.startsWith(HYDRATION_KEYS)) continue;
    const data = await meta.match(request);
    if (data) wanted.push(...assetsIn(await data.text()));
  }
  for (let path = wanted.pop(); path !== undefined; path = wanted.pop()) {
    // This version's and the previous one's lists are whole: what they import is in them.
    if (keep.has(path)) continue;
    keep.add(path);
    if (!/\.(js|css)$/.test(path)) continue;
    const copy = await assets.match(path, { ignoreVary: true });
    if (copy) wanted.push(...assetsImportedBy(await copy.text()));
  }
  for (const request of await assets.keys()) {
    if (!keep.has(new URL(request.url).pathname)) await assets.delete(request);
  }
  // Pages start their own request while the worker starts, instead of after.
  await sw.registration.navigationPreload?.enable().catch(() => {});
  await sw.clients.claim();
}

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  // POSTs (forms) and other sites' requests go to the network untouched, never into a cache.
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== ORIGIN) return;
  // The editor goes to the network untouched: never kept, never answered from a copy.
  if (isEditorAddress(url)) return;
  // A page's hydration data: immutable by its id, kept beside the page it belongs to.
  if (url.searchParams.has(HYDRATION_QUERY)) {
    return event.respondWith(keepHydrationData(url).then((kept) => kept ?? fetch(request)));
  }
  if (request.mode === "navigate") {
    saveDataHeader = request.headers.get("save-data") === "on";
    return event.respondWith(navigate(event, url));
  }
  if (url.pathname.endsWith(".data")) return event.respondWith(data(event, url));
  if (url.pathname === "/__manifest") return event.respondWith(routeManifest(event, request));
  if (url.pathname.startsWith("/assets/")) return event.respondWith(asset(event, request));
  // Uploaded photos (/media/) are pictures like the shipped ones (/images/).
  if (isPicture(url.pathname)) return event.respondWith(file(event, request));
  // Everything else (the hero video, /healthz, /sw.js itself) goes to the network as usual.
});

/**
 * A page: the network first. With no answer after NETWORK_TIMEOUT_MS the kept copy is shown (the
 * network's answer, when it comes, is kept for next time); with no network, the kept copy or the
 * offline page. A slow network with no kept copy is waited for: a late page beats none.
 */
async function navigate(event: FetchEvent, url: URL): Promise<Response> {
  const key = pageKey(url, ORIGIN);
  let settle: () => void = () => {};
  event.waitUntil(new Promise<void>((resolve) => (settle = resolve)));
  const fromNetwork = (async () => {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    if (key && keepablePage(response)) {
      const copy = response.clone();
      void caches
        .open(CACHE.pages)
        .then((pages) => keepPage(pages, key, copy))
        .catch(() => {})
        .finally(settle);
    } else settle();
    return response;
  })();
  fromNetwork.catch(settle);
  const saved = key ? caches.open(CACHE.pages).then((pages) => pages.match(key)) : undefined;
  const href = url.pathname + url.search;
  try {
    const first = await Promise.race([fromNetwork, delay(NETWORK_TIMEOUT_MS)]);
    if (first) return first;
    const copy = await saved;
    if (copy) return savedCopy(copy, "slow", href);
    return await fromNetwork;
  } catch {
    const copy = await saved;
    if (copy) return savedCopy(copy, "offline", href);
    const offline = await (await caches.open(CACHE.pages)).match(`${ORIGIN}${OFFLINE_PATH}`);
    if (offline) return rewrite(offline, withoutScripts(await offline.text()));
    return Response.error();
  }
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms));
}

async function savedCopy(copy: Response, reason: "offline" | "slow", href: string) {
  const notice = savedCopyNotice(reason, href, copy.headers.get("date"));
  return rewrite(copy, withNotice(await copy.text(), notice));
}

/** A kept response with a new body; its own headers (the page's CSP among them) stay. */
function rewrite(response: Response, body: string): Response {
  const headers = new Headers(response.headers);
  for (const name of ["content-length", "content-encoding", "etag"]) headers.delete(name);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

/**
 * A client-side navigation's data: never kept (it may carry what a visitor sent). The page it
 * shows is read, so its HTML is fetched behind it and kept, as a full load would have been
 * (not under Save-Data: that would be a download the visitor did not ask for). With no network
 * the browser is sent to the page itself as a full load, which navigate() answers from the device.
 */
async function data(event: FetchEvent, url: URL): Promise<Response> {
  const target = navigationTarget(url);
  try {
    const response = await fetch(event.request);
    const key = target ? pageKey(new URL(target, ORIGIN), ORIGIN) : null;
    if (response.ok && key && !savingData()) {
      event.waitUntil(
        (async () => {
          const pages = await caches.open(CACHE.pages);
          await keepPage(pages, key, await fetch(key, { headers: { accept: "text/html" } }));
        })().catch(() => {}),
      );
    }
    return response;
  } catch (error) {
    if (!target) throw error;
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": target, "X-Remix-Reload-Document": "true" },
    });
  }
}

/**
 * React Router's route manifest (which page modules exist): every answer is remembered, as it says
 * nothing about the visitor, so a kept page's links and forms still find their routes offline.
 * With no network and no answer for every path asked about, the browser is asked to load the page
 * in full.
 */
async function routeManifest(event: FetchEvent, request: Request): Promise<Response> {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    event.waitUntil(rememberRoutes(url, response.clone()).catch(() => {}));
    return response;
  } catch {
    const meta = await caches.open(CACHE.meta);
    const store = (await (await meta.match(ROUTES_KEY))?.json()) as RouteManifestStore | undefined;
    const patches = routeManifestFor(
      store ?? null,
      url.searchParams.get("version"),
      manifestPaths(url),
    );
    if (patches) return Response.json(patches);
    return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
  }
}

/**
 * Adds a /__manifest answer (200 JSON; a 204 means another build) to what the worker knows, one
 * answer at a time (each reads and writes the whole store).
 */
let routesWritten: Promise<void> = Promise.resolve();
function rememberRoutes(url: URL, response: Response): Promise<void> {
  const version = url.searchParams.get("version");
  if (response.status !== 200 || !version) return Promise.resolve();
  routesWritten = routesWritten
    .catch(() => {})
    .then(async () => {
      const patches = (await response.json()) as Record<string, unknown>;
      const meta = await caches.open(CACHE.meta);
      const stored = await meta.match(ROUTES_KEY);
      const store = (await stored?.json()) as RouteManifestStore | undefined;
      const next = withRouteManifest(store ?? null, version, manifestPaths(url), patches);
      await meta.put(ROUTES_KEY, Response.json(next));
    });
  return routesWritten;
}

/** A hashed asset never changes: the device's copy, or the network's (kept). */
async function asset(event: FetchEvent, request: Request): Promise<Response> {
  const assets = await caches.open(CACHE.assets);
  const copy = await assets.match(request, { ignoreVary: true });
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    event.waitUntil(assets.put(new URL(request.url).pathname, response.clone()));
  }
  return response;
}

/**
 * Pictures and icons (their names carry no hash): the device's copy at once, refreshed from the
 * network behind it (the HTTP cache makes that a small revalidation); under Save-Data no refresh.
 */
async function file(event: FetchEvent, request: Request): Promise<Response> {
  const files = await caches.open(CACHE.files);
  const copy = await files.match(request, { ignoreVary: true });
  // Under Save-Data the kept picture is the answer, with no request at all (decision 018).
  if (copy && savingData()) return copy;
  const refresh = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic") {
      await files.delete(request, { ignoreVary: true });
      await files.put(request, response.clone());
      await trim(files, MAX_FILES);
    }
    return response;
  });
  if (!copy) return refresh;
  event.waitUntil(refresh.catch(() => {}));
  return copy;
}
