import type { Access } from "./auth";

/**
 * Bookings as the practice sees them at /admin/bookings (BOOKINGS=native, readers in
 * INBOX_EMAILS; docs/decisions/042): the coming week by day and counsellor, one booking whole,
 * and what the practice does to one (server/bookings/admin.ts). Times cross this seam as epoch
 * milliseconds; pages word them with app/lib/bookings/format-lagos-time.ts.
 */

/** A session type or a counsellor, by the id stored on the booking and its published name. */
export interface NamedId {
  id: string;
  /** the published name; the stored id itself when nothing published has that id any more */
  name: string;
}

export interface AdminBooking {
  id: number;
  /** a hold is a visitor still paying; the list shows booked and cancelled ones */
  status: "held" | "booked" | "cancelled";
  sessionType: NamedId;
  counsellor: NamedId;
  start: number;
  end: number;
  /** "site": the visitor booked on the website; "practice": added by hand (a phone booking) */
  source: "site" | "practice";
  attendance?: "attended" | "no-show";
  name: string;
  email: string;
  phone: string;
}

/** One Lagos day of the list, its bookings grouped by counsellor (by name, then id). */
export interface BookingDay {
  /** "2026-12-07", Lagos */
  date: string;
  /** 00:00 WAT that day */
  start: number;
  counsellors: { counsellor: NamedId; bookings: AdminBooking[] }[];
}

export interface BookingHistoryEntry {
  /** ISO */
  at: string;
  /** "Booked on the website", "Cancelled by ada@…" */
  words: string;
}

export interface AdminBookingDetail {
  booking: AdminBooking;
  /** oldest first */
  history: BookingHistoryEntry[];
}

/** What the form "Add a booking" posts (a phone booking). */
export interface HandBooking {
  sessionTypeId: string;
  counsellorId: string;
  /** "2026-12-07", Lagos */
  date: string;
  /** "09:00", Lagos */
  time: string;
  name: string;
  phone: string;
  /** optional */
  email: string;
  /** the form's one-time key (a UUID): a repeat of the same post answers with the first booking */
  key?: string;
}

export type HandBookingField = Exclude<keyof HandBooking, "key">;

export type HandBookingResult =
  | { status: "booked"; id: number }
  /** nothing was stored; each message belongs at its field */
  | { status: "refused"; errors: Partial<Record<HandBookingField, string>> };

export type CancelResult =
  /** `emailed`: a notice with the practice's message is queued for the visitor */
  | { status: "cancelled"; emailed: boolean }
  | { status: "already-cancelled" }
  | { status: "unknown" };

export type AttendanceResult = "marked" | "not-started" | "cancelled" | "unknown";

/** What the form "Add a booking" offers. */
export interface BookingChoices {
  sessionTypes: (NamedId & { minutes: number })[];
  counsellors: NamedId[];
}

export interface BookingAdminService {
  /** today and the 7 days after it, Lagos time: every day, with or without bookings */
  week(): Promise<BookingDay[]>;
  choices(): Promise<BookingChoices>;
  /** one booking with its history; reading it is audited (its id, never its data) */
  detail(id: string, reader: Access): Promise<AdminBookingDetail | undefined>;
  /** cancels a booking (not a hold) and, with an e-mail address, queues `message` to the visitor */
  cancel(id: string, message: string, reader: Access): Promise<CancelResult>;
  /** attended or no-show, only once the session has started and while it is not cancelled */
  markAttendance(
    id: string,
    attendance: "attended" | "no-show",
    reader: Access,
  ): Promise<AttendanceResult>;
  /** a booking the practice takes by phone, checked by the visitor's rules and the database */
  addByHand(booking: HandBooking, reader: Access): Promise<HandBookingResult>;
}
