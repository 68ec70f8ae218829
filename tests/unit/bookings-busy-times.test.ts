import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { busyTimesFromIcs, MAX_FEED_CHARS } from "../../server/bookings/busy-times-from-ics";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/calendars/${name}`, import.meta.url), "utf8");
const google = fixture("google-export.ics");
const at = (iso: string) => Date.parse(iso);
const december = { start: at("2026-12-01T00:00:00+01:00"), end: at("2026-12-29T00:00:00+01:00") };
const iso = (span: { start: number; end: number }) => [
  new Date(span.start).toISOString(),
  new Date(span.end).toISOString(),
];

function busyIn(text: string, window: { start: number; end: number }) {
  const result = busyTimesFromIcs(text, window);
  if (!result.ok) throw new Error(result.problem);
  return result.busy.map(iso);
}

describe("busy times from a counsellor's Google Calendar export", () => {
  const busy = busyIn(google, december);

  it("reads a single event given in UTC", () => {
    expect(busy).toContainEqual(["2026-12-07T10:00:00.000Z", "2026-12-07T11:00:00.000Z"]);
  });

  it("repeats a weekly event in Lagos time, leaving out its EXDATE", () => {
    const clinics = busy.filter(([start]) => start!.endsWith("T13:00:00.000Z"));
    expect(clinics.map(([start]) => start!.slice(0, 10))).toEqual([
      "2026-12-01",
      "2026-12-03",
      // 8 December is an EXDATE; 10 December was moved; 15 December was cancelled
      "2026-12-17",
      "2026-12-22",
      "2026-12-24",
    ]);
  });

  it("takes a moved instance at its new time and drops a cancelled one", () => {
    expect(busy.filter(([start]) => start === "2026-12-10T15:00:00.000Z")).toEqual([
      ["2026-12-10T15:00:00.000Z", "2026-12-10T16:00:00.000Z"],
    ]);
    expect(busy.some(([start]) => start!.startsWith("2026-12-15T13"))).toBe(false);
  });

  it("makes an all-day event busy for its whole Lagos days", () => {
    expect(busy).toContainEqual(["2026-12-23T23:00:00.000Z", "2026-12-25T23:00:00.000Z"]);
  });

  it("ignores events marked free and cancelled events", () => {
    expect(busy.some(([start]) => start === "2026-12-09T12:00:00.000Z")).toBe(false);
    expect(busy.some(([start]) => start === "2026-12-11T09:00:00.000Z")).toBe(false);
  });

  it("reaches today in a daily series begun years ago, with its DURATION", () => {
    const readings = busy.filter(([start]) => start!.endsWith("T06:00:00.000Z"));
    expect(readings).toHaveLength(28);
    expect(readings[0]).toEqual(["2026-12-01T06:00:00.000Z", "2026-12-01T06:30:00.000Z"]);
  });

  it("gives nothing for a series that ended before the window", () => {
    expect(busy.some(([start]) => start!.endsWith("T11:00:00.000Z"))).toBe(false);
  });

  it("follows the feed's own time zone across a change of the clocks", () => {
    const march = { start: at("2027-03-12T00:00:00Z"), end: at("2027-03-16T00:00:00Z") };
    expect(busyIn(google, march).filter(([start]) => !start!.endsWith("T06:00:00.000Z"))).toEqual([
      ["2027-03-12T14:00:00.000Z", "2027-03-12T15:00:00.000Z"],
      ["2027-03-13T14:00:00.000Z", "2027-03-13T15:00:00.000Z"],
      // New York moves to summer time on 14 March 2027
      ["2027-03-14T13:00:00.000Z", "2027-03-14T14:00:00.000Z"],
      ["2027-03-15T13:00:00.000Z", "2027-03-15T14:00:00.000Z"],
    ]);
  });

  it("keeps only what touches the window", () => {
    const day = { start: at("2026-12-07T00:00:00+01:00"), end: at("2026-12-08T00:00:00+01:00") };
    expect(busyIn(google, day)).toEqual([
      ["2026-12-07T06:00:00.000Z", "2026-12-07T06:30:00.000Z"],
      ["2026-12-07T10:00:00.000Z", "2026-12-07T11:00:00.000Z"],
    ]);
  });
});

describe("busy times from other calendars", () => {
  it("reads a zone the feed names without defining it, and a floating time as Lagos time", () => {
    expect(busyIn(fixture("no-timezone-blocks.ics"), december)).toEqual([
      ["2026-12-09T09:00:00.000Z", "2026-12-09T10:30:00.000Z"],
      ["2026-12-10T08:00:00.000Z", "2026-12-10T09:00:00.000Z"],
    ]);
  });

  it("stops a series that repeats every minute at the step limit, and says so", () => {
    const everyMinute = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//EN",
      "BEGIN:VEVENT",
      "UID:every-minute@example.org",
      "DTSTAMP:20261128T120000Z",
      "DTSTART:20260101T000000Z",
      "DTEND:20260101T000100Z",
      "RRULE:FREQ=MINUTELY",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    expect(busyTimesFromIcs(everyMinute, december)).toEqual({ ok: true, busy: [], cut: true });
  });

  it("says a feed is unreadable instead of throwing", () => {
    expect(busyTimesFromIcs("<html>Sign in to Google</html>", december)).toEqual({
      ok: false,
      problem: "unreadable",
    });
  });

  it("refuses a feed over the size limit before parsing it", () => {
    expect(busyTimesFromIcs("X".repeat(MAX_FEED_CHARS + 1), december)).toEqual({
      ok: false,
      problem: "too-large",
    });
  });
});
