import { type OpeningHours, practice } from "~/content/site";

/** A stretch of a day a counsellor sees clients, in minutes since midnight, Lagos time. */
export interface WorkingPeriod {
  start: number;
  end: number;
}

/** A counsellor's week: index 0 is Monday … 6 is Sunday; an empty list is a day off. */
export type WeeklyHours = readonly (readonly WorkingPeriod[])[];

const toMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/** The practice's published opening hours ("09:00"–"18:00" by ISO weekday) as a week. */
export function weeklyHoursFrom(hours: readonly OpeningHours[]): WeeklyHours {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
    hours
      .filter((h) => h.days.includes(weekday) && h.opens && h.closes)
      .map((h) => ({ start: toMinutes(h.opens ?? ""), end: toMinutes(h.closes ?? "") }))
      .sort((a, b) => a.start - b.start),
  );
}

/**
 * The office hours (Monday to Friday 9:00–18:00, Saturday 10:00–16:00, Sunday closed): every
 * counsellor's week until the practice gives one its own.
 */
export const officeHours: WeeklyHours = weeklyHoursFrom(practice.openingHours);
