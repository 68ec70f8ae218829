import { describe, expect, it } from "vitest";
import { defaultBookingRules as rules } from "~/lib/bookings/booking-rules";
import { checkRequestedTime, timeProblemMessage } from "~/lib/bookings/check-requested-time";
import { type CounsellorDiary, freeTimes } from "~/lib/bookings/free-times";
import { lagosDateTimeValue } from "~/lib/bookings/lagos-time";
import { dayGrid } from "~/lib/bookings/slot-grid";
import { lagosDayOf } from "~/lib/bookings/lagos-time";
import { officeHours } from "~/lib/bookings/weekly-hours";

// Thursday 3 December 2026, 10:00 in Lagos
const now = Date.parse("2026-12-03T10:00:00+01:00");
const ada: CounsellorDiary = {
  id: "ada",
  hours: officeHours,
  busy: [
    {
      start: Date.parse("2026-12-07T11:00:00+01:00"),
      end: Date.parse("2026-12-07T12:00:00+01:00"),
    },
  ],
  timeOff: [{ from: "2026-12-24", to: "2026-12-24" }],
};
const check = (time: string, counsellorId = "ada") =>
  checkRequestedTime({ counsellorId, time }, [ada], rules, now);

describe("a requested booking time", () => {
  it("is accepted on the grid, with its end", () => {
    expect(check("2026-12-07T09:30")).toEqual({
      ok: true,
      counsellorId: "ada",
      start: Date.parse("2026-12-07T08:30:00Z"),
      end: Date.parse("2026-12-07T09:30:00Z"),
    });
  });

  it.each([
    ["a malformed date", "2026-02-30T09:00", "malformed"],
    ["a time that is not a time", "next Monday", "malformed"],
    ["a time in the past", "2026-12-01T09:00", "past"],
    ["a time inside the 24 hours' notice", "2026-12-04T09:30", "inside-notice"],
    ["a time beyond four weeks", "2027-01-04T09:00", "beyond-horizon"],
    ["a time on a Sunday", "2026-12-06T10:00", "closed-day"],
    ["a time before opening", "2026-12-07T08:00", "outside-hours"],
    ["a session that would end after closing", "2026-12-07T17:30", "outside-hours"],
    ["a Saturday session that would end after 16:00", "2026-12-05T15:30", "outside-hours"],
    ["a time between the grid's times", "2026-12-07T09:15", "off-grid"],
    ["a time that is booked", "2026-12-07T11:30", "unavailable"],
    ["a time inside the buffer of a booking", "2026-12-07T12:00", "unavailable"],
    ["a time on a day off", "2026-12-24T10:00", "unavailable"],
  ])("is refused for %s", (_, time, problem) => {
    expect(check(time)).toMatchObject({ ok: false, problem });
  });

  it("is refused with an unknown counsellor", () => {
    expect(check("2026-12-07T09:30", "nobody")).toEqual({
      ok: false,
      problem: "unknown-counsellor",
    });
  });

  it("names the closed day in its message", () => {
    const result = check("2026-12-06T10:00");
    expect(result).toEqual({ ok: false, problem: "closed-day", day: "Sunday" });
    if (!result.ok) {
      expect(timeProblemMessage(result, rules)).toBe(
        "We don't see clients on Sundays. Please choose another day.",
      );
    }
    expect(timeProblemMessage({ ok: false, problem: "inside-notice" }, rules)).toMatch(
      /at least 24 hours' notice/,
    );
    expect(timeProblemMessage({ ok: false, problem: "beyond-horizon" }, rules)).toMatch(
      /up to 4 weeks ahead/,
    );
  });

  it("is accepted exactly when free times offer it", () => {
    const offered = new Set(freeTimes(ada, rules, now));
    let checked = 0;
    for (
      let day = lagosDayOf(now);
      day.start < now + 30 * 86_400_000;
      day = lagosDayOf(day.start + 86_400_000)
    ) {
      for (const start of dayGrid(day, officeHours, rules)) {
        expect(check(lagosDateTimeValue(start)).ok, lagosDateTimeValue(start)).toBe(
          offered.has(start),
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });
});
