import type { BookingAdminService, BookingChoices } from "../../app/lib/services/booking-admin";
import type { WeeklyHours } from "../../app/lib/bookings/weekly-hours";
import type { Db } from "../db/client";
import { addByHand } from "./admin-add";
import {
  type BookingAdminMails,
  bookingDetail,
  cancelBooking,
  markAttendance,
} from "./admin-actions";
import { bookingWeek } from "./admin-rows";

/**
 * /admin/bookings (BOOKINGS=native; docs/decisions/042): the practice's view of its bookings and
 * what it does to them. One file per concern: the week and the rows (admin-rows.ts), one
 * booking's detail, cancel and attendance (admin-actions.ts), a booking added by hand
 * (admin-add.ts) over the counsellor's diary as /schedule reads it (diaries.ts), and the names (admin-catalogue.ts).
 */
export function createBookingAdmin(
  db: Db,
  options: {
    /** the session types and counsellors, as published */
    choices: () => Promise<BookingChoices>;
    /** the practice's published office hours: a counsellor's week where they set none */
    officeHours: () => WeeklyHours;
    /** the booking's e-mails through the outbox; without them, nothing is sent */
    mails?: BookingAdminMails;
    /** ms since the epoch; the tests' clock */
    now?: () => number;
  },
): BookingAdminService {
  const now = options.now ?? Date.now;
  return {
    week: async () => bookingWeek(db, await options.choices(), now()),
    choices: options.choices,
    detail: async (id, reader) => bookingDetail(db, await options.choices(), id, reader),
    cancel: (id, message, reader) => cancelBooking(db, id, message, reader, options.mails),
    markAttendance: (id, attendance, reader) => markAttendance(db, id, attendance, reader, now()),
    addByHand: async (booking, reader) =>
      addByHand(
        db,
        await options.choices(),
        booking,
        reader,
        now(),
        options.officeHours(),
        options.mails,
      ),
  };
}
