import type { SiteContent } from "~/content/documents";
import type { Counsellor } from "../services/bookings";

/**
 * The counsellors bookings are kept for: the team document's lead and members who take bookings,
 * by their ids (the same list as server/bookings/catalogue.ts's counsellorsOf, which the server
 * side uses; app/ cannot import it).
 */
export function teamCounsellors(team: SiteContent["team"]): Counsellor[] {
  return [team.lead, ...team.members]
    .filter((member) => member.bookable !== "No")
    .map((member) => ({ id: member.id, name: member.name, title: member.title }));
}
