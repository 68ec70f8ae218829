import { describe, expect, it } from "vitest";
import {
  checkBusyFeedUrl,
  parseRulesForm,
  parseTimeOffForm,
} from "../../app/lib/admin/booking-settings-form";

/** A rules form as the page posts it: office hours, then `changes`. */
function rulesForm(changes: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    bufferMinutes: "15",
    noticeHours: "24",
    horizonDays: "28",
  };
  for (const day of ["mon", "tue", "wed", "thu", "fri"]) {
    fields[`${day}-1-start`] = "09:00";
    fields[`${day}-1-end`] = "18:00";
  }
  fields["sat-1-start"] = "10:00";
  fields["sat-1-end"] = "16:00";
  for (const [name, value] of Object.entries({ ...fields, ...changes })) form.set(name, value);
  return form;
}

describe("a counsellor's weekly hours and rules, as the settings form posts them", () => {
  it("reads the office hours as minutes, Monday first, with Sunday closed", () => {
    const parsed = parseRulesForm(rulesForm());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rules.weeklyHours[0]).toEqual([{ start: 540, end: 1080 }]);
    expect(parsed.rules.weeklyHours[5]).toEqual([{ start: 600, end: 960 }]);
    expect(parsed.rules.weeklyHours[6]).toEqual([]);
    expect(parsed.rules).toMatchObject({ bufferMinutes: 15, noticeHours: 24, horizonDays: 28 });
  });

  it("takes two periods a day with a break, in either order", () => {
    const parsed = parseRulesForm(
      rulesForm({
        "mon-1-start": "14:00",
        "mon-1-end": "17:30",
        "mon-2-start": "09:00",
        "mon-2-end": "12:00",
      }),
    );
    expect(parsed.ok && parsed.rules.weeklyHours[0]).toEqual([
      { start: 540, end: 720 },
      { start: 840, end: 1050 },
    ]);
  });

  it("says at the end field when a period ends before it starts", () => {
    const parsed = parseRulesForm(rulesForm({ "tue-1-start": "17:00", "tue-1-end": "09:00" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors["tue-1-end"]).toBe("The end on Tuesday must be after its start (17:00).");
    expect(parsed.typed["tue-1-start"]).toBe("17:00");
  });

  it("asks for the missing half of a period, and for a time it can read", () => {
    const parsed = parseRulesForm(rulesForm({ "wed-1-end": "", "thu-1-start": "9am" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors["wed-1-end"]).toBe("Please give the end time on Wednesday.");
    expect(parsed.errors["thu-1-start"]).toMatch(/as hours and minutes, like 09:00/);
  });

  it("refuses two periods that overlap, and one too short for a session", () => {
    const overlap = parseRulesForm(rulesForm({ "fri-2-start": "17:00", "fri-2-end": "19:00" }));
    expect(!overlap.ok && overlap.errors["fri-2-start"]).toMatch(/overlap.*18:00/);
    const short = parseRulesForm(rulesForm({ "sat-1-start": "10:00", "sat-1-end": "10:10" }));
    expect(!short.ok && short.errors["sat-1-end"]).toMatch(/too short/);
  });

  it("keeps the buffer, notice and horizon within sane bounds", () => {
    const parsed = parseRulesForm(
      rulesForm({ bufferMinutes: "-5", noticeHours: "99999", horizonDays: "" }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.bufferMinutes).toBe(
      "The break between sessions must be a whole number of minutes from 0 to 120.",
    );
    expect(parsed.errors.noticeHours).toMatch(/from 0 to 336/);
    expect(parsed.errors.horizonDays).toBe("Please give the time ahead, in days.");
  });
});

describe("time off, as the settings form posts it", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  const today = "2026-11-28";

  it("takes one day when the last day is left empty, with its note", () => {
    expect(parseTimeOffForm(form({ from: "2026-12-24", note: " Christmas " }), today)).toEqual({
      ok: true,
      timeOff: { from: "2026-12-24", to: "2026-12-24", note: "Christmas" },
    });
  });

  it("takes a range, and refuses one that ends before it starts", () => {
    expect(parseTimeOffForm(form({ from: "2026-12-24", to: "2026-12-28" }), today)).toMatchObject({
      ok: true,
      timeOff: { from: "2026-12-24", to: "2026-12-28" },
    });
    const backwards = parseTimeOffForm(form({ from: "2026-12-24", to: "2026-12-20" }), today);
    expect(!backwards.ok && backwards.errors.to).toBe(
      "The last day must be on or after the first day (2026-12-24).",
    );
  });

  it("refuses a date that does not exist, days already past and a year-long slip", () => {
    const bad = parseTimeOffForm(form({ from: "2026-02-30" }), today);
    expect(!bad.ok && bad.errors.from).toMatch(/as a date/);
    const past = parseTimeOffForm(form({ from: "2026-11-01", to: "2026-11-02" }), today);
    expect(!past.ok && past.errors.to).toBe("Those days are already past.");
    const long = parseTimeOffForm(form({ from: "2026-12-01", to: "2028-01-01" }), today);
    expect(!long.ok && long.errors.to).toMatch(/more than a year/);
  });
});

describe("a counsellor's own calendar address", () => {
  it("takes Google's secret iCal address, and webcal:// as https", () => {
    const google =
      "https://calendar.google.com/calendar/ical/adaeze%40kindredhearts.ng/private-0123456789abcdef/basic.ics";
    expect(checkBusyFeedUrl(google)).toEqual({ ok: true, url: google });
    expect(checkBusyFeedUrl("webcal://p42-caldav.icloud.com/published/2/abc")).toEqual({
      ok: true,
      url: "https://p42-caldav.icloud.com/published/2/abc",
    });
  });

  it("refuses plain http except to this machine, and never repeats the address", () => {
    const refused = checkBusyFeedUrl("http://calendar.example.org/secret-123.ics");
    expect(refused).toEqual({
      ok: false,
      message: "The address must start with https:// (a private, encrypted link).",
    });
    expect(checkBusyFeedUrl("http://127.0.0.1:8080/feed.ics").ok).toBe(true);
    expect(checkBusyFeedUrl("not a link secret-123").ok).toBe(false);
    expect(JSON.stringify(checkBusyFeedUrl("ftp://x/secret-123"))).not.toContain("secret-123");
  });
});
