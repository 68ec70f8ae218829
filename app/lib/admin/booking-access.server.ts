import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import type { Access } from "../services/auth";
import type { BookingAdminService } from "../services/booking-admin";
import { readerAccess } from "./access.server";

/**
 * The guard of /admin/bookings and its pages: the site's 404 page unless BOOKINGS=native and
 * INBOX_EMAILS is set, then the same door as the inbox (readerAccess): signed out to /admin, an
 * editor not in INBOX_EMAILS a 403, and the server's guard has checked a post's origin.
 */
export async function bookingAccess(
  context: AppLoadContext,
  request: Request,
): Promise<{ reader: Access; bookings: BookingAdminService }> {
  const bookings = context.editor?.bookingAdmin;
  if (!bookings) throw data(null, { status: 404 });
  const { reader } = await readerAccess(context, request);
  return { reader, bookings };
}
