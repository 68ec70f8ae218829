import type { SiteContent } from "~/content/documents";
import { slugify, uniqueSlug } from "~/content/slug";
import type { Counsellor } from "../services/bookings";

/**
 * The counsellors bookings are kept for: the team document's lead and members, each by the id the
 * team document gives them, or, for a member without one, a short name made from their name (the
 * same name gives the same id on every read).
 */
export function teamCounsellors(team: SiteContent["team"]): Counsellor[] {
  const taken = new Set<string>();
  return [team.lead, ...team.members].map((member) => {
    const own = (member as { id?: unknown }).id;
    const id = typeof own === "string" && own ? own : uniqueSlug(slugify(member.name, 40), taken);
    taken.add(id);
    return { id, name: member.name, title: member.title };
  });
}
