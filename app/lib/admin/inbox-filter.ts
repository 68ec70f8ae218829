import type { InboxFilter, InboxKind } from "../services/inbox";

/** The inbox's filter from a URL's query (?kind=&status=&q=&page=), whatever was typed there. */
export function filterFromUrl(url: string): { filter: InboxFilter; page: number } {
  const params = new URL(url).searchParams;
  const kind = params.get("kind") ?? "";
  const status = params.get("status") ?? "";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Number(params.get("page"));
  const period = periodOf(params.get("period") ?? "", params.get("from"), params.get("to"));
  return {
    filter: {
      kind: Object.hasOwn(KIND_WORDS, kind) ? (kind as InboxKind) : undefined,
      status: status === "new" || status === "handled" ? status : undefined,
      q: q || undefined,
      ...period,
    },
    page: Number.isInteger(page) && page > 1 && page < 100_000 ? page : 1,
  };
}

/** The query string of a filter (and page), for links and the CSV. */
export function filterQuery(filter: InboxFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (filter.period) params.set("period", filter.period);
  if (filter.period === "range") {
    if (filter.from) params.set("from", filter.from);
    if (filter.to) params.set("to", filter.to);
  }
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The kinds in the practice's words. A booking request went on to the scheduling provider; a
 * booked session was booked on the site itself, with its time and counsellor (issue 42).
 */
export const KIND_WORDS: Record<InboxKind, string> = {
  contact: "Contact message",
  booking: "Booking request",
  appointment: "Booked session",
  newsletter: "Newsletter sign-up",
  order: "Order",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null | undefined): v is string =>
  !!v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00+01:00`));

/** Today in Lagos (UTC+1 all year), as YYYY-MM-DD. */
function lagosToday(now: Date): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
}

/** The first and last day of the month `offset` months from this Lagos month. */
function month(now: Date, offset: number): { from: string; to: string } {
  const [y, m] = lagosToday(now).split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  const last = new Date(Date.UTC(y, m + offset, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * The days a filter covers: this month or last month in Lagos time, or the days chosen (either
 * end may be left open; a reversed range is put the right way round). Anything else: any time.
 */
export function periodOf(
  period: string,
  from: string | null | undefined,
  to: string | null | undefined,
  now = new Date(),
): Pick<InboxFilter, "period" | "from" | "to"> {
  if (period === "this-month") return { period, ...month(now, 0) };
  if (period === "last-month") return { period, ...month(now, -1) };
  // Days typed in with "Any time" still chosen mean those days.
  if (period !== "range" && period !== "") return {};
  const a = isDay(from) ? from : undefined;
  const b = isDay(to) ? to : undefined;
  if (!a && !b) return {};
  return a && b && a > b
    ? { period: "range", from: b, to: a }
    : { period: "range", from: a, to: b };
}

export const PERIOD_WORDS: Record<string, string> = {
  "": "Any time",
  "this-month": "This month",
  "last-month": "Last month",
  range: "Days I choose",
};
