import { describe, expect, it, vi } from "vitest";
import { formatLagosSession, formatLagosTime } from "~/lib/bookings/format-lagos-time";
import {
  lagosDateTimeValue,
  lagosDayOf,
  lagosIso,
  parseLagosDate,
  parseLagosDateTime,
} from "~/lib/bookings/lagos-time";
import { offeredWeek, startsOf } from "~/lib/bookings/page-types";

describe("Lagos time for bookings", () => {
  it("puts an instant late in the UTC evening on the next Lagos day", () => {
    // 23:30 UTC on Saturday 5 December is 00:30 on Sunday 6 December in Lagos
    expect(lagosDayOf(Date.parse("2026-12-05T23:30:00Z"))).toEqual({
      date: "2026-12-06",
      weekday: 7,
      start: Date.parse("2026-12-05T23:00:00Z"),
    });
  });

  it("reads a posted Lagos wall time as the instant an hour earlier in UTC, and writes it back", () => {
    const instant = parseLagosDateTime("2026-12-07T09:00");
    expect(instant).toBe(Date.parse("2026-12-07T08:00:00Z"));
    expect(lagosDateTimeValue(instant!)).toBe("2026-12-07T09:00");
    expect(lagosIso(instant!)).toBe("2026-12-07T09:00+01:00");
  });

  it("carries a week's free times to the page as minutes of each Lagos day, and reads them back", () => {
    const at = (value: string) => parseLagosDateTime(value)!;
    const times = {
      days: [
        { date: "2026-12-07", starts: [at("2026-12-07T00:00"), at("2026-12-07T09:00")] },
        { date: "2026-12-08", starts: [] },
        { date: "2026-12-09", starts: [at("2026-12-09T17:50"), at("2026-12-09T23:59")] },
      ],
      next: "2026-12-14",
    };
    const week = offeredWeek(times);
    expect(week).toEqual({
      days: [
        { date: "2026-12-07", minutes: [0, 540] },
        { date: "2026-12-08", minutes: [] },
        { date: "2026-12-09", minutes: [1070, 1439] },
      ],
      next: "2026-12-14",
    });
    expect(week.days.map(startsOf)).toEqual(times.days.map((d) => d.starts));
  });

  it("refuses dates and times that do not exist", () => {
    for (const value of [
      "2026-02-30T09:00",
      "2026-12-07T24:00",
      "2026-12-07T09:60",
      "2026-12-07 09:00",
      "2026-12-07T9:00",
      "",
      "tomorrow",
      "2026-12-07T09:00:00",
    ]) {
      expect(parseLagosDateTime(value), value).toBeUndefined();
    }
    expect(parseLagosDate("2026-13-01")).toBeUndefined();
    expect(parseLagosDate("2028-02-29")?.weekday).toBe(2);
  });

  it("says a session in Lagos words with the zone", () => {
    const start = Date.parse("2026-12-07T12:30:00Z");
    expect(formatLagosTime(start)).toBe("Monday 7 December 2026, 1:30 PM WAT");
    expect(formatLagosSession(start, start + 3_600_000)).toBe(
      "Monday 7 December 2026, 1:30 PM to 2:30 PM WAT",
    );
  });
});

describe("the visitor's own time beside a Lagos time", () => {
  // The zone is read when a formatter is made, and the formatters are made once per page: each
  // case loads the module afresh under its own zone, as a browser in that zone would.
  async function wordsIn(zone: string, iso: string) {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      vi.resetModules();
      const { localTimeWords } = await import("~/lib/bookings/local-time");
      return localTimeWords(Date.parse(iso));
    } finally {
      process.env.TZ = before;
    }
  }

  it("says nothing where the visitor's clock is Lagos's", async () => {
    expect(await wordsIn("Africa/Lagos", "2026-12-01T09:00:00Z")).toBeUndefined();
  });

  it("gives the hour alone when it falls on the same day", async () => {
    // 10:00 in Lagos is 04:00 in New York
    expect(await wordsIn("America/New_York", "2026-12-01T09:00:00Z")).toMatch(
      /^4:00\sAM your time$/,
    );
  });

  it("names the day when it falls on another, and keeps both ways apart for many times", async () => {
    const before = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    try {
      vi.resetModules();
      const { localTimeWords } = await import("~/lib/bookings/local-time");
      // 17:00 in Lagos on Tuesday 1 December is 01:00 on Wednesday in Tokyo; 10:00 is 18:00
      const late = Date.parse("2026-12-01T16:00:00Z");
      const early = Date.parse("2026-12-01T09:00:00Z");
      for (let i = 0; i < 3; i++) {
        expect(localTimeWords(late)).toMatch(/^Wed,? 1:00\sAM your time$/);
        expect(localTimeWords(early)).toMatch(/^6:00\sPM your time$/);
      }
    } finally {
      process.env.TZ = before;
    }
  });
});
