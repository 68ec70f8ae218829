/** What one attempt to hand a submission to an outside service came to. */
export type DeliveryResult =
  | { outcome: "delivered" }
  /** refused for good: do not try again */
  | { outcome: "rejected"; error: string }
  /** failed for now: try again, not before `retryAfterMs` when the service said so */
  | { outcome: "retry"; error: string; retryAfterMs?: number }
  /** no longer needed (a reminder of a booking since cancelled or moved): nothing was sent */
  | { outcome: "skipped"; reason: string };

/** What sending came to: an outside service never answers "skipped". */
export type SendResult = Exclude<DeliveryResult, { outcome: "skipped" }>;

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
