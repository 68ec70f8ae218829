import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Keys the browser makes with crypto.randomUUID; anything else is ignored, as if absent. */
const KEY_PATTERN = /^[0-9a-f-]{36}$/i;

export function validKey(key: string | undefined): key is string {
  return typeof key === "string" && KEY_PATTERN.test(key);
}

/**
 * The stored key: a hash of the form, the browser's key and what was sent. The same post sent
 * again finds the first one; the same key with other content (the visitor edited and sent a new
 * message) is a new submission (docs/decisions/012).
 */
export function idempotencyHash(kind: string, key: string, content: Record<string, string>) {
  const fields = Object.keys(content)
    .sort()
    .map((name) => [name, content[name]]);
  return createHash("sha256")
    .update(JSON.stringify([kind, key, fields]))
    .digest("hex");
}

/** Thrown inside a transaction whose key was already stored, to roll back what it wrote. */
export class RepeatedPost extends Error {
  constructor() {
    super("repeated post");
  }
}

export type StoredKey = typeof idempotencyKeys.$inferSelect;

export async function findKey(db: Db | Tx, hash: string): Promise<StoredKey | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, hash));
  return row;
}

/**
 * Stores the key inside the caller's transaction. On Postgres a concurrent transaction with the
 * same key waits on the unique index until the first commits, then finds the conflict: it throws
 * RepeatedPost so nothing it wrote is kept, and the caller answers with the first one's outcome.
 */
export async function claimKey(
  tx: Tx,
  row: {
    key: string;
    kind: string;
    submissionId?: number;
    orderId?: number;
    answer?: { url: string };
  },
): Promise<void> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) throw new RepeatedPost();
}

export async function saveAnswer(db: Db, hash: string, answer: { url: string }) {
  await db.update(idempotencyKeys).set({ answer }).where(eq(idempotencyKeys.key, hash));
}
