import type { FieldErrors } from "~/lib/forms/fields";
import type { BookingView, Counsellor, FreeTimes, SessionType } from "~/lib/services/bookings";

/** The counsellor choice meaning "whoever is free" (BookingRequest.counsellorId). */
export const FIRST_AVAILABLE = "first";

/** What a booking picker shows: the choices, what is chosen, and that week's free times. */
export interface PickerView {
  sessionTypes: SessionType[];
  counsellors: Counsellor[];
  sessionTypeId: string;
  counsellorId: string;
  /** the first day shown, when the visitor paged to it */
  from?: string;
  times: FreeTimes;
}

/** What /schedule's action answers when the practice takes bookings itself. */
export type NativeBookingOutcome =
  /** paged or changed the session or counsellor: the picker again, what was typed kept */
  | { outcome: "browse"; values: Record<string, string>; view: PickerView }
  | { outcome: "invalid"; errors: FieldErrors; values: Record<string, string>; view: PickerView }
  /** the time could not be had: say so at the field, with the nearest free times */
  | {
      outcome: "refused";
      field: string;
      message: string;
      nearest: number[];
      values: Record<string, string>;
      view: PickerView;
    }
  /** booked already by the same post, too long ago for its link: the link is in the e-mail */
  | { outcome: "booked"; booking: BookingView }
  | { outcome: "rate-limited" | "failed" | "bad-request"; message: string };
