import type { OpeningHours } from "~/content/site";

const dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "09:00" → "9:00 AM" */
export function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h >= 12 ? "PM" : "AM"}`;
}

/**
 * Zones whose clocks never move, by their offset from UTC in minutes. Lagos has kept West Africa
 * Time (UTC+1, no summer time) since 1919. Asking Intl for a zone's time makes the browser load
 * its time-zone data first: about 50 ms of a phone's main thread, four times that on a slow one,
 * for one line on the contact page.
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = { "Africa/Lagos": 60, UTC: 0 };

/** The weekday (1 = Monday) and minutes since midnight of an instant in a time zone. */
export function localTime(now: Date, timeZone: string) {
  const offset = FIXED_OFFSET_MINUTES[timeZone];
  if (offset !== undefined) {
    const local = new Date(now.getTime() + offset * 60_000);
    return {
      day: ((local.getUTCDay() + 6) % 7) + 1,
      minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    };
  }
  return localTimeByIntl(now, timeZone);
}

/** The same, from the browser's (or Node's) time-zone data: right for any zone, slow at first. */
export function localTimeByIntl(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1;
  return { day, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

const toMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/** "Open now, until 6:00 PM" or "Closed, opens Monday at 9:00 AM", in the practice's time zone. */
export function openingStatus(now: Date, hours: readonly OpeningHours[], timeZone: string) {
  const { day, minutes } = localTime(now, timeZone);
  const today = hours.find((h) => h.days.includes(day));
  if (
    today?.opens &&
    today.closes &&
    minutes >= toMinutes(today.opens) &&
    minutes < toMinutes(today.closes)
  ) {
    return { open: true, text: `Open now, until ${formatTime(today.closes)}` };
  }
  for (let ahead = 0; ahead < 8; ahead++) {
    const d = ((day - 1 + ahead) % 7) + 1;
    const h = hours.find((x) => x.days.includes(d));
    if (!h?.opens) continue;
    if (ahead === 0 && minutes >= toMinutes(h.opens)) continue;
    const when = ahead === 0 ? "today" : ahead === 1 ? "tomorrow" : dayNames[d - 1];
    return { open: false, text: `Closed, opens ${when} at ${formatTime(h.opens)}` };
  }
  return { open: false, text: "Closed" };
}
