import type { BookingRules } from "./booking-rules";
import { type LagosDay, MINUTE_MS } from "./lagos-time";
import type { WeeklyHours } from "./weekly-hours";

/**
 * The start times a Lagos day offers before anything is taken: every `gridMinutes` from the start
 * of each working period, while the session still ends by the period's end.
 */
export function dayGrid(
  day: LagosDay,
  hours: WeeklyHours,
  rules: Pick<BookingRules, "gridMinutes" | "sessionMinutes">,
): number[] {
  const starts: number[] = [];
  for (const period of hours[day.weekday - 1] ?? []) {
    for (
      let minute = period.start;
      minute + rules.sessionMinutes <= period.end;
      minute += rules.gridMinutes
    ) {
      starts.push(day.start + minute * MINUTE_MS);
    }
  }
  return starts;
}
