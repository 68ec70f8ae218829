import { blockedTimes, overlapsBlocked } from "./blocked-times";
import type { BookingRules } from "./booking-rules";
import { bookingWindow, type CounsellorDiary } from "./free-times";
import { lagosDayOf, MINUTE_MS, parseLagosDateTime } from "./lagos-time";
import { dayGrid } from "./slot-grid";

/** Why a requested time cannot be booked. */
export type TimeProblem =
  | "malformed"
  | "unknown-counsellor"
  | "past"
  | "inside-notice"
  | "beyond-horizon"
  | "closed-day"
  | "outside-hours"
  | "off-grid"
  | "unavailable";

export type RequestedTime =
  | { ok: true; counsellorId: string; start: number; end: number }
  | { ok: false; problem: TimeProblem; /** the day's name, for "closed-day" */ day?: string };

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * Checks a posted time ("2026-12-07T09:00", Lagos) with a counsellor against the same grid
 * freeTimes offers, and says what is wrong in a result rather than a throw: a form post can send
 * anything, and the answer belongs at the field.
 */
export function checkRequestedTime(
  request: { counsellorId: string; time: string },
  diaries: readonly CounsellorDiary[],
  rules: BookingRules,
  now: number,
): RequestedTime {
  const start = parseLagosDateTime(request.time);
  if (start === undefined) return { ok: false, problem: "malformed" };
  const diary = diaries.find((d) => d.id === request.counsellorId);
  if (!diary) return { ok: false, problem: "unknown-counsellor" };
  const { earliest, latest } = bookingWindow(rules, now);
  if (start < now) return { ok: false, problem: "past" };
  if (start < earliest) return { ok: false, problem: "inside-notice" };
  if (start >= latest) return { ok: false, problem: "beyond-horizon" };
  const day = lagosDayOf(start);
  const periods = diary.hours[day.weekday - 1] ?? [];
  if (periods.length === 0) {
    return { ok: false, problem: "closed-day", day: weekdays[day.weekday - 1] };
  }
  const end = start + rules.sessionMinutes * MINUTE_MS;
  const minute = (start - day.start) / MINUTE_MS;
  const within = periods.some((p) => minute >= p.start && minute + rules.sessionMinutes <= p.end);
  if (!within) return { ok: false, problem: "outside-hours" };
  if (!dayGrid(day, diary.hours, rules).includes(start)) return { ok: false, problem: "off-grid" };
  if (overlapsBlocked(blockedTimes(diary, rules.bufferMinutes), start, end)) {
    return { ok: false, problem: "unavailable" };
  }
  return { ok: true, counsellorId: diary.id, start, end };
}

/** What to say at the field, in the visitor's words. */
export function timeProblemMessage(
  result: Extract<RequestedTime, { ok: false }>,
  rules: Pick<BookingRules, "noticeMinutes" | "horizonDays">,
): string {
  switch (result.problem) {
    case "malformed":
      return "Please choose a date and time from the list.";
    case "unknown-counsellor":
      return "Please choose a counsellor from the list.";
    case "past":
      return "That time has already passed. Please choose a later one.";
    case "inside-notice":
      return `Bookings need at least ${plural(Math.ceil(rules.noticeMinutes / 60), "hour")}' notice. Please choose a later time, or call us for an emergency appointment.`;
    case "beyond-horizon":
      return `We take bookings up to ${ahead(rules.horizonDays)} ahead. Please choose an earlier time.`;
    case "closed-day":
      return `We don't see clients on ${result.day ?? "that day"}s. Please choose another day.`;
    case "outside-hours":
      return "That time is outside our opening hours. Please choose a time from the list.";
    case "off-grid":
      return "Sessions start at the times in the list. Please choose one of them.";
    case "unavailable":
      return "That time was just taken. Please choose another.";
  }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
const ahead = (days: number) => (days % 7 === 0 ? plural(days / 7, "week") : plural(days, "day"));
