import { describe, expect, it } from "vitest";
import { practice } from "~/content/site";
import { formatTime, localTime, localTimeByIntl, openingStatus } from "~/lib/opening-hours";

// Lagos is UTC+1 all year (no daylight saving).
const at = (iso: string) => openingStatus(new Date(iso), practice.openingHours, "Africa/Lagos");

describe("office hours in Lagos time", () => {
  it("formats times as the spec prints them", () => {
    expect(formatTime("09:00")).toBe("9:00 AM");
    expect(formatTime("18:00")).toBe("6:00 PM");
    expect(formatTime("12:30")).toBe("12:30 PM");
  });

  it("is open on a weekday between 9 AM and 6 PM WAT", () => {
    // Monday 23 November 2026, 08:30 UTC = 9:30 AM in Lagos
    expect(at("2026-11-23T08:30:00Z")).toEqual({ open: true, text: "Open now, until 6:00 PM" });
  });

  it("opens later today before 9 AM, tomorrow after 6 PM", () => {
    expect(at("2026-11-23T07:00:00Z").text).toBe("Closed, opens today at 9:00 AM");
    expect(at("2026-11-23T17:00:00Z").text).toBe("Closed, opens tomorrow at 9:00 AM");
  });

  it("keeps Saturday's shorter hours and is closed on Sunday", () => {
    // Saturday 28 November 2026, 2 PM Lagos
    expect(at("2026-11-28T13:00:00Z")).toEqual({ open: true, text: "Open now, until 4:00 PM" });
    // Saturday 5 PM Lagos → Sunday closed → Monday
    expect(at("2026-11-28T16:00:00Z").text).toBe("Closed, opens Monday at 9:00 AM");
    expect(at("2026-11-29T12:00:00Z").text).toBe("Closed, opens tomorrow at 9:00 AM");
  });
});

describe("local time without the browser's time-zone data", () => {
  it("gives Lagos and UTC the same day and minute as Intl, across midnights, weeks and years", () => {
    const start = Date.parse("2026-12-27T00:00:00Z");
    for (let step = 0; step < 24 * 9; step++) {
      const now = new Date(start + step * 47 * 60_000);
      for (const zone of ["Africa/Lagos", "UTC"])
        expect(localTime(now, zone), `${zone} ${now.toISOString()}`).toEqual(
          localTimeByIntl(now, zone),
        );
    }
  });

  it("still asks Intl for a zone whose clocks change", () => {
    // 1 July 2026, 12:00 UTC is 13:00 in London (summer time), a Wednesday.
    expect(localTime(new Date("2026-07-01T12:00:00Z"), "Europe/London")).toEqual({
      day: 3,
      minutes: 13 * 60,
    });
  });
});
