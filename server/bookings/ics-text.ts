/**
 * The text rules of iCalendar (RFC 5545 section 3): lines end in CRLF, a line longer than 75
 * octets is folded onto continuation lines that start with a space, and TEXT values escape
 * backslash, semicolon, comma and newlines.
 */

const LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value (SUMMARY, LOCATION, DESCRIPTION) escaped; other control characters are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .split("\n")
    .map(withoutControls)
    .join("\\n");
}

/** Control characters have no place in a content line (RFC 5545 3.1, CONTROL). */
const withoutControls = (value: string) =>
  [...value].filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f).join("");

/**
 * A parameter value (CN="Ada, of Kindred Hearts"): quoted when it holds ":;,", with the characters
 * a parameter cannot carry (double quotes, control characters) left out.
 */
export function paramValue(value: string): string {
  const clean = withoutControls(value).replace(/"/g, "");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/**
 * One content line folded at 75 octets (section 3.1). Counts UTF-8 octets, and never cuts a
 * character in two: a calendar app would show the halves as two broken characters.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // the continuation lines' leading space counts toward their 75
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The lines of a calendar object as its file: folded, each ending in CRLF. */
export function icsFile(lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}

/** A UTC DATE-TIME value, 20261207T080000Z. */
export function icsUtc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}
