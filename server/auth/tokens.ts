import { createHash, randomBytes } from "node:crypto";

/**
 * The secrets of editors' sign-in: 32 random bytes (256 bits) written as base64url, and their
 * SHA-256, which is all the database keeps. A token is random, not a password, so one fast hash
 * is enough: nobody can guess 256 bits, and a stolen database signs no one in.
 */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Whether a string can be one of our tokens (43 base64url characters), before any lookup. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
