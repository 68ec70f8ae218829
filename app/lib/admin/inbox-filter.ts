import type { InboxFilter, InboxKind } from "../services/inbox";

/** The inbox's filter from a URL's query (?kind=&status=&q=&page=), whatever was typed there. */
export function filterFromUrl(url: string): { filter: InboxFilter; page: number } {
  const params = new URL(url).searchParams;
  const kind = params.get("kind") ?? "";
  const status = params.get("status") ?? "";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Number(params.get("page"));
  return {
    filter: {
      kind: (["contact", "booking", "newsletter", "order"] as const).includes(kind as InboxKind)
        ? (kind as InboxKind)
        : undefined,
      status: status === "new" || status === "handled" ? status : undefined,
      q: q || undefined,
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
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const KIND_WORDS: Record<InboxKind, string> = {
  contact: "Contact message",
  booking: "Booking",
  newsletter: "Newsletter sign-up",
  order: "Order",
};
