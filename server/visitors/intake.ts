import type { SubmitMeta } from "../../app/lib/services/forms";
import type { Db } from "../db/client";
import { deliveries, submissions } from "../db/schema";
import type { Destination } from "../integrations/deliveries/outbox";
import type { RateLimiter } from "../http/rate-limit";
import type { Logger } from "../operations/logger";
import { type StoredKey, claimKey, findKey, idempotencyHash, validKey } from "./idempotency";

/**
 * What every post a visitor sends goes through before and while it is stored (the forms and the
 * bookings, DESIGN.md): a repeat of a stored post is found by its idempotency key and answered as
 * the first one was, a new one is rate limited, and the submission is written with its key and one
 * outbox row per destination in the caller's transaction.
 */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type SubmissionKind = "contact" | "newsletter" | "booking";

export type Admission =
  /** the same post was stored before: answer with what it was told */
  | { status: "repeat"; seen: StoredKey }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** store it; `held` under a flood (docs/decisions/019), `keyHash` when the browser sent a key */
  | { status: "admitted"; keyHash?: string; held: boolean };

/** The idempotency key's hash for this post, when the browser sent a valid key. */
export function postKeyHash(
  kind: SubmissionKind,
  meta: SubmitMeta,
  content: Record<string, string>,
): string | undefined {
  return validKey(meta.idempotencyKey)
    ? idempotencyHash(kind, meta.idempotencyKey, content)
    : undefined;
}

/**
 * A repeat costs no rate limit; a new post counts against its address. Throws what the database
 * throws: the caller says "unavailable".
 */
export async function admitPost(
  deps: { db: Db; rateLimit: RateLimiter; logger: Logger },
  kind: SubmissionKind,
  meta: SubmitMeta,
  keyHash: string | undefined,
): Promise<Admission> {
  const seen = keyHash ? await findKey(deps.db, keyHash) : undefined;
  if (seen) return { status: "repeat", seen };
  const limit = await deps.rateLimit(kind, meta.ip);
  if (!limit.allowed) {
    deps.logger.warn({ form: kind }, "form rate limited");
    return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  return { status: "admitted", keyHash, held: limit.flood };
}

/**
 * Writes the submission, its idempotency key (RepeatedPost when another transaction stored the
 * same post first) and its outbox rows, "held" under a flood, inside `tx`.
 */
export async function insertSubmission(
  tx: Tx,
  entry: {
    kind: SubmissionKind;
    payload: Record<string, string>;
    keyHash?: string;
    /** kept with the key, for answering a repeat (the booking's change link) */
    answer?: { url: string };
    destinations: readonly Destination[];
    held: boolean;
  },
): Promise<{ id: number; deliveries: { id: number; destination: Destination }[] }> {
  const { kind, payload, keyHash, destinations } = entry;
  const status = entry.held ? ("held" as const) : ("pending" as const);
  const [row] = await tx
    .insert(submissions)
    .values({ kind, payload })
    .returning({ id: submissions.id });
  const id = row!.id;
  if (keyHash) await claimKey(tx, { key: keyHash, kind, submissionId: id, answer: entry.answer });
  const rows = destinations.length
    ? await tx
        .insert(deliveries)
        .values(destinations.map((destination) => ({ submissionId: id, destination, status })))
        .returning({ id: deliveries.id, destination: deliveries.destination })
    : [];
  return { id, deliveries: rows };
}
