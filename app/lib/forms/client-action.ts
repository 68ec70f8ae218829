/**
 * How long a form waits for the server before telling the visitor it did not get through. Slow
 * Nigerian mobile networks are not failures: 'Sending...' stays up to this limit.
 */
export const SEND_TIMEOUT_MS = 30_000;

/** What a form's action answers in the browser when the post never reached us or never came back. */
export const unreachable = { outcome: "unreachable" } as const;
export type Unreachable = typeof unreachable;

/**
 * The clientAction of every route with a form (docs/decisions/013). React Router sends a fetcher
 * post that fails on the network to the error boundary, which replaced the page and what was
 * typed; here a network failure (fetch rejects with a TypeError) or a time-out becomes an answer
 * the form can show, while every other error and redirect goes on as before.
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
    if (error instanceof TypeError) return unreachable;
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
