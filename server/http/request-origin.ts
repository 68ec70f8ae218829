import type { Request } from "express";

/**
 * The origin a request is taken to have arrived at: what React Router compares a form's `Origin`
 * header with, and what the form guard accepts besides SITE_URL.
 *
 * When SITE_URL is https the site is behind a proxy that terminates TLS, and the request the site
 * itself sees is plain http to 127.0.0.1 (or to the proxy's idea of the Host), with
 * `X-Forwarded-Proto` honoured only under TRUST_PROXY. Built from those, every form's
 * `Origin: https://…` would look foreign to React Router, which then aborts the action (a 400 for
 * every form when TRUST_PROXY was forgotten). The public origin is known: it is SITE_URL. Over
 * plain http (a laptop, a test) the Host header is used as before, so 127.0.0.1 and localhost
 * both work.
 */
export function requestOrigin(req: Request, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${req.protocol}://${req.get("host")}`;
}

/** SITE_URL's origin when it is https (see requestOrigin), or nothing. */
export function httpsOrigin(siteUrl: string): string | undefined {
  const url = new URL(siteUrl);
  return url.protocol === "https:" ? url.origin : undefined;
}
