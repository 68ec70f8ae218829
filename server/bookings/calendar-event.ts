import { escapeText, icsUtc, paramValue } from "./ics-text";

/** A booked session as a calendar event, for the visitor's invite and the counsellor's feed. */
export interface CalendarEvent {
  /** stable for the life of the booking: bookingUid() */
  uid: string;
  /** 0 when booked, one more each time it is moved or cancelled (RFC 5545 3.8.7.4) */
  sequence: number;
  start: number;
  end: number;
  summary: string;
  location: string;
  description: string;
  cancelled?: boolean;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
}

/**
 * A UID no other calendar will use: the booking's id at the site's host (RFC 5545 3.8.4.7). The
 * same booking keeps it when it moves or is cancelled, so calendars update the one event.
 */
export function bookingUid(bookingId: string, siteHost: string): string {
  return `booking-${bookingId}@${siteHost}`;
}

/**
 * The VEVENT's lines. Times are written in UTC (the "Z" form): every calendar app shows them at
 * the booked moment in its own zone, without a VTIMEZONE block to get wrong.
 */
export function eventLines(event: CalendarEvent, now: number): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
  ];
  if (event.organizer) {
    lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`);
  }
  if (event.attendee) {
    lines.push(
      `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;` +
        `PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee.email}`,
    );
  }
  lines.push("END:VEVENT");
  return lines;
}

export const PRODID = "-//Kindred Hearts Counselling//Bookings//EN";
