import { LAGOS_OFFSET_MINUTES, lagosDayOf } from "./lagos-time";

/**
 * The words beside a Lagos time for a visitor whose own clock differs ("4:00 PM your time",
 * "Tue 1:00 AM your time" when it falls on another day), made in their browser; undefined where
 * their clock is Lagos's at that moment. Both the small script (app/enhance/local-times.ts) and
 * React (components/bookings/LocalTime.tsx) write it, so the words are the same.
 */
export function localTimeWords(instant: number): string | undefined {
  const date = new Date(instant);
  if (-date.getTimezoneOffset() === LAGOS_OFFSET_MINUTES) return undefined;
  const otherDay = localDate(date) !== lagosDayOf(instant).date;
  return `${formatter(otherDay).format(date)} your time`;
}

/**
 * The two ways of writing the visitor's own time, made once each: a week of free times is a
 * hundred of them, and making a formatter costs far more than using one (a hundred made one by
 * one held a phone's main thread for a quarter of a second at 4× CPU, docs/performance.md).
 */
const formatters = new Map<boolean, Intl.DateTimeFormat>();
function formatter(withWeekday: boolean): Intl.DateTimeFormat {
  let made = formatters.get(withWeekday);
  if (!made) {
    made = new Intl.DateTimeFormat(undefined, {
      ...(withWeekday ? { weekday: "short" } : {}),
      hour: "numeric",
      minute: "2-digit",
    });
    formatters.set(withWeekday, made);
  }
  return made;
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The attribute naming the instant (epoch ms) a `<span>` shows in the visitor's own time; empty
 * when the `<time datetime>` just before the span names it.
 */
export const LOCAL_TIME_ATTRIBUTE = "data-local-time";
