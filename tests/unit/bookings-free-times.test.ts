import { afterEach, describe, expect, it } from "vitest";
import { defaultBookingRules as rules } from "~/lib/bookings/booking-rules";
import { firstAvailable, timesWithAnyCounsellor } from "~/lib/bookings/first-available";
import { type CounsellorDiary, freeTimes } from "~/lib/bookings/free-times";
import { lagosDateTimeValue, lagosDayOf, lagosMinutesOf } from "~/lib/bookings/lagos-time";
import { officeHours } from "~/lib/bookings/weekly-hours";

// Thursday 3 December 2026, 10:00 in Lagos
const now = Date.parse("2026-12-03T10:00:00+01:00");
const lagos = (wall: string) => Date.parse(`${wall}:00+01:00`);
const span = (from: string, to: string) => ({ start: lagos(from), end: lagos(to) });
const diary = (id: string, more: Partial<CounsellorDiary> = {}): CounsellorDiary => ({
  id,
  hours: officeHours,
  busy: [],
  timeOff: [],
  ...more,
});
const on = (date: string, times: number[]) =>
  times
    .map(lagosDateTimeValue)
    .filter((t) => t.startsWith(date))
    .map((t) => t.slice(11));

describe("free times", () => {
  const times = freeTimes(diary("ada"), rules, now);

  it("offers nothing inside the 24 hours' notice: the first time is Friday at 10:00", () => {
    expect(lagosDateTimeValue(times[0]!)).toBe("2026-12-04T10:00");
  });

  it("offers the office hours' grid: Monday 9:00 to a last hour at 17:00, every half hour", () => {
    expect(on("2026-12-07", times)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
    ]);
    expect(on("2026-12-05", times)).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
    ]);
  });

  it("offers nothing on a Sunday and nothing outside the hours", () => {
    expect(times.filter((t) => lagosDayOf(t).weekday === 7)).toEqual([]);
    for (const t of times) {
      const minutes = lagosMinutesOf(t);
      const saturday = lagosDayOf(t).weekday === 6;
      expect(minutes).toBeGreaterThanOrEqual(saturday ? 600 : 540);
      expect(minutes + rules.sessionMinutes).toBeLessThanOrEqual(saturday ? 960 : 1080);
    }
  });

  it("stops at the four weeks' horizon", () => {
    expect(lagosDateTimeValue(times.at(-1)!)).toBe("2026-12-31T09:30");
  });

  it("keeps the buffer free around a booking or a busy time", () => {
    const booked = freeTimes(
      diary("ada", { busy: [span("2026-12-07T11:00", "2026-12-07T12:00")] }),
      rules,
      now,
    );
    // 10:00 would end at 11:00 with no pause; 12:00 would start right after; 12:30 clears 12:15
    expect(on("2026-12-07", booked).slice(0, 4)).toEqual(["09:00", "09:30", "12:30", "13:00"]);
  });

  it("offers nothing on a day off or a range of days off", () => {
    const away = freeTimes(
      diary("ada", {
        timeOff: [
          { from: "2026-12-08", to: "2026-12-08" },
          { from: "2026-12-23", to: "2026-12-26" },
        ],
      }),
      rules,
      now,
    );
    for (const date of ["2026-12-08", "2026-12-23", "2026-12-24", "2026-12-25", "2026-12-26"]) {
      expect(on(date, away), date).toEqual([]);
    }
    expect(on("2026-12-09", away)).toHaveLength(17);
  });

  it("offers nothing in the past when no notice is asked", () => {
    const soon = freeTimes(diary("ada"), { ...rules, noticeMinutes: 0 }, now + 10 * 60_000);
    expect(lagosDateTimeValue(soon[0]!)).toBe("2026-12-03T10:30");
  });
});

describe("free times whatever the server's time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(["America/New_York", "Pacific/Kiritimati", "Asia/Kolkata", "UTC"])(
    "are the same with TZ=%s",
    (zone) => {
      const expected = freeTimes(diary("ada"), rules, now).map(lagosDateTimeValue);
      process.env.TZ = zone;
      // the zone really changed for this process (Kiritimati is UTC+14, New York UTC-5 in December)
      if (zone === "Pacific/Kiritimati") expect(new Date(now).getTimezoneOffset()).toBe(-840);
      if (zone === "America/New_York") expect(new Date(now).getTimezoneOffset()).toBe(300);
      const times = freeTimes(diary("ada"), rules, now).map(lagosDateTimeValue);
      expect(times).toEqual(expected);
      expect(times[0]).toBe("2026-12-04T10:00");
      expect(times.some((t) => t.startsWith("2026-12-06"))).toBe(false);
    },
  );
});

describe("the first available counsellor", () => {
  const fridayMorning = span("2026-12-04T09:00", "2026-12-04T13:00");

  it("is whoever is free soonest", () => {
    const found = firstAvailable(
      [diary("ada", { busy: [fridayMorning] }), diary("ben")],
      rules,
      now,
    );
    expect(found && { ...found, start: lagosDateTimeValue(found.start) }).toEqual({
      counsellorId: "ben",
      start: "2026-12-04T10:00",
    });
  });

  it("is the first in the team's order when two are free at once", () => {
    expect(firstAvailable([diary("ben"), diary("ada")], rules, now)?.counsellorId).toBe("ben");
  });

  it("is nobody when nobody is free", () => {
    const away = { timeOff: [{ from: "2026-12-01", to: "2027-01-31" }] };
    expect(firstAvailable([diary("ada", away)], rules, now)).toBeUndefined();
  });

  it("lists each time with everyone free then", () => {
    const shared = timesWithAnyCounsellor(
      [diary("ada", { busy: [fridayMorning] }), diary("ben")],
      rules,
      now,
    );
    expect(shared.slice(0, 2).map((s) => [lagosDateTimeValue(s.start), s.counsellorIds])).toEqual([
      ["2026-12-04T10:00", ["ben"]],
      ["2026-12-04T10:30", ["ben"]],
    ]);
    const afternoon = shared.find((s) => lagosDateTimeValue(s.start) === "2026-12-04T14:00");
    expect(afternoon?.counsellorIds).toEqual(["ada", "ben"]);
  });
});

describe("the speed of free times", () => {
  it("answers for 5 counsellors over 4 weeks with 2,000 bookings and 500 busy events in under 50 ms", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // bookings over the last five months and the next four weeks; busy events in the four weeks;
    // all of them in working hours, where they cost the most
    const startOf = (days: number) =>
      lagos("2026-12-04T09:00") +
      Math.floor(random() * days) * 86_400_000 +
      Math.floor(random() * 17) * 30 * 60_000;
    const diaries = ["ada", "ben", "chi", "dayo", "efe"].map((id) => diary(id));
    for (let i = 0; i < 2_000; i++) {
      const start = startOf(178) - 150 * 86_400_000;
      (diaries[i % 5]!.busy as { start: number; end: number }[]).push({
        start,
        end: start + 3_600_000,
      });
    }
    for (let i = 0; i < 500; i++) {
      const start = startOf(28);
      (diaries[i % 5]!.busy as { start: number; end: number }[]).push({
        start,
        end: start + Math.floor(random() * 4 + 1) * 1_800_000,
      });
    }
    const timings: number[] = [];
    let offered = 0;
    for (let run = 0; run < 7; run++) {
      const begun = process.cpuUsage();
      offered = diaries.reduce((sum, d) => sum + freeTimes(d, rules, now).length, 0);
      firstAvailable(diaries, rules, now);
      const spent = process.cpuUsage(begun);
      timings.push((spent.user + spent.system) / 1000);
    }
    // processor time, not the clock's: on a shared machine the clock also counts waits for a core
    const fastest = Math.min(...timings);
    console.log(`free times: fastest ${fastest.toFixed(2)} ms of CPU, ${offered} times offered`);
    expect(offered).toBeGreaterThan(100);
    expect(fastest).toBeLessThan(50);
  });
});
