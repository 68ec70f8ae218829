import { describe, expect, it } from "vitest";
import { parseClock } from "~/content/clock";
import { documents } from "~/content/documents";

describe("times as people type them", () => {
  it.each([
    ["7pm", "19:00"],
    ["7 pm", "19:00"],
    ["7 PM", "19:00"],
    ["7:00 PM", "19:00"],
    ["7.30pm", "19:30"],
    ["7:30 p.m.", "19:30"],
    ["19:00", "19:00"],
    ["09:00", "09:00"],
    ["9:00", "09:00"],
    ["0900", "09:00"],
    ["9am", "09:00"],
    ["12pm", "12:00"],
    ["12am", "00:00"],
    ["noon", "12:00"],
    ["7", undefined],
    ["25:00", undefined],
    ["13pm", undefined],
    ["7:75pm", undefined],
    ["seven", undefined],
  ])("%s → %s", (typed, kept) => expect(parseClock(typed)).toBe(kept));

  const row = documents.site.schema.shape.openingHours.element;
  it("the office hours row keeps 24-hour time and refuses what is not a time", () => {
    const parsed = row.parse({
      label: "Monday to Friday",
      days: [1, 2],
      opens: "9am",
      closes: "7pm",
    });
    expect(parsed).toMatchObject({ opens: "09:00", closes: "19:00" });
    const refused = row.safeParse({ label: "Monday", days: [1], opens: "7", closes: "19:00" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/am or pm/);
  });

  it("a row that opens must close, and after it opens", () => {
    expect(row.safeParse({ label: "Sat", days: [6], opens: "10:00" }).success).toBe(false);
    expect(row.safeParse({ label: "Sat", days: [6], opens: "5pm", closes: "9am" }).success).toBe(
      false,
    );
    expect(row.safeParse({ label: "Sun", days: [7] }).success).toBe(true);
  });
});
