import type { SubmitMeta } from "./forms";

/**
 * Bookings the practice owns (BOOKINGS=native, docs/decisions/042): what /schedule and
 * /bookings/<token> may ask of the server (server/bookings/service.ts). Times cross this seam as
 * epoch milliseconds; pages word them with app/lib/bookings/format-lagos-time.ts.
 */

/** A kind of session a visitor can book, from the services document. */
export interface SessionType {
  id: string;
  name: string;
  /** how long the session lasts */
  minutes: number;
  /** the price in naira, when the practice shows one */
  priceNaira?: number;
  /** in person at the Lekki office, or online (the link comes by e-mail) */
  place: "lekki" | "online";
  /** paid through Paystack when the visitor books (only when payments are on) */
  payAtBooking: boolean;
}

/** A team member who takes bookings, from the team document. */
export interface Counsellor {
  id: string;
  name: string;
  title: string;
}

/** One Lagos day's offered start times (empty on a day with none). */
export interface OfferedDay {
  /** "2026-12-07", Lagos */
  date: string;
  /** epoch ms of each offered start, ascending; with "First available" one start may be several counsellors' */
  starts: number[];
}

export interface FreeTimesQuery {
  sessionTypeId: string;
  /** a counsellor's id, or "first" for whoever is free */
  counsellorId: string;
  /** the Lagos date ("2026-12-07") of the first day to show; absent = the first bookable day */
  from?: string;
}

export interface FreeTimes {
  days: OfferedDay[];
  /** the first day of the pages before and after this one, when there are bookable days there */
  previous?: string;
  next?: string;
}

/** What the visitor typed and chose, as the form posts it. */
export interface BookingRequest {
  sessionTypeId: string;
  /** a counsellor's id, or "first" */
  counsellorId: string;
  /** "2026-12-07T09:00", Lagos */
  time: string;
  name: string;
  email: string;
  phone: string;
}

/** A booking as its change-or-cancel page and its "Booked" page show it. */
export interface BookingView {
  status: "held" | "booked" | "cancelled";
  sessionType: SessionType;
  counsellor: Counsellor;
  start: number;
  end: number;
  /** the visitor's first name, for the greeting; nothing else personal */
  firstName: string;
  /** more than 24 hours before the start: the visitor may still cancel or move it themselves */
  changeable: boolean;
  /** the session is over or cancelled: the link shows only what happened */
  past: boolean;
}

export type BookingResult =
  | {
      status: "booked";
      /**
       * the change-or-cancel link's token; the same on a repeat of the same post within an hour,
       * absent on a later repeat (the link is then only in the confirmation e-mail)
       */
      token?: string;
      booking: BookingView;
    }
  /** the session asks for payment: send the visitor to Paystack; the time is held 15 minutes */
  | { status: "pay"; authorizationUrl: string }
  /**
   * the time cannot be had, or a field is wrong; `nearest` are the closest free starts, `field`
   * where to say so (the page checks name, e-mail and phone first; the service checks them again)
   */
  | {
      status: "refused";
      field: "time" | "sessionTypeId" | "counsellorId" | "name" | "email" | "phone";
      message: string;
      nearest: number[];
    }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "unavailable" };

export type ChangeResult =
  | { status: "done"; booking: BookingView }
  | { status: "refused"; message: string; nearest: number[] }
  /** inside 24 hours: the page says a late change may incur a fee and gives the phone numbers */
  | { status: "too-late" }
  | { status: "unknown" };

export interface BookingsService {
  catalogue(): Promise<{ sessionTypes: SessionType[]; counsellors: Counsellor[] }>;
  freeTimes(query: FreeTimesQuery): Promise<FreeTimes>;
  book(request: BookingRequest, meta: SubmitMeta): Promise<BookingResult>;
  /** the booking a change-or-cancel token names; undefined for a forged, unknown or dead token */
  byToken(token: string): Promise<BookingView | undefined>;
  move(token: string, time: string, meta: SubmitMeta): Promise<ChangeResult>;
  cancel(token: string): Promise<ChangeResult>;
}
