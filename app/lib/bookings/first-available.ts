import type { BookingRules } from "./booking-rules";
import { type CounsellorDiary, freeTimes } from "./free-times";

/** A start time and the counsellors free then, in the order the diaries were given. */
export interface SharedTime {
  start: number;
  counsellorIds: string[];
}

/** Every time at least one of these counsellors is free, ascending: the "any counsellor" list. */
export function timesWithAnyCounsellor(
  diaries: readonly CounsellorDiary[],
  rules: BookingRules,
  now: number,
): SharedTime[] {
  const byStart = new Map<number, string[]>();
  for (const diary of diaries) {
    for (const start of freeTimes(diary, rules, now)) {
      const ids = byStart.get(start);
      if (ids) ids.push(diary.id);
      else byStart.set(start, [diary.id]);
    }
  }
  return [...byStart]
    .sort(([a], [b]) => a - b)
    .map(([start, counsellorIds]) => ({ start, counsellorIds }));
}

/**
 * The soonest time any of these counsellors is free, and with whom; when several are free then,
 * the first in the order given (the practice's order of its team).
 */
export function firstAvailable(
  diaries: readonly CounsellorDiary[],
  rules: BookingRules,
  now: number,
): { start: number; counsellorId: string } | undefined {
  let best: { start: number; counsellorId: string } | undefined;
  for (const diary of diaries) {
    const start = freeTimes(diary, rules, now)[0];
    if (start !== undefined && (!best || start < best.start))
      best = { start, counsellorId: diary.id };
  }
  return best;
}
