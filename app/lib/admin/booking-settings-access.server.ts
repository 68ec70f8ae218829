import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import { teamCounsellors } from "../bookings/team-counsellors";
import { readerAccess } from "./access.server";

/**
 * The guard of /admin/booking-settings: a reader's page (readerAccess: INBOX_EMAILS, signed in),
 * and only while the site takes bookings itself (BOOKINGS=native); otherwise the 404 page.
 * Gives the counsellors from the published team page.
 */
export async function bookingSettingsAccess(context: AppLoadContext, request: Request) {
  // Not there at all while the site does not take bookings itself, signed in or not.
  if (!context.editor?.bookingSettings) throw data(null, { status: 404 });
  const { services, reader } = await readerAccess(context, request);
  const settings = services.bookingSettings;
  if (!settings) throw data(null, { status: 404 });
  return { settings, reader, counsellors: teamCounsellors(context.content.team) };
}
