/**
 * CSV as RFC 4180 describes it (CRLF lines, quoted fields, doubled quotes), made safe to open in
 * a spreadsheet: a cell that starts like a formula is prefixed with an apostrophe. A cell holding
 * a `;` is quoted as well as one holding a `,`: Excel outside English locales (French, German,
 * Portuguese…) splits a CSV on `;`, and `Ade;=cmd|' /C calc'!A0` unquoted would become two cells,
 * the second a formula. Quoted, both separators leave it one cell that starts with "Ade".
 * A time is written in Lagos time with its offset, as the inbox shows it (issue 41, item 10).
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? lagosCsvTime(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}

/** "2026-12-07 09:00 +01:00": Lagos keeps UTC+1 all year, and a spreadsheet reads it as a time. */
export function lagosCsvTime(at: Date): string {
  if (Number.isNaN(at.getTime())) return "";
  const lagos = new Date(at.getTime() + 3_600_000).toISOString();
  return `${lagos.slice(0, 10)} ${lagos.slice(11, 16)} +01:00`;
}

/**
 * U+2060 WORD JOINER: invisible, and not a digit, a sign or a space. In front of a phone number
 * it keeps Excel and Google Sheets from reading "08031112222" as the number 8031112222 or
 * "+234 803…" as a formula, without the apostrophe that a spreadsheet opening a CSV shows.
 */
const AS_WRITTEN = "\u2060";

/**
 * A phone number as the visitor wrote it, for a cell: only what a number is written with gets the
 * invisible mark; anything else is left to csvCell, which neutralises a formula the usual way.
 */
export function phoneCell(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  return /^[+\d\s().-]+$/.test(text) && /\d/.test(text) ? AS_WRITTEN + text : text;
}
