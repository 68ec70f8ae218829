import ICAL from "ical.js";
import type { TimeSpan } from "../../app/lib/bookings/blocked-times";
import { DAY_MS, LAGOS_OFFSET_MINUTES, MINUTE_MS } from "../../app/lib/bookings/lagos-time";

/**
 * Busy times read from a counsellor's own calendar feed (an .ics export or secret address, as
 * Google Calendar gives it): single and recurring events (RRULE, RDATE, EXDATE, moved or cancelled
 * instances), all-day events as whole Lagos days. Cancelled events and events marked free
 * (TRANSP:TRANSPARENT) do not make anyone busy.
 */

/** Feeds larger than this are refused before parsing (STYLE.md rule 14). */
export const MAX_FEED_CHARS = 4_000_000;
/** Occurrences stepped through per recurring event: a daily event from 2010 is about 6,000. */
export const MAX_OCCURRENCES_PER_EVENT = 20_000;

export type BusyTimesResult =
  | { ok: true; busy: TimeSpan[]; /** a recurring event stopped at the step limit */ cut: boolean }
  | { ok: false; problem: "too-large" | "unreadable" };

export function busyTimesFromIcs(text: string, window: TimeSpan): BusyTimesResult {
  if (text.length > MAX_FEED_CHARS) return { ok: false, problem: "too-large" };
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  const vevents = calendar.getAllSubcomponents("vevent");
  // A moved or cancelled instance of a recurring event is its own VEVENT with the master's UID
  // and a RECURRENCE-ID; the master's expansion uses it in place of the original instance.
  const exceptionsByUid = new Map<string, ICAL.Component[]>();
  for (const vevent of vevents) {
    if (!vevent.hasProperty("recurrence-id")) continue;
    const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
    exceptionsByUid.set(uid, [...(exceptionsByUid.get(uid) ?? []), vevent]);
  }
  const masterUids = new Set(
    vevents
      .filter((v) => !v.hasProperty("recurrence-id"))
      .map((v) => String(v.getFirstPropertyValue("uid") ?? "")),
  );

  const busy: TimeSpan[] = [];
  let cut = false;
  const add = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
    if (!makesBusy(item.component)) return;
    const tzid = item.component.getFirstProperty("dtstart")?.getParameter("tzid");
    const zone = typeof tzid === "string" ? tzid : undefined;
    const span = { start: instantOf(start, zone), end: instantOf(end, zone) };
    if (start.isDate && span.end <= span.start) span.end = span.start + DAY_MS;
    if (span.end > window.start && span.start < window.end && span.end > span.start)
      busy.push(span);
  };

  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
    const isException = vevent.hasProperty("recurrence-id");
    // an exception whose series is in the feed is met through its series
    if (isException && masterUids.has(uid)) continue;
    try {
      const event = new ICAL.Event(vevent, {
        exceptions: isException ? [] : (exceptionsByUid.get(uid) ?? []),
      });
      if (!event.isRecurring()) {
        add(event, event.startDate, event.endDate);
        continue;
      }
      const tzid = vevent.getFirstProperty("dtstart")?.getParameter("tzid");
      const seriesZone = typeof tzid === "string" ? tzid : undefined;
      const expansion = event.iterator();
      const hasExceptions = exceptionsByUid.has(uid);
      const longest = Math.max(
        DAY_MS,
        instantOf(event.endDate, seriesZone) - instantOf(event.startDate, seriesZone),
      );
      for (let step = 0; ; step++) {
        if (step >= MAX_OCCURRENCES_PER_EVENT) {
          cut = true;
          break;
        }
        const next = expansion.next();
        if (!next) break;
        const nextAt = instantOf(next, seriesZone);
        // occurrences come in the order of their original times
        if (nextAt >= window.end) break;
        // long before the window, only a moved instance could still reach into it
        if (nextAt + longest < window.start && !hasExceptions) continue;
        const occurrence = event.getOccurrenceDetails(next);
        add(occurrence.item, occurrence.startDate, occurrence.endDate);
      }
    } catch {
      // one event the library cannot read (a broken RRULE) does not hide the others
      continue;
    }
  }
  busy.sort((a, b) => a.start - b.start);
  return { ok: true, busy, cut };
}

function makesBusy(vevent: ICAL.Component): boolean {
  const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(vevent.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status !== "CANCELLED" && transparency !== "TRANSPARENT";
}

/**
 * The instant of a time from the feed. UTC and zones defined in the feed (VTIMEZONE) the library
 * converts itself; a TZID the feed does not define is looked up in Node's zone data; a date (an
 * all-day event) or a floating time is read as Lagos time, the practice's day.
 */
function instantOf(time: ICAL.Time, tzidParameter: string | undefined): number {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (time.isDate) return wall - LAGOS_OFFSET_MINUTES * MINUTE_MS;
  const tzid = time.zone?.tzid;
  if (tzid && tzid !== "floating") return time.toUnixTime() * 1000;
  if (tzidParameter) {
    const instant = wallTimeIn(tzidParameter, wall);
    if (instant !== undefined) return instant;
  }
  return wall - LAGOS_OFFSET_MINUTES * MINUTE_MS;
}

/** A wall-clock time (given as if it were UTC) in an IANA zone → the instant; undefined for an unknown zone. */
function wallTimeIn(timeZone: string, wall: number): number | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    return undefined;
  }
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      format.formatToParts(instant).map((p) => [p.type, Number(p.value)]),
    ) as Record<string, number>;
    const asUtc = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    return asUtc - Math.floor(instant / 1000) * 1000;
  };
  // two passes settle the offset, also on the day the zone's clocks change
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return instant;
}
