import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "../config";
import { isEditorPath } from "../auth/guard";

export const YOUTUBE_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * A fresh nonce per response, for the inline scripts React Router writes into the page. Pages
 * served from the page cache carry none: their scripts are allowed by hash (server/http/pages/page-cache.ts).
 */
export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers. Scripts run only from our origin or with this response's nonce; frames only
 * from the scheduling provider and YouTube; Google only when analytics is configured. A site that
 * takes bookings itself (BOOKINGS=native) names no scheduling provider: no page of it talks to one.
 */
export function securityHeaders(
  config: Config,
  options: { schedulingOrigin?: string; paymentOrigin?: string },
) {
  const scheduling = options.schedulingOrigin ? [options.schedulingOrigin] : [];
  // What Google's CSP guide lists for GA4: gtag.js from www.googletagmanager.com, and its hits
  // to regional collectors (region1.google-analytics.com, region1.analytics.google.com), which
  // without *.analytics.google.com in connect-src are blocked and no visit is counted.
  const ga = Boolean(config.gaMeasurementId);
  const gaScript = ga ? ["https://www.googletagmanager.com"] : [];
  const gaHits = ga
    ? [
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
        "https://*.googletagmanager.com",
      ]
    : [];
  // Fonts, media, the manifest and the service worker fall back to default-src (worker-src
  // through script-src), both 'self': naming them again was 75 bytes of every answer's headers,
  // which a kept page's first flight needs (docs/decisions/037).
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => scriptSources((res as unknown as { locals: ScriptLocals }).locals),
          ...gaScript,
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        // An optional source is written with its neighbour: an empty one would leave a stray
        // space in every page's headers.
        "img-src": [
          "'self'",
          // The editor previews a chosen photo from the file itself, before it is sent.
          (req) => (isEditorPath((req.url ?? "").split("?", 1)[0]!) ? "data: blob:" : "data:"),
          ...gaHits,
        ],
        // The booking dialog asks the provider whether it answers before showing its frame
        // (app/lib/use-provider-frame.ts).
        "connect-src": ["'self'", ...scheduling, ...gaHits],
        // The editor's pages frame the site's own preview (?preview=draft); public pages frame
        // only the booking provider and YouTube.
        "frame-src": [
          ...scheduling,
          (req) =>
            isEditorPath((req as { path?: string }).path ?? "")
              ? `${YOUTUBE_ORIGIN} 'self'`
              : YOUTUBE_ORIGIN,
        ],
        "frame-ancestors": ["'self'"],
        // Without JavaScript the booking form redirects to the provider's page, and checkout to
        // the payment page.
        "form-action": [
          "'self'",
          ...scheduling,
          ...(options.paymentOrigin ? [options.paymentOrigin] : []),
        ],
        // No page sets a <base>; none may (issue 29, L5).
        "base-uri": ["'none'"],
        "object-src": ["'none'"],
        ...(config.https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: config.https
      ? { maxAge: 63072000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    // Headers only Internet Explorer, Flash or Acrobat read (and X-XSS-Protection: 0, which
    // asks for what every current browser already does): about 100 bytes on every page, which
    // on a kept page tipped the first answer past a new connection's first 14.6 KB flight
    // (docs/decisions/037).
    xDownloadOptions: false,
    xXssProtection: false,
    xPermittedCrossDomainPolicies: false,
    // Said already, or asked for nothing a current browser needs (docs/decisions/043):
    // X-Frame-Options beside CSP frame-ancestors 'self', which every current browser obeys and
    // which wins where both are sent; Origin-Agent-Cluster, which only hints at a process
    // boundary that Cross-Origin-Opener-Policy: same-origin already gives the page; and
    // X-DNS-Prefetch-Control, which turns off a lookup of names our own links already use.
    xFrameOptions: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
  });
}

interface ScriptLocals {
  nonce?: string;
  scriptHashes?: string[];
}

/** This response's nonce, or the hashes of a cached page's inline scripts. */
function scriptSources(locals: ScriptLocals): string {
  if (locals.nonce) return `'nonce-${locals.nonce}'`;
  return (locals.scriptHashes ?? []).join(" ");
}

/**
 * The headers a middleware sets, collected without a request: the page cache stores them with
 * each page instead of running helmet on every visit.
 */
export function collectHeaders(
  middlewares: RequestHandler[],
  locals: Record<string, unknown>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    locals,
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  for (const middleware of middlewares) {
    let called = false;
    middleware({ headers: {} } as never, res as never, () => {
      called = true;
    });
    if (!called) throw new Error("a header middleware did not call next() synchronously");
  }
  return headers;
}

export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader(
    "Permissions-Policy",
    // no spaces after the commas (optional in a structured header): 4 bytes of every answer
    "camera=(),microphone=(),geolocation=(),payment=(),usb=()",
  );
  next();
};
