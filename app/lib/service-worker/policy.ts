import { onlyTrackingParams } from "../tracking-params";

/**
 * What the service worker (./worker.ts) may keep on the visitor's device, and how a kept page is
 * shown: pure functions, so the rules are tested without a browser (tests/unit/sw-policy.test.ts).
 * docs/decisions/018-service-worker.md explains the choices.
 */

/** The page shown for an address never read while the network is down. */
export const OFFLINE_PATH = "/offline";

/** Pages kept at install besides the offline page: the two a visitor most needs without a network. */
export const WARM_PATHS = ["/", "/contact"];

/** How long a navigation waits for the network before a kept copy is shown instead. */
export const NETWORK_TIMEOUT_MS = 3000;

/** How many pages are kept; the oldest go first. The sitemap has about thirty. */
export const MAX_PAGES = 50;
/** How many pictures and icons are kept; the oldest go first. */
export const MAX_FILES = 80;

/**
 * Addresses whose answer is about one visitor (a payment, an unsubscribe link) or a moment: never
 * kept, whatever their query.
 */
const NEVER_KEPT = ["/checkout", "/thank-you", "/newsletter/unsubscribe"];

/**
 * The practice's editor (/admin and below): the worker leaves its requests alone entirely, so
 * nothing of it is ever kept on the device or answered from a copy (issue 24).
 */
export function isEditorAddress(url: URL): boolean {
  const path = url.pathname.toLowerCase().replace(/\.data$/, "");
  return path === "/admin" || path.startsWith("/admin/");
}

/**
 * The key a page is kept under, or null when this address must never be kept: another origin, a
 * query other than tracking parameters (?sent=1, ?subscribed=1, ?ref=…, ?token=…), a personal
 * page, or anything that is not a page. Paths are lower-cased as the server redirects them.
 */
export function pageKey(url: URL, origin: string): string | null {
  if (url.origin !== origin) return null;
  const path = url.pathname.toLowerCase();
  if (!onlyTrackingParams(url.search)) return null;
  if (NEVER_KEPT.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  if (isEditorAddress(url)) return null;
  if (/\.[a-z0-9]+$/.test(path) || path.startsWith("/__")) return null;
  return `${origin}${path}`;
}

/** True for an answer worth keeping as a page: a whole, shareable HTML page of our own. */
export function keepablePage(response: {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}): boolean {
  if (response.status !== 200 || (response.type !== "basic" && response.type !== "default"))
    return false;
  const type = response.headers.get("content-type") ?? "";
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    type.startsWith("text/html") &&
    !/no-store|private/i.test(cacheControl) &&
    response.headers.get("set-cookie") === null
  );
}

/**
 * Pictures and icons, kept for reading offline: the shipped images (/images/), the practice's
 * uploaded photos (/media/) and the site's icons.
 */
export function isPicture(path: string): boolean {
  return (
    path.startsWith("/images/") ||
    path.startsWith("/media/") ||
    /^\/(favicon\.ico|icon\.svg)$/.test(path)
  );
}

/**
 * Where a client-side navigation's data request (`/faq.data?_routes=…`, `/_root.data`) was going,
 * so that when the network is down the worker can send the browser there as an ordinary page load
 * (which it answers with a kept copy or the offline page) instead of leaving React Router to show
 * its error screen. Null for anything else.
 */
export function navigationTarget(url: URL): string | null {
  if (!url.pathname.endsWith(".data")) return null;
  const path = url.pathname.slice(0, -".data".length);
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const query = params.toString();
  return (path === "/_root" ? "/" : path) + (query ? `?${query}` : "");
}

/**
 * Routes a form posts to from pages that are not theirs: the footer's sign-up, on every page,
 * posts to /newsletter. React Router learns of a route it has not seen from /__manifest; the worker
 * asks for these at install, so a sign-up sent from a kept page offline finds its route.
 */
export const FORM_ROUTES = ["/newsletter"];

/** What the worker knows of React Router's routes, from every /__manifest answer it saw. */
export interface RouteManifestStore {
  version: string;
  /** the paths whose routes are all in `patches` */
  paths: string[];
  patches: Record<string, unknown>;
}

/** The paths a /__manifest request asks about (React Router sends them sorted, comma-separated). */
export function manifestPaths(url: URL): string[] {
  return (url.searchParams.get("paths") ?? "").split(",").filter(Boolean);
}

/** The store with one more answer of the server's for `paths`, at `version` (a new build starts anew). */
export function withRouteManifest(
  store: RouteManifestStore | null,
  version: string,
  paths: string[],
  patches: Record<string, unknown>,
): RouteManifestStore {
  const same = store?.version === version ? store : null;
  return {
    version,
    paths: [...new Set([...(same?.paths ?? []), ...paths])],
    patches: { ...same?.patches, ...patches },
  };
}

/**
 * The answer for a /__manifest request from what the worker saw, or null when it has not seen
 * every path asked about at that version (the browser must then load the page in full). Routes
 * beyond those asked about do no harm: React Router adds only the ones it lacks.
 */
export function routeManifestFor(
  store: RouteManifestStore | null,
  version: string | null,
  paths: string[],
): Record<string, unknown> | null {
  if (!store || store.version !== version || paths.length === 0) return null;
  const known = new Set(store.paths);
  return paths.every((path) => known.has(path)) ? store.patches : null;
}

/** The hashed asset addresses (/assets/…) a page's HTML points at. */
export function assetsIn(html: string): string[] {
  return [...new Set(html.match(/\/assets\/[\w.-]+\.\w+/g) ?? [])];
}

/**
 * The hashed assets a script or stylesheet brings in: the chunks a script imports, statically or
 * when it runs (`"./chunk-….js"`, written relative to /assets/), the files React Router's manifest
 * lists (`"/assets/…"`), the font a stylesheet points at. A kept page needs these as much as the
 * files its HTML names: offline, a script whose import is missing does not run at all.
 */
export function assetsImportedBy(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\.\/|\/assets\/)([\w.-]+\.(?:js|css|woff2))\b/g))
    found.add(`/assets/${match[1]}`);
  return [...found];
}

const dateFormat = new Intl.DateTimeFormat("en-NG", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "Africa/Lagos",
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The quiet line above a kept copy. Written as plain HTML with the site's own classes (this file is
 * under app/, so Tailwind sees them) and no script or inline style, so the page's
 * Content-Security-Policy allows it as it is.
 */
export function savedCopyNotice(
  reason: "offline" | "slow",
  href: string,
  savedAt: string | null,
): string {
  const date = savedAt ? new Date(savedAt) : null;
  const when = date && !Number.isNaN(date.getTime()) ? ` on ${dateFormat.format(date)}` : "";
  const first =
    reason === "offline"
      ? "You are offline, so this is the copy of this page saved on your device"
      : "The connection is slow, so this is the copy of this page saved on your device";
  const action = reason === "offline" ? "Try again" : "Load the latest version";
  return (
    `<aside aria-label="Saved copy" data-saved-copy="${reason}" class="border-b border-linen bg-teal-50 text-teal-900">` +
    `<p class="container-page py-2 text-sm">${first}${when}. It may be out of date. ` +
    `<a href="${escapeHtml(href)}" class="font-semibold underline">${action}</a></p></aside>`
  );
}

/**
 * The page with `notice` placed just before <main>. It goes between the body's own children, where
 * React's hydration skips an element it did not render, so a kept page still comes to life.
 */
export function withNotice(html: string, notice: string): string {
  const at = html.search(/<main[\s>]/);
  return at === -1 ? html : html.slice(0, at) + notice + html.slice(at);
}

/**
 * The page without its scripts: the offline page is shown at other addresses, where React Router
 * would try to load the data of the address asked for and fail. It needs no script to be read.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}
