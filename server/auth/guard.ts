import type { Request, RequestHandler, Response } from "express";
import type { Access } from "../../app/lib/services/auth";
import type { Logger } from "../operations/logger";
import { networkKey } from "./links";

/**
 * The editor's addresses, /admin and everything under it (and their client-side data requests,
 * "/admin.data", "/admin/book.data"); never /administrator.
 */
export function isEditorPath(path: string): boolean {
  const p = path.toLowerCase().replace(/\.data$/, "");
  return p === "/admin" || p.startsWith("/admin/");
}

/**
 * The pages of what visitors sent (docs/decisions/033): only an address of INBOX_EMAILS reaches
 * them, and with INBOX_EMAILS unset they are the 404 for everyone. /admin/backups,
 * /admin/bookings and /admin/booking-settings are among them.
 */
export function isReaderPath(path: string): boolean {
  const p = path.toLowerCase().replace(/\.data$/, "");
  return [
    "/admin/inbox",
    "/admin/people",
    "/admin/backups",
    "/admin/bookings",
    "/admin/booking-settings",
  ].some((base) => p === base || p.startsWith(`${base}/`));
}

/**
 * The editor's pages that take a post without a session: asking for a link, using it, signing in
 * with a passkey, leaving.
 */
const OPEN_POSTS = new Set([
  "/admin",
  "/admin/sign-in",
  "/admin/passkey-sign-in",
  "/admin/sign-out",
]);

/** Whether anyone may post to this editor address without a session (so: a few KB at most). */
export function isOpenEditorPost(path: string): boolean {
  return OPEN_POSTS.has(path.toLowerCase().replace(/\.data$/, ""));
}

/**
 * What every editor request passes before its page (issue 24), whatever the page does:
 *
 * - every answer is `Cache-Control: no-store` and `X-Robots-Tag: noindex`, even an error;
 * - with editing off (EDITOR_EMAILS unset) no action ever runs: any method is answered as a GET,
 *   and the pages answer the site's 404 page (app/lib/editor.ts);
 * - anything but GET and HEAD must name SITE_URL's origin in Origin (or, without one, Referer),
 *   else 403, session or not;
 * - a post to an editor page other than sign-in and sign-out needs a live session, else it is
 *   sent to /admin (the sign-in form), changing nothing;
 * - a reader's page (isReaderPath) posted to by an address not in INBOX_EMAILS, or while
 *   INBOX_EMAILS is unset, is answered as a GET, which its loader answers with the 404 page
 *   (app/lib/admin/access.server.ts): a new admin page under those paths gets all of this by
 *   being there, and its loader calls `readerAccess`.
 *
 * Body type and size are checked after this by the form guard (server/http/form-guard.ts).
 */
export function editorGuard(options: {
  siteUrl: string;
  /** absent when both EDITOR_EMAILS and INBOX_EMAILS are unset */
  accessFromCookies?: (cookieHeader: string | undefined) => Promise<Access | null>;
  /** INBOX_EMAILS is set */
  inboxOn?: boolean;
  /** refused posts are logged with their network, never an address (issue 29, L6) */
  logger?: Logger;
}): RequestHandler {
  const siteOrigin = new URL(options.siteUrl).origin;
  return async (req, res, next) => {
    if (!isEditorPath(req.path)) return next();
    noStore(res);
    const reading = req.method === "GET" || req.method === "HEAD";
    const readerPage = isReaderPath(req.path);
    if (!options.accessFromCookies || (readerPage && !options.inboxOn)) {
      if (!reading) asGet(req);
      return next();
    }
    if (reading || req.method === "OPTIONS") return next();

    if (originOf(req.get("origin") ?? req.get("referer")) !== siteOrigin) {
      options.logger?.warn(
        {
          event: "editor-sign-in-refused",
          reason: "foreign-origin",
          path: req.path,
          network: networkKey(req.ip ?? req.socket.remoteAddress ?? "unknown"),
        },
        "editor post refused",
      );
      return refuse(res, 403, "This form can only be sent from the website's own editor.");
    }
    const page = req.path.toLowerCase().replace(/\.data$/, "");
    if (!OPEN_POSTS.has(page)) {
      let access: Access | null;
      try {
        access = await options.accessFromCookies(req.get("cookie"));
      } catch (error) {
        return next(error);
      }
      if (!access) {
        req.resume();
        // A script's post stays on its page and says so (the words are kept in the browser:
        // app/lib/admin/editor-client-action.ts, send-photos.ts); a plain one goes to the sign-in
        // form.
        if (req.path.endsWith(".data") || req.accepts(["html", "json"]) === "json") {
          return res.status(401).type("text").send("Signed out");
        }
        return res.redirect(303, "/admin");
      }
      if (readerPage && !access.inbox) asGet(req);
      // Whose share of the bytes being read at once this body takes (server/http/body-budget.ts).
      res.locals.bodyOwner = access.email.toLowerCase();
    }
    next();
  };
}

/** The body is never read: drained, and the request answered as a GET would be (the 404 page). */
function asGet(req: Request) {
  req.resume();
  req.method = "GET";
}

function originOf(value: string | undefined): string | undefined {
  if (!value || !URL.canParse(value)) return undefined;
  const origin = new URL(value).origin;
  return origin === "null" ? undefined : origin;
}

/**
 * Sets the two headers now and again just before the head is written, so a page or an error
 * handler that sets its own Cache-Control cannot make an editor's page storable.
 */
function noStore(res: Response) {
  const set = () => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex");
  };
  set();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent) set();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}

function refuse(res: Response, status: number, message: string) {
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>Not sent</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1>Nothing was changed</h1><p>${message}</p><p><a href="/admin">Back to the editor</a></p></body></html>`,
    );
}
