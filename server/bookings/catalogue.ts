import type { SiteContent } from "../../app/content/documents";
import type { Counsellor, SessionType } from "../../app/lib/services/bookings";
import { type WeeklyHours, weeklyHoursFrom } from "../../app/lib/bookings/weekly-hours";

/**
 * What visitors may book, read from the published content: a programme with a length in its
 * "Booking on /schedule" is a session type, and every team member who takes bookings (the lead
 * first, in the team page's order) is a counsellor.
 */

export function sessionTypesOf(content: Pick<SiteContent, "services">): SessionType[] {
  return content.services.categories.flatMap((category) =>
    category.services.flatMap((service): SessionType[] => {
      const booking = service.booking;
      if (!booking?.minutes) return [];
      return [
        {
          id: service.id,
          name: service.title,
          minutes: booking.minutes,
          ...(service.price !== undefined ? { priceNaira: service.price } : {}),
          place: booking.place === "Online" ? "online" : "lekki",
          payAtBooking: booking.payment === "When booking",
        },
      ];
    }),
  );
}

export function counsellorsOf(content: Pick<SiteContent, "team">): Counsellor[] {
  const { lead, members } = content.team;
  return [lead, ...members]
    .filter((member) => member.bookable !== "No")
    .map((member) => ({ id: member.id, name: member.name, title: member.title }));
}

/** The week of a counsellor who has none of their own: the published office hours. */
export function officeWeek(content: Pick<SiteContent, "site">): WeeklyHours {
  return weeklyHoursFrom(content.site.openingHours);
}
