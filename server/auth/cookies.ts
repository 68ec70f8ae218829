/**
 * The editors' two cookies: the session, and the browser binding of sign-in links (a random value
 * set in the browser that asks for a link; the link works only where it is sent back). Both are
 * HttpOnly and SameSite=Lax on Path=/; with an https SITE_URL they are Secure and carry the
 * `__Host-` prefix, which browsers accept only from a secure origin, without a Domain, on Path=/,
 * so no subdomain or plain-http page can set or overwrite them.
 */
export interface CookieNames {
  session: string;
  browser: string;
  /** where a step-up's link returns to once used (the page and search the editor was on) */
  next: string;
}

export function cookieNames(https: boolean): CookieNames {
  const prefix = https ? "__Host-" : "";
  return {
    session: `${prefix}editor_session`,
    browser: `${prefix}editor_browser`,
    next: `${prefix}editor_next`,
  };
}

/** The value of cookie `name` in a Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A Set-Cookie value; `maxAgeSeconds` 0 removes the cookie. */
export function serializeCookie(
  name: string,
  value: string,
  options: { https: boolean; maxAgeSeconds: number },
): string {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.https ? ["Secure"] : []),
  ].join("; ");
}
