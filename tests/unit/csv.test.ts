import { describe, expect, it } from "vitest";
import { csvCell, csvLine, lagosCsvTime, phoneCell } from "../../server/inbox/csv";

describe("CSV export", () => {
  it("quotes fields with commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvLine([1, "x", null])).toBe("1,x,\r\n");
  });

  it("defuses cells that a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+2348030000000")).toBe("'+2348030000000");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("keeps a cell with a semicolon whole, for spreadsheets that split on `;`, and neutralises the formula after it", () => {
    const attack = "Ade;=cmd|' /C calc'!A0";
    expect(csvCell(attack)).toBe(`"${attack}"`);
    expect(csvCell("Ade,=cmd|' /C calc'!A0")).toBe(`"Ade,=cmd|' /C calc'!A0"`);
    expect(csvCell("=1;=2")).toBe(`"'=1;=2"`);
    // Split on either separator, honouring quotes as Excel does, each line is one cell per field.
    for (const separator of [",", ";"]) {
      const line = csvLine(["x", attack]).replace(/\r\n$/, "");
      const cells = splitQuoted(line, separator);
      expect(
        cells.some((c) => /^[=+\-@]/.test(c)),
        separator,
      ).toBe(false);
    }
  });

  it("writes a time in Lagos time with its offset, as the inbox shows it", () => {
    expect(csvCell(new Date("2026-12-07T08:00:00Z"))).toBe("2026-12-07 09:00 +01:00");
    // 23:30 UTC is already the next day in Lagos.
    expect(csvCell(new Date("2026-11-30T23:30:59Z"))).toBe("2026-12-01 00:30 +01:00");
    expect(lagosCsvTime(new Date("nonsense"))).toBe("");
  });

  it("writes a phone number as the visitor wrote it: not a number, not a formula, no apostrophe", () => {
    for (const phone of ["08031112222", "+234 803 111 2222", "(0803) 111-2222", "-0803"]) {
      const cell = csvCell(phoneCell(phone));
      // Only the invisible word joiner in front: what a spreadsheet shows is what was typed.
      expect(cell, phone).toBe(`\u2060${phone}`);
      expect(cell.replace("\u2060", ""), phone).toBe(phone);
      expect(/^[=+\-@'\d]/.test(cell), phone).toBe(false);
    }
    // Anything that is not only what a number is written with is left to the formula rule.
    expect(csvCell(phoneCell("=1+2"))).toBe("'=1+2");
    expect(csvCell(phoneCell("+1;=cmd|' /C calc'!A0"))).toBe(`"'+1;=cmd|' /C calc'!A0"`);
    expect(phoneCell("")).toBe("");
    expect(phoneCell(undefined)).toBe("");
  });
});

/** A line split as a spreadsheet does with `separator` as its list separator, quotes honoured. */
function splitQuoted(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}
