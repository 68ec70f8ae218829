import { createHash, randomBytes } from "node:crypto";

/**
 * A booking's change-or-cancel token (/bookings/<token>): 32 random bytes in base64url, 43
 * characters. Only its sha256 is kept on the appointment, so the table alone cannot open a booking.
 */
export function newBookingToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens this service issues; anything else (a NUL, a path, a guess of another length) is not looked up. */
export function isBookingToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function bookingTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The change-or-cancel page's path, as an idempotency record keeps it for a repeated post. */
export const changeLinkPath = (token: string) => `/bookings/${token}`;

export function tokenOfChangeLink(url: string | undefined): string | undefined {
  const token = url?.startsWith("/bookings/") ? url.slice("/bookings/".length) : undefined;
  return isBookingToken(token) ? token : undefined;
}
