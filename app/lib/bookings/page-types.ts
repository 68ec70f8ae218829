import type { FieldErrors } from "~/lib/forms/fields";
import type { BookingView, Counsellor, FreeTimes, SessionType } from "~/lib/services/bookings";
import { MINUTE_MS, lagosMinutesOf, parseLagosDate } from "./lagos-time";

/** The counsellor choice meaning "whoever is free" (BookingRequest.counsellorId). */
export const FIRST_AVAILABLE = "first";

/** What a booking picker shows: the choices, what is chosen, and that week's free times. */
export interface PickerView {
  sessionTypes: SessionType[];
  counsellors: Counsellor[];
  sessionTypeId: string;
  counsellorId: string;
  /** the first day shown, when the visitor paged to it */
  from?: string;
  times: OfferedWeek;
}

/**
 * A week of free times as a page carries them to React: each day's starts as minutes after 00:00
 * in Lagos. The same times as epoch milliseconds were 0.9 KB of /schedule's compressed HTML, which
 * must fit a new connection's first flight (docs/performance.md); these are a fraction of it.
 */
export interface OfferedWeek {
  days: { date: string; minutes: number[] }[];
  previous?: string;
  next?: string;
}

/** The service's free times as a page carries them (OfferedWeek). */
export function offeredWeek({ days, previous, next }: FreeTimes): OfferedWeek {
  return {
    days: days.map(({ date, starts }) => ({
      date,
      minutes: starts.map(lagosMinutesOf),
    })),
    ...(previous ? { previous } : {}),
    ...(next ? { next } : {}),
  };
}

/** A day's offered starts, as instants, read back from an OfferedWeek's day. */
export function startsOf(day: OfferedWeek["days"][number]): number[] {
  const midnight = parseLagosDate(day.date)?.start ?? 0;
  return day.minutes.map((m) => midnight + m * MINUTE_MS);
}

/** What /schedule's action answers when the practice takes bookings itself. */
export type NativeBookingOutcome =
  /** paged or changed the session or counsellor: the picker again, what was typed kept */
  | { outcome: "browse"; values: Record<string, string>; view: PickerView }
  | { outcome: "invalid"; errors: FieldErrors; values: Record<string, string>; view: PickerView }
  /** the time could not be had: say so at the field, with the nearest free times */
  | {
      outcome: "refused";
      field: string;
      message: string;
      nearest: number[];
      values: Record<string, string>;
      view: PickerView;
    }
  /** booked already by the same post, too long ago for its link: the link is in the e-mail */
  | { outcome: "booked"; booking: BookingView }
  | { outcome: "rate-limited" | "failed" | "bad-request"; message: string };
