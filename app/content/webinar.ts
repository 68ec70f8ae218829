/**
 * The shipped webinar's date. SPEC.md gives it without a year: "Saturday, August 31st", at
 * 4:00 PM WAT in the stories. A year-less date is read as its next occurrence on that weekday,
 * counted from the day the database is first filled: the first year after that day in which
 * 31 August is a Saturday (2030, seen from 2026). The shipped site so keeps the spec's words and
 * its Register buttons without ever advertising a date that has passed; once the practice sets a
 * real date in the editor, that date governs (docs/decisions/027).
 */
export const SHIPPED_WEBINAR = { month: 8, day: 31, weekday: 6, time: "16:00" } as const;

/** "YYYY-MM-DDTHH:MM" in Lagos time, for the next 31 August that is a Saturday after `now`. */
export function shippedWebinarStart(now: Date): string {
  const { month, day, weekday, time } = SHIPPED_WEBINAR;
  for (let year = now.getUTCFullYear(); ; year++) {
    const date = new Date(Date.UTC(year, month - 1, day));
    const isoWeekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    const start = new Date(`${date.toISOString().slice(0, 10)}T${time}:00+01:00`);
    if (isoWeekday === weekday && start > now) return `${date.toISOString().slice(0, 10)}T${time}`;
  }
}
