/** What the site's CSV files start with, for Excel (server/inbox/export-columns.ts). */
const UTF8_BOM = "\uFEFF";

/**
 * A CSV file's lines as cells, quotes undone (RFC 4180, CRLF lines), so that a test compares
 * columns rather than text: a message may hold a comma or a line break. The site's files start
 * with a UTF-8 byte-order mark: a file without one is refused, and the mark is not part of the
 * first heading.
 */
export function parseCsv(file: string): string[][] {
  if (!file.startsWith(UTF8_BOM)) throw new Error("The CSV does not start with a UTF-8 BOM.");
  const text = file.slice(UTF8_BOM.length);
  const lines: string[][] = [];
  let line: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      line.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      line.push(cell);
      lines.push(line);
      line = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return lines;
}
