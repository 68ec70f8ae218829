/** A booked session as the "Add to Google Calendar" link in the visitor's e-mail and page. */
export interface CalendarLinkEvent {
  title: string;
  start: number;
  end: number;
  details: string;
  location: string;
}

/** 20261207T080000Z: UTC, so Google shows it at the right time in whatever zone the visitor is. */
const utcStamp = (instant: number) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Google Calendar's event template link, prefilled; the visitor saves it with one press. */
export function googleCalendarLink(event: CalendarLinkEvent): string {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", event.title);
  url.searchParams.set("dates", `${utcStamp(event.start)}/${utcStamp(event.end)}`);
  url.searchParams.set("details", event.details);
  url.searchParams.set("location", event.location);
  return url.toString();
}
