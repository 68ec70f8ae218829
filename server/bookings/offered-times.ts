import { DAY_MS, lagosDayOf, parseLagosDate } from "../../app/lib/bookings/lagos-time";
import type { FreeTimes, FreeTimesQuery, OfferedDay } from "../../app/lib/services/bookings";
import { availability, catalogueOf, chosenCounsellors } from "./availability";
import type { BookingsDeps } from "./deps";

/** A page of free times is a week: seven Lagos days from its first. */
export const PAGE_DAYS = 7;

/**
 * The free times of one week for a session type and a counsellor (or whoever is free), paged by
 * weeks from the first bookable day. An unknown session type or counsellor, or a `from` that is
 * not a date, never throws: the first is an empty page, the second the first page.
 */
export async function offeredTimes(
  deps: BookingsDeps,
  query: FreeTimesQuery,
  now: number,
): Promise<FreeTimes> {
  const { sessionTypes, counsellors } = catalogueOf(deps);
  const sessionType = sessionTypes.find((t) => t.id === query.sessionTypeId);
  const chosen = chosenCounsellors(counsellors, query.counsellorId);
  if (!sessionType || !chosen?.length) return { days: [] };
  const { times } = await availability(deps, deps.db, {
    sessionType,
    counsellors: chosen,
    now,
  });
  const firstDay = lagosDayOf(times[0]?.start ?? now);
  const asked = query.from ? parseLagosDate(query.from) : undefined;
  const start = asked && asked.start > firstDay.start ? asked : firstDay;
  const end = start.start + PAGE_DAYS * DAY_MS;
  const days: OfferedDay[] = [];
  for (let day = start.start; day < end; day += DAY_MS) {
    days.push({
      date: lagosDayOf(day).date,
      starts: times.filter((t) => t.start >= day && t.start < day + DAY_MS).map((t) => t.start),
    });
  }
  const earlier = times.some((t) => t.start < start.start);
  const later = times.some((t) => t.start >= end);
  return {
    days,
    ...(earlier
      ? { previous: lagosDayOf(Math.max(firstDay.start, start.start - PAGE_DAYS * DAY_MS)).date }
      : {}),
    ...(later ? { next: lagosDayOf(end).date } : {}),
  };
}
