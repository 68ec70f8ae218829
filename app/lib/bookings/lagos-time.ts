/**
 * Instants and Lagos wall-clock times. Lagos keeps West Africa Time, UTC+01:00, all year (no summer
 * time since 1919), so one fixed offset converts both ways: no zone data to load in the browser,
 * and the server's own zone (TZ) never enters into a rule about days.
 */

export const LAGOS_OFFSET_MINUTES = 60;
const OFFSET_MS = LAGOS_OFFSET_MINUTES * 60_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface LagosDay {
  /** "2026-12-07" */
  date: string;
  /** ISO weekday, 1 = Monday … 7 = Sunday */
  weekday: number;
  /** the instant (ms since the epoch) of 00:00 WAT that day */
  start: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The Lagos day an instant falls on. */
export function lagosDayOf(instant: number): LagosDay {
  const wall = new Date(instant + OFFSET_MS);
  const start = Math.floor((instant + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    weekday: ((wall.getUTCDay() + 6) % 7) + 1,
    start,
  };
}

/** The Lagos day after `day` (every Lagos day is 24 hours long). */
export function nextLagosDay(day: LagosDay): LagosDay {
  return lagosDayOf(day.start + DAY_MS);
}

/** Minutes since midnight in Lagos. */
export function lagosMinutesOf(instant: number): number {
  return Math.floor(((((instant + OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/** "2026-12-07" → its Lagos day, or undefined for anything else (including 2026-02-30). */
export function parseLagosDate(value: string): LagosDay | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return lagosDayOf(utcMidnight - OFFSET_MS);
}

/**
 * "2026-12-07T09:00" read as Lagos time → the instant, or undefined when it is not a real time.
 * This is the value a booking form posts (a slot's radio, or a datetime-local field).
 */
export function parseLagosDateTime(value: string): number | undefined {
  if (value.length !== 16 || value[10] !== "T") return undefined;
  const day = parseLagosDate(value.slice(0, 10));
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.slice(11));
  if (!day || !clock) return undefined;
  return day.start + (Number(clock[1]) * 60 + Number(clock[2])) * MINUTE_MS;
}

/** The instant as a Lagos wall time, "2026-12-07T09:00": what parseLagosDateTime reads back. */
export function lagosDateTimeValue(instant: number): string {
  const minutes = lagosMinutesOf(instant);
  return `${lagosDayOf(instant).date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The instant with the Lagos offset, "2026-12-07T09:00+01:00", for `<time datetime>`. */
export function lagosIso(instant: number): string {
  return `${lagosDateTimeValue(instant)}+01:00`;
}
