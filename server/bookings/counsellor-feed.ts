import { type CalendarEvent, eventLines, PRODID } from "./calendar-event";
import { escapeText, icsFile } from "./ics-text";

/**
 * A counsellor's subscribable calendar (.ics): every booking they have, as a published calendar
 * (no METHOD, so apps treat it as a feed to refresh, not invitations to answer). Cancelled
 * bookings are left out: a subscribed calendar replaces its events with each refresh.
 */
export function counsellorFeed(
  feed: { name: string; events: readonly CalendarEvent[] },
  now: number,
): string {
  return icsFile([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    `NAME:${escapeText(feed.name)}`,
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    // RFC 7986 and the older name apps still read: ask for a refresh every hour
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...feed.events
      .filter((event) => !event.cancelled)
      .flatMap((event) => eventLines({ ...event, organizer: undefined, attendee: undefined }, now)),
    "END:VCALENDAR",
  ]);
}
