/**
 * CSV as RFC 4180 describes it (CRLF lines, quoted fields, doubled quotes), made safe to open in
 * a spreadsheet: a cell that starts like a formula is prefixed with an apostrophe.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? value.toISOString()
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}
