import type { BookingsService } from "../../app/lib/services/bookings";
import { describeDatabaseError } from "../db/errors";
import { catalogueOf } from "./availability";
import { bookSession } from "./book";
import { cancelBooking, findByToken, moveBooking } from "./changes";
import type { BookingsDeps } from "./deps";
import { offeredTimes } from "./offered-times";

export type { BookingsDeps, QueueBookingMails } from "./deps";

/**
 * Bookings the practice owns (BOOKINGS=native, docs/decisions/042): the server's side of
 * /schedule and /bookings/<token>. Session types and counsellors are the published content's;
 * free times are each counsellor's week less their commitments; a booking is one transaction that
 * the database's no-overlap constraint decides. Nothing here logs a visitor's name, e-mail, phone
 * or token: only row ids.
 */
export function createBookingsService(deps: BookingsDeps): BookingsService {
  const now = deps.now ?? Date.now;
  const { logger } = deps;
  return {
    async catalogue() {
      const { sessionTypes, counsellors } = catalogueOf(deps);
      return { sessionTypes, counsellors };
    },
    freeTimes: (query) => offeredTimes(deps, query, now()),
    book: (request, meta) => bookSession(deps, request, meta, now()),
    async byToken(token) {
      try {
        return (await findByToken(deps, token, now()))?.view;
      } catch (error) {
        logger.error({ err: describeDatabaseError(error) }, "could not read booking");
        throw error;
      }
    },
    move: (token, time) => moveBooking(deps, token, time, now()),
    cancel: (token) => cancelBooking(deps, token, now()),
  };
}
