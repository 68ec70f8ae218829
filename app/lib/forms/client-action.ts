import { isRouteErrorResponse } from "react-router";

/**
 * How long a form waits for the server before telling the visitor it did not get through. Slow
 * Nigerian mobile networks are not failures: 'Sending...' stays up to this limit.
 */
export const SEND_TIMEOUT_MS = 30_000;

/** What a form's action answers in the browser when the post never reached us or never came back. */
export const unreachable = { outcome: "unreachable" } as const;
export type Unreachable = typeof unreachable;

/**
 * Whether a failed post was answered by something other than this site's own action: the network
 * (fetch rejects with a TypeError), or whatever stood in front of the site, such as a proxy's 413,
 * 429, 502, 503 or 504, or a captive portal's HTML page.
 *
 * The site's own answers to a form post are React Router's single-fetch responses: they carry the
 * `X-Remix-Response` header and a turbo-stream body (`text/x-script`). React Router returns every
 * one of them, 4xx and 5xx included, as the action's data, and throws only what our actions throw:
 * a redirect (a Response) or an error response whose data is what the action gave (an object, or
 * null). Any other response at or above 400 it turns into an error response holding the body's
 * raw text, so a string there is the mark of an answer that is not ours; below 400, a body that is
 * not a turbo stream fails to decode.
 */
export function isForeignFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (isRouteErrorResponse(error)) return typeof error.data === "string";
  return (
    error instanceof Error &&
    /^(Unable to decode turbo-stream response|No response body to decode)/.test(error.message)
  );
}

/**
 * The clientAction of every route with a form (docs/decisions/013). React Router sends a fetcher
 * post that fails to the error boundary, which replaced the page and what was typed; here any
 * failure that is not the site's own answer (isForeignFailure) or a time-out becomes an answer the
 * form can show and send again, while the site's own answers and redirects go on as before.
 */
export async function resilientClientAction<T>({
  serverAction,
}: {
  serverAction: () => Promise<T>;
}): Promise<T | Unreachable> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Unreachable>((resolve) => {
    timer = setTimeout(() => resolve(unreachable), SEND_TIMEOUT_MS);
  });
  try {
    return await Promise.race([serverAction(), timeout]);
  } catch (error) {
    if (isForeignFailure(error)) return unreachable;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Seconds between automatic re-sends while the page stays open: quick at first, then capped. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 5_000 * 2 ** attempt);
}

/** A fresh idempotency key, made in the browser only (a key in shared HTML could collide). */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; a plain-http address (a LAN preview) still gets 122 bits.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
