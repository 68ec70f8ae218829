/**
 * Lagos time for the editor. Nigeria keeps West Africa Time (UTC+1) all year, so a WAT wall-clock
 * time converts with a fixed offset; the browser's own zone never enters into it.
 */

const display = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "25 Nov 2026, 14:02 WAT" */
export function formatWat(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${display.format(date)} WAT`;
}

/**
 * A text with every ISO time in it ("goes live 2026-12-01T08:00:00.000Z", as the audit log keeps
 * it) said in Lagos time instead: nobody at the practice reads UTC.
 */
export function watInText(text: string): string {
  return text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z/g, formatWat);
}

/** A datetime-local value read as Lagos time ("2026-12-01T09:00") → ISO, or undefined. */
export function watInputToIso(value: string | undefined | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}:00+01:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Who wrote version 1 of every page: the content the site was delivered with (app/content/). */
export const SHIPPED_BY = "shipped";

/**
 * How a published version came about, for the history and the editor's heading: "published
 * 25 Nov 2026, 14:02 WAT by ada@…", or, for the first version, that it is the site as delivered
 * (its publish time is only a placeholder before any edit).
 */
export function publishedBy(version: { publishAt: string; createdBy: string }): string {
  return version.createdBy === SHIPPED_BY
    ? "the content the site was delivered with"
    : `published ${formatWat(version.publishAt)} by ${version.createdBy}`;
}
