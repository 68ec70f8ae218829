import { blockedTimes, type Commitments, overlapsBlocked } from "./blocked-times";
import type { BookingRules } from "./booking-rules";
import { DAY_MS, lagosDayOf, MINUTE_MS, nextLagosDay } from "./lagos-time";
import { dayGrid } from "./slot-grid";
import type { WeeklyHours } from "./weekly-hours";

/** One counsellor's week and everything that keeps them from being booked. */
export interface CounsellorDiary extends Commitments {
  id: string;
  hours: WeeklyHours;
}

/** The earliest and latest (exclusive) start a booking made now may have. */
export function bookingWindow(rules: BookingRules, now: number) {
  return {
    earliest: now + rules.noticeMinutes * MINUTE_MS,
    latest: now + rules.horizonDays * DAY_MS,
  };
}

/**
 * The start times (ms since the epoch, ascending) a visitor may book with this counsellor: on the
 * grid of their hours in Lagos, after the notice, within the horizon, and clear of every busy time
 * (with the buffer) and time off.
 */
export function freeTimes(diary: CounsellorDiary, rules: BookingRules, now: number): number[] {
  const { earliest, latest } = bookingWindow(rules, now);
  const blocked = blockedTimes(diary, rules.bufferMinutes);
  const session = rules.sessionMinutes * MINUTE_MS;
  const free: number[] = [];
  for (let day = lagosDayOf(earliest); day.start < latest; day = nextLagosDay(day)) {
    for (const start of dayGrid(day, diary.hours, rules)) {
      if (start < earliest || start >= latest) continue;
      if (!overlapsBlocked(blocked, start, start + session)) free.push(start);
    }
  }
  return free;
}
