import { type CalendarEvent, eventLines, PRODID } from "./calendar-event";
import { icsFile } from "./ics-text";

/** The `text/calendar` part of a visitor's booking e-mail. */
export interface BookingInvite {
  filename: string;
  contentType: string;
  method: "REQUEST" | "CANCEL";
  content: string;
}

/**
 * The invite attached to the visitor's e-mail (RFC 5545, with RFC 5546's methods): REQUEST when
 * booked or moved (same UID, higher SEQUENCE), CANCEL when cancelled. Mail apps offer to add,
 * update or remove the event. It names the practice as organiser and the visitor as attendee, as
 * RFC 5546 requires of both methods, with the visitor's part already accepted.
 */
export function bookingInvite(
  event: CalendarEvent & Required<Pick<CalendarEvent, "organizer" | "attendee">>,
  now: number,
): BookingInvite {
  const method = event.cancelled ? "CANCEL" : "REQUEST";
  const content = icsFile([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...eventLines(event, now),
    "END:VCALENDAR",
  ]);
  return {
    filename: event.cancelled ? "cancelled.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    method,
    content,
  };
}
