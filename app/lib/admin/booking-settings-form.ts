import { parseLagosDate } from "../bookings/lagos-time";
import type { WorkingPeriod } from "../bookings/weekly-hours";
import type { CounsellorRules, TimeOff } from "../services/booking-settings";

/**
 * The booking settings' forms (/admin/booking-settings/<counsellor>) read and checked: what the
 * practice typed, and a message at each field that cannot be used. Pure, so the same rules run in
 * the tests and on the server.
 */

export const WEEKDAYS = [
  { key: "mon", name: "Monday" },
  { key: "tue", name: "Tuesday" },
  { key: "wed", name: "Wednesday" },
  { key: "thu", name: "Thursday" },
  { key: "fri", name: "Friday" },
  { key: "sat", name: "Saturday" },
  { key: "sun", name: "Sunday" },
] as const;

/** Two periods a day: a morning and an afternoon with a break between, or one stretch. */
export const PERIODS_PER_DAY = 2;

export const BOUNDS = {
  bufferMinutes: { min: 0, max: 120 },
  noticeHours: { min: 0, max: 24 * 14 },
  horizonDays: { min: 1, max: 365 },
  /** a working period shorter than this cannot hold a session */
  shortestPeriodMinutes: 15,
  noteChars: 200,
  /** time off longer than this is more likely a typing slip than a sabbatical */
  longestTimeOffDays: 366,
} as const;

export type FieldErrors = Record<string, string>;

/** The names of one period's two fields: "mon-1-start", "mon-1-end". */
export const periodField = (day: string, period: number, end: "start" | "end") =>
  `${day}-${period}-${end}`;

/** "09:30" → 570; "24:00" is the end of the day; anything else undefined. */
export function minutesOf(value: string): number | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : undefined;
}

/** 570 → "09:30" */
export function clockOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

type Read = (name: string) => string;
const reader =
  (form: FormData): Read =>
  (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, 300) : "";
  };

/** What the rules form posted, as typed, to show it again beside its messages. */
export type TypedRules = Record<string, string>;

export type RulesParse =
  { ok: true; rules: CounsellorRules } | { ok: false; errors: FieldErrors; typed: TypedRules };

export function parseRulesForm(form: FormData): RulesParse {
  const read = reader(form);
  const errors: FieldErrors = {};
  const typed: TypedRules = {};
  const weeklyHours: WorkingPeriod[][] = [];
  for (const { key, name } of WEEKDAYS) {
    const periods: WorkingPeriod[] = [];
    for (let p = 1; p <= PERIODS_PER_DAY; p++) {
      const startName = periodField(key, p, "start");
      const endName = periodField(key, p, "end");
      const [startText, endText] = [read(startName), read(endName)];
      typed[startName] = startText;
      typed[endName] = endText;
      if (!startText && !endText) continue;
      const start = startText ? minutesOf(startText) : undefined;
      const end = endText ? minutesOf(endText) : undefined;
      const which = p === 1 ? "" : "second ";
      if (!startText) errors[startName] = `Please give the ${which}start time on ${name}.`;
      else if (start === undefined || start >= 24 * 60)
        errors[startName] =
          `Please give the ${which}start time on ${name} as hours and minutes, like 09:00.`;
      if (!endText) errors[endName] = `Please give the ${which}end time on ${name}.`;
      else if (end === undefined)
        errors[endName] =
          `Please give the ${which}end time on ${name} as hours and minutes, like 18:00.`;
      if (start === undefined || end === undefined || errors[startName]) continue;
      if (end <= start) {
        errors[endName] = `The end on ${name} must be after its start (${clockOf(start)}).`;
      } else if (end - start < BOUNDS.shortestPeriodMinutes) {
        errors[endName] =
          `That is too short to hold a session: at least ${BOUNDS.shortestPeriodMinutes} minutes.`;
      } else {
        periods.push({ start, end });
      }
    }
    periods.sort((a, b) => a.start - b.start);
    if (periods.length === 2 && periods[1]!.start < periods[0]!.end) {
      errors[periodField(key, 2, "start")] =
        `The two times on ${name} overlap: the second must start at or after ${clockOf(periods[0]!.end)}.`;
    }
    weeklyHours.push(periods);
  }

  const whole = (field: keyof typeof BOUNDS & string, words: string, unit: string) => {
    const text = read(field);
    typed[field] = text;
    const bounds = BOUNDS[field] as { min: number; max: number };
    const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!text) errors[field] = `Please give the ${words}, in ${unit}.`;
    else if (!Number.isInteger(value) || value < bounds.min || value > bounds.max)
      errors[field] =
        `The ${words} must be a whole number of ${unit} from ${bounds.min} to ${bounds.max}.`;
    return value;
  };
  const bufferMinutes = whole("bufferMinutes", "break between sessions", "minutes");
  const noticeHours = whole("noticeHours", "notice", "hours");
  const horizonDays = whole("horizonDays", "time ahead", "days");

  if (Object.keys(errors).length > 0) return { ok: false, errors, typed };
  return { ok: true, rules: { weeklyHours, bufferMinutes, noticeHours, horizonDays } };
}

export type TimeOffParse =
  | { ok: true; timeOff: Omit<TimeOff, "id"> }
  | { ok: false; errors: FieldErrors; typed: TypedRules };

/** A day (from alone) or a range of Lagos dates; not wholly in the past. */
export function parseTimeOffForm(form: FormData, today: string): TimeOffParse {
  const read = reader(form);
  const typed = { from: read("from"), to: read("to"), note: read("note") };
  const errors: FieldErrors = {};
  const from = typed.from ? parseLagosDate(typed.from) : undefined;
  const to = typed.to ? parseLagosDate(typed.to) : from;
  if (!typed.from) errors.from = "Please give the first day away.";
  else if (!from) errors.from = "Please give the first day as a date, like 2026-12-24.";
  if (typed.to && !parseLagosDate(typed.to))
    errors.to =
      "Please give the last day as a date, like 2026-12-26, or leave it empty for one day.";
  else if (from && to && to.date < from.date)
    errors.to = `The last day must be on or after the first day (${from.date}).`;
  else if (from && to && (to.start - from.start) / 86_400_000 >= BOUNDS.longestTimeOffDays)
    errors.to = "That is more than a year away: please check the dates.";
  else if (to && to.date < today) errors[typed.to ? "to" : "from"] = "Those days are already past.";
  const note = form.get("note");
  if (typeof note === "string" && note.trim().length > BOUNDS.noteChars)
    errors.note = `Please keep the note to ${BOUNDS.noteChars} characters.`;
  if (Object.keys(errors).length > 0 || !from || !to) return { ok: false, errors, typed };
  return {
    ok: true,
    timeOff: { from: from.date, to: to.date, ...(typed.note ? { note: typed.note } : {}) },
  };
}

/**
 * The counsellor's own calendar's address: https (http only to this machine, for tests and
 * development), at most 2,000 characters. The address is a secret, so messages never repeat it.
 */
export function checkBusyFeedUrl(
  value: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const text = value.trim();
  if (!text) return { ok: false, message: "Please paste the calendar's secret address." };
  if (text.length > 2_000) return { ok: false, message: "That address is too long to be one." };
  let url: URL;
  try {
    url = new URL(text.replace(/^webcals?:\/\//i, "https://"));
  } catch {
    return {
      ok: false,
      message: "That is not a web address. Please paste the whole address, starting https://.",
    };
  }
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local))
    return {
      ok: false,
      message: "The address must start with https:// (a private, encrypted link).",
    };
  if (url.username || url.password)
    return { ok: false, message: "Please paste the address without a name and password in it." };
  return { ok: true, url: url.toString() };
}
