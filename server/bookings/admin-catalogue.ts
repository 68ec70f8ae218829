import type { SiteContent } from "../../app/content/documents";
import { slugify } from "../../app/content/slug";
import type { BookingChoices, NamedId } from "../../app/lib/services/booking-admin";
import type { BookingsService } from "../../app/lib/services/bookings";

/**
 * The session types and counsellors /admin/bookings names and offers, read from the published
 * services and team documents. The visitor's catalogue (BookingsService.catalogue) is the one to
 * use once it is there (server/app.ts prefers it); this stands in until then, with each service's
 * own id, a team member's `id` when the document has one, and otherwise a short name made from the
 * name, and a 60-minute session.
 */
export function contentChoices(content: SiteContent): BookingChoices {
  const sessionTypes = content.services.categories.flatMap((c) =>
    c.services.map((s) => ({ id: s.id, name: s.title, minutes: 60 })),
  );
  const team = [content.team.lead, ...content.team.members] as { name: string; id?: string }[];
  const counsellors = team.map((m) => ({ id: m.id || slugify(m.name, 40), name: m.name }));
  return { sessionTypes, counsellors };
}

/** Names by id; a stored id nothing published has any more is shown as it is. */
export function namer(choices: BookingChoices) {
  const sessions = new Map(choices.sessionTypes.map((s) => [s.id, s.name]));
  const counsellors = new Map(choices.counsellors.map((c) => [c.id, c.name]));
  return {
    sessionType: (id: string): NamedId => ({ id, name: sessions.get(id) ?? id }),
    counsellor: (id: string): NamedId => ({ id, name: counsellors.get(id) ?? id }),
  };
}

/**
 * Where /admin/bookings gets its names: the visitor's booking service's catalogue when it is
 * there, else the published documents as they are.
 */
export function bookingChoices(
  bookings: BookingsService | undefined,
  content: () => SiteContent,
): () => Promise<BookingChoices> {
  if (!bookings) return async () => contentChoices(content());
  return async () => {
    const { sessionTypes, counsellors } = await bookings.catalogue();
    return {
      sessionTypes: sessionTypes.map((s) => ({ id: s.id, name: s.name, minutes: s.minutes })),
      counsellors: counsellors.map((c) => ({ id: c.id, name: c.name })),
    };
  };
}
