import type { RequestHandler, Response } from "express";
import { requestOrigin } from "./request-origin";
import {
  EDITOR_FORM_LIMITS,
  type FormLimits,
  OPEN_EDITOR_FORM_LIMITS,
  PUBLIC_FORM_LIMITS,
  afterBody,
  refuseForm,
} from "./form-body";

/**
 * The largest body a valid form can need, in any script. zod counts a message's 5,000 characters
 * in code points, so the costliest is a 4-byte UTF-8 character (an emoji, a rare CJK ideograph),
 * which URL-encoding writes as 12 bytes: 60,000 bytes. Yoruba's ẹ, ọ, ṣ are 3 bytes (9 encoded),
 * a combining tone mark 2 (6), a line break sent as CR LF 6. The other fields at their worst (a
 * 100-character name, 1,200; a 254-character e-mail address, at most 762; phone, need,
 * idempotency key and field names, under 300) bring it to 61,690 bytes; multipart costs 4 bytes
 * per character instead of 12, plus about 1 KB of boundaries. 80 KiB leaves room for the white
 * space that is trimmed before the count. tests/unit/form-body-limit.test.ts builds those forms
 * and checks that they fit.
 */
export const MAX_FORM_BYTES = PUBLIC_FORM_LIMITS.bytes;

/**
 * The editor's forms (issue 24) carry whole documents and photo uploads (up to 10 MB each, sent
 * as multipart): they may be this large, on /admin addresses only, behind the editor guard
 * (server/auth/guard.ts), which has already refused anything not sent by a signed-in editor from
 * the site's own editor. The posts that need no session take a few KB (OPEN_EDITOR_FORM_LIMITS).
 */
export const MAX_EDITOR_FORM_BYTES = EDITOR_FORM_LIMITS.bytes;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Checks every state-changing request before it reaches a page's action: it must come from this
 * site, carry a form body, and be small. Each refusal is a short page that says what to do.
 * (Provider webhooks are signed instead and are mounted before this guard.)
 */
export function formGuard(options: {
  siteOrigin: string;
  /** SITE_URL's origin when it is https: then the only origin a request arrives at */
  publicOrigin?: string;
  formPaths: string[];
  /** addresses under which every page takes a form (its last part case-sensitive, a token) */
  formPrefixes?: string[];
  /** the editor's addresses, which accept posts up to MAX_EDITOR_FORM_BYTES */
  editorPaths?: (path: string) => boolean;
  /** the editor's addresses that take a post without a session: a few KB at most */
  openEditorPaths?: (path: string) => boolean;
}): RequestHandler {
  const accepting = new Set(options.formPaths);
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const editor = options.editorPaths?.(req.path) ?? false;
    // Client-side form posts go to "<path>.data"; both forms name the same page action.
    const page = req.path.replace(/\.data$/, "").toLowerCase();
    const underPrefix = options.formPrefixes?.some((prefix) => req.path.startsWith(prefix));
    if (req.method !== "POST" || !(editor || accepting.has(page) || underPrefix)) {
      res.set("Allow", "GET, HEAD");
      return refuse(res, 405, "This address does not accept forms.");
    }

    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const ownOrigin = requestOrigin(req, options.publicOrigin);
    // A browser says where a form came from in Origin, or failing that in Sec-Fetch-Site.
    const crossSite = origin
      ? origin !== options.siteOrigin && origin !== ownOrigin
      : fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    if (crossSite) return refuse(res, 403, "This form can only be sent from our own website.");

    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) {
      return refuse(res, 400, "We could not read that request: it was not a form.");
    }
    const length = req.get("content-length");
    if (length === undefined || !/^\d+$/.test(length)) {
      return refuse(res, 411, "We could not read that request: its length was missing.");
    }
    const limits: FormLimits = !editor
      ? PUBLIC_FORM_LIMITS
      : options.openEditorPaths?.(req.path)
        ? OPEN_EDITOR_FORM_LIMITS
        : EDITOR_FORM_LIMITS;
    if (Number(length) > limits.bytes) {
      return refuse(
        res,
        413,
        editor
          ? "That form was too large to send."
          : "That form was too large to send. Please shorten your message and try again.",
      );
    }
    // Read next by server/http/form-body.ts, within these limits.
    res.locals.formLimits = limits;
    next();
  };
}

/** Each refusal is sent once the body is read to its end (when not huge): a proxy passes it on. */
function refuse(res: Response, status: number, message: string) {
  afterBody(res.req, () =>
    refuseForm(res, status, message, { href: "/contact", text: "Back to the contact page" }),
  );
}
