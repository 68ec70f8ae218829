/**
 * Defence in depth for the plain-text e-mails built from what visitors typed. The form schemas
 * already refuse these characters, but stored rows from before that rule (or a future path that
 * skips a schema) must still not forge a line such as "Phone: …" in the practice's e-mail, nor
 * reorder text with bidirectional overrides.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/g;
const MULTI_LINE =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/g;

/** A value shown on one line of an e-mail: every control character becomes one space. */
export function oneLine(value: string | undefined): string {
  return (value ?? "").replace(SINGLE_LINE, " ").trim();
}

/** A visitor's message: line breaks and tabs kept, other control characters removed. */
export function multiLine(value: string | undefined): string {
  return (value ?? "").replace(/\r\n?/g, "\n").replace(MULTI_LINE, "");
}

/** Every value of a stored payload on one line, for templates that show them as fields. */
export function oneLineAll(payload: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, oneLine(v)]));
}
