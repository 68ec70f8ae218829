import { describe, expect, it } from "vitest";
import { formatLagosSession, formatLagosTime } from "~/lib/bookings/format-lagos-time";
import {
  lagosDateTimeValue,
  lagosDayOf,
  lagosIso,
  parseLagosDate,
  parseLagosDateTime,
} from "~/lib/bookings/lagos-time";

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
