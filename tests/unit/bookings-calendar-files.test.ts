import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { googleCalendarLink } from "~/lib/bookings/google-calendar-link";
import { bookingInvite } from "../../server/bookings/booking-invite";
import { busyTimesFromIcs } from "../../server/bookings/busy-times-from-ics";
import { bookingUid, type CalendarEvent } from "../../server/bookings/calendar-event";
import { counsellorFeed } from "../../server/bookings/counsellor-feed";
import { foldLine } from "../../server/bookings/ics-text";

const now = Date.parse("2026-12-03T09:00:00Z");
const start = Date.parse("2026-12-07T09:00:00+01:00");
const booking = {
  uid: bookingUid("8f3a2c", "kindredhearts.ng"),
  sequence: 0,
  start,
  end: start + 3_600_000,
  summary: "Couples counselling; with Dr. Adaeze Okafor, Kindred Hearts",
  location: "14 Admiralty Way, Lekki Phase 1, Lagos",
  description:
    "Your first session with Dr. Adaeze Okafor.\nTo move or cancel it, reply to this e-mail at least 24 hours before.\nA back\\slash, Ọ̀rẹ́ and 🙂 stay as they are, even when a line is folded in the middle of them.",
  organizer: { name: "Kindred Hearts Counselling", email: "bookings@kindredhearts.ng" },
  attendee: { name: "Ngozi, Adebayo", email: "ngozi@example.com" },
} satisfies CalendarEvent;

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent("vevent")!) };
}

describe("the invite attached to a booking e-mail", () => {
  const invite = bookingInvite(booking, now);
  const { calendar, event } = parse(invite.content);

  it("is a text/calendar REQUEST a calendar app reads at the booked time", () => {
    expect(invite.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(event.uid).toBe("booking-8f3a2c@kindredhearts.ng");
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-07T08:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-07T09:00:00.000Z");
    const stamp = event.component.getFirstPropertyValue("dtstamp") as ICAL.Time;
    expect(stamp.toJSDate().getTime()).toBe(now);
    expect(event.organizer).toBe("mailto:bookings@kindredhearts.ng");
    expect(event.attendees[0]?.getParameter("cn")).toBe("Ngozi, Adebayo");
  });

  it("keeps commas, semicolons, backslashes, newlines and other scripts word for word", () => {
    expect(event.summary).toBe(booking.summary);
    expect(event.location).toBe(booking.location);
    expect(event.description).toBe(booking.description);
  });

  it("ends every line in CRLF and folds none longer than 75 octets", () => {
    expect(invite.content.endsWith("\r\n")).toBe(true);
    expect(invite.content.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = invite.content.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
  });

  it("moves a booking with the same UID and a higher SEQUENCE", () => {
    const moved = bookingInvite(
      { ...booking, sequence: 1, start: start + 86_400_000, end: start + 90_000_000 },
      now,
    );
    const parsed = parse(moved.content);
    expect(parsed.calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(parsed.event.uid).toBe(event.uid);
    expect(parsed.event.sequence).toBe(1);
    expect(parsed.event.startDate.toJSDate().toISOString()).toBe("2026-12-08T08:00:00.000Z");
  });

  it("cancels a booking with METHOD:CANCEL and STATUS:CANCELLED", () => {
    const cancelled = bookingInvite({ ...booking, sequence: 2, cancelled: true }, now);
    const parsed = parse(cancelled.content);
    expect(cancelled.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(parsed.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(parsed.event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(parsed.event.uid).toBe(event.uid);
    expect(parsed.event.sequence).toBe(2);
  });
});

describe("folding a line", () => {
  it("leaves a line of exactly 75 octets alone and folds one of 76", () => {
    expect(foldLine("A".repeat(75))).toBe("A".repeat(75));
    expect(foldLine("A".repeat(76))).toBe(`${"A".repeat(75)}\r\n A`);
  });

  it("never cuts a character's octets in two", () => {
    const folded = foldLine(`DESCRIPTION:${"é".repeat(40)}`);
    for (const line of folded.split("\r\n")) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"é".repeat(40)}`);
  });
});

describe("a counsellor's calendar feed", () => {
  const events: CalendarEvent[] = [
    booking,
    {
      ...booking,
      uid: bookingUid("91bd07", "kindredhearts.ng"),
      start: start + 7_200_000,
      end: start + 10_800_000,
    },
    { ...booking, uid: bookingUid("c0ffee", "kindredhearts.ng"), cancelled: true },
  ];
  const feed = counsellorFeed({ name: "Dr. Adaeze Okafor, Kindred Hearts", events }, now);
  const calendar = new ICAL.Component(ICAL.parse(feed) as unknown[]);

  it("lists every booking but the cancelled, with no invitation method", () => {
    const uids = calendar.getAllSubcomponents("vevent").map((v) => v.getFirstPropertyValue("uid"));
    expect(uids).toEqual(["booking-8f3a2c@kindredhearts.ng", "booking-91bd07@kindredhearts.ng"]);
    expect(calendar.getFirstPropertyValue("method")).toBeNull();
    expect(feed).toContain("X-WR-CALNAME:Dr. Adaeze Okafor\\, Kindred Hearts\r\n");
    // ical.js types neither name, so the escaped text is checked as written
    expect(feed).toContain("\r\nNAME:Dr. Adaeze Okafor\\, Kindred Hearts\r\n");
  });

  it("names no attendee: the visitor's address stays out of a subscribed calendar", () => {
    expect(feed).not.toContain("ngozi@example.com");
  });

  it("reads back as the same busy times through the busy-time reader", () => {
    const result = busyTimesFromIcs(feed, { start: now, end: now + 28 * 86_400_000 });
    expect(result).toEqual({
      ok: true,
      cut: false,
      busy: [
        { start, end: start + 3_600_000 },
        { start: start + 7_200_000, end: start + 10_800_000 },
      ],
    });
  });
});

describe("the Add to Google Calendar link", () => {
  it("carries the title, the UTC times, the details and the place", () => {
    const url = new URL(
      googleCalendarLink({
        title: booking.summary,
        start,
        end: start + 3_600_000,
        details: booking.description,
        location: booking.location,
      }),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20261207T080000Z/20261207T090000Z");
    expect(url.searchParams.get("text")).toBe(booking.summary);
    expect(url.searchParams.get("details")).toBe(booking.description);
    expect(url.searchParams.get("location")).toBe(booking.location);
  });
});
