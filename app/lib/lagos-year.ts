import { LAGOS_OFFSET_MINUTES } from "./bookings/lagos-time";

/**
 * The year in Lagos, for the footer's "©" line: read from the server's clock when a page is
 * rendered, never the visitor's (a page must say the same thing to everyone, and a kept page is
 * the same bytes for everyone; server/http/pages/page-cache.ts keeps none past Lagos's New Year).
 */
const OFFSET_MS = LAGOS_OFFSET_MINUTES * 60_000;

/** The year it is in Lagos at `instant` (ms since the epoch). */
export function lagosYear(instant: number): number {
  return new Date(instant + OFFSET_MS).getUTCFullYear();
}

/** The instant the next year begins in Lagos after `instant`: 1 January, 00:00 WAT. */
export function nextLagosNewYear(instant: number): number {
  return Date.UTC(lagosYear(instant) + 1, 0, 1) - OFFSET_MS;
}
