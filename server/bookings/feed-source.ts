import type { SiteContent } from "../../app/content/documents";
import { fullAddress } from "../../app/content/site";
import type { Db } from "../db/client";
import type { Logger } from "../operations/logger";
import { sessionTypesOf } from "./catalogue";
import type { FeedSource } from "./feed-route";

/**
 * What the private calendar needs from the published content: the counsellor's name for the
 * calendar's title, and each session's name and place. A session type the services no longer
 * list is called a counselling session, so a feed never fails on an old booking.
 */
export function bookingFeedSource(
  base: { db: Db; siteUrl: string; logger: Logger },
  content: () => SiteContent,
): FeedSource {
  return {
    ...base,
    describeSession(sessionTypeId) {
      const type = sessionTypesOf(content()).find((t) => t.id === sessionTypeId);
      return {
        name: type?.name ?? "Counselling session",
        location: type?.place === "online" ? "Online" : fullAddress(),
      };
    },
    counsellorName: (counsellorId) => {
      const { lead, members } = content().team;
      return [lead, ...members].find((m) => m.id === counsellorId)?.name;
    },
  };
}
