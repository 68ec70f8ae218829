import type { SiteContent } from "../../app/content/documents";
import { fullAddress } from "../../app/content/site";
import { teamCounsellors } from "../../app/lib/bookings/team-counsellors";
import type { Db } from "../db/client";
import type { Logger } from "../operations/logger";
import type { FeedSource } from "./feed-route";

/**
 * What the private calendar needs from the published content: the counsellor's name for the
 * calendar's title, and each session's name. A session type the services no longer list is
 * called a session, so a feed never fails on an old booking.
 */
export function bookingFeedSource(
  base: { db: Db; siteUrl: string; logger: Logger },
  content: () => SiteContent,
): FeedSource {
  return {
    ...base,
    describeSession(sessionTypeId) {
      const service = content()
        .services.categories.flatMap((c) => c.services)
        .find((s) => s.id === sessionTypeId);
      return { name: service?.title ?? "Counselling session", location: fullAddress() };
    },
    counsellorName: (counsellorId) =>
      teamCounsellors(content().team).find((c) => c.id === counsellorId)?.name,
  };
}
