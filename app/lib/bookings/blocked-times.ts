import { DAY_MS, MINUTE_MS, parseLagosDate } from "./lagos-time";

/** A stretch of time, [start, end) in ms since the epoch. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** Days a counsellor is away, Lagos dates inclusive; `from` equal to `to` is a single day. */
export interface TimeOff {
  from: string;
  to: string;
}

/** What keeps a counsellor from being booked, besides the hours of their week. */
export interface Commitments {
  /** the practice's bookings and live holds, and busy times read from the counsellor's calendar */
  busy: readonly TimeSpan[];
  timeOff: readonly TimeOff[];
}

/** Whole Lagos days away, as a time span; undefined when a date is not a date or the range runs backwards. */
export function timeOffSpan(off: TimeOff): TimeSpan | undefined {
  const from = parseLagosDate(off.from);
  const to = parseLagosDate(off.to);
  if (!from || !to || to.start < from.start) return undefined;
  return { start: from.start, end: to.start + DAY_MS };
}

/**
 * Every span in which no session may run, sorted and merged: busy times widened by the buffer on
 * both sides (so a session never starts or ends right against another), and time off as it is.
 */
export function blockedTimes(commitments: Commitments, bufferMinutes: number): TimeSpan[] {
  const buffer = bufferMinutes * MINUTE_MS;
  const spans: TimeSpan[] = commitments.busy.map((b) => ({
    start: b.start - buffer,
    end: b.end + buffer,
  }));
  for (const off of commitments.timeOff) {
    const span = timeOffSpan(off);
    if (span) spans.push(span);
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: TimeSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** True when [start, end) overlaps a span of `blocked` (sorted and merged, as blockedTimes gives). */
export function overlapsBlocked(blocked: readonly TimeSpan[], start: number, end: number): boolean {
  let low = 0;
  let high = blocked.length;
  // the first span that ends after `start`
  while (low < high) {
    const middle = (low + high) >> 1;
    if (blocked[middle]!.end <= start) low = middle + 1;
    else high = middle;
  }
  const span = blocked[low];
  return span !== undefined && span.start < end;
}
