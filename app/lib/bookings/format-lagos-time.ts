import { formatTime } from "~/lib/opening-hours";
import { lagosDayOf, lagosMinutesOf } from "./lagos-time";
import { MONTHS } from "~/lib/webinar";

/**
 * Words for a booked or offered time, always in Lagos time and saying so. Built from fixed names
 * rather than Intl: the same text on the server and in any browser, whatever its zone or locale.
 */

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "9:00 AM" */
export function formatLagosClock(instant: number): string {
  const minutes = lagosMinutesOf(instant);
  return formatTime(`${Math.floor(minutes / 60)}:${minutes % 60}`);
}

/** "Monday 7 December 2026" */
export function formatLagosDay(instant: number): string {
  const day = lagosDayOf(instant);
  const [year, month, date] = day.date.split("-").map(Number) as [number, number, number];
  return `${weekdays[day.weekday - 1]} ${date} ${MONTHS[month - 1]} ${year}`;
}

/** "Monday 7 December 2026, 9:00 AM WAT" */
export function formatLagosTime(instant: number): string {
  return `${formatLagosDay(instant)}, ${formatLagosClock(instant)} WAT`;
}

/** "Monday 7 December 2026, 9:00 AM to 10:00 AM WAT" */
export function formatLagosSession(start: number, end: number): string {
  return `${formatLagosDay(start)}, ${formatLagosClock(start)} to ${formatLagosClock(end)} WAT`;
}
