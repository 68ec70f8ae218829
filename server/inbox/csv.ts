/**
 * CSV as RFC 4180 describes it (CRLF lines, quoted fields, doubled quotes), made safe to open in
 * a spreadsheet: a cell that starts like a formula is prefixed with an apostrophe. A cell holding
 * a `;` is quoted as well as one holding a `,`: Excel outside English locales (French, German,
 * Portuguese…) splits a CSV on `;`, and `Ade;=cmd|' /C calc'!A0` unquoted would become two cells,
 * the second a formula. Quoted, both separators leave it one cell that starts with "Ade".
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? value.toISOString()
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}
