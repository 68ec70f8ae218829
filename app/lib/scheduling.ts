/**
 * The scheduling provider's booking link (Calendly style, DESIGN.md): name, email and the phone
 * as the first custom answer (a1). Embedded, it also names our domain and asks for the inline
 * embed so the provider posts its events (calendly.event_scheduled) to the page.
 */
export function bookingUrl(
  base: string,
  person: { name: string; email: string; phone: string },
  embedDomain?: string,
): string {
  const url = new URL(base);
  url.searchParams.set("name", person.name);
  url.searchParams.set("email", person.email);
  url.searchParams.set("a1", person.phone);
  if (embedDomain) {
    url.searchParams.set("embed_domain", embedDomain);
    url.searchParams.set("embed_type", "Inline");
  }
  return url.toString();
}

export const BOOKED_EVENT = "calendly.event_scheduled";

/** True for the provider's "booked" message, and only from the provider's own origin. */
export function isBookedMessage(
  event: { origin: string; data: unknown },
  providerOrigin: string,
): boolean {
  if (event.origin !== providerOrigin) return false;
  const data = event.data as { event?: unknown } | null;
  return typeof data === "object" && data !== null && data.event === BOOKED_EVENT;
}
