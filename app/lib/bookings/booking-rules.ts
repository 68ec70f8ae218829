/** How bookable times are laid out; the practice may change each of these. */
export interface BookingRules {
  /** how long the session lasts (the service's length) */
  sessionMinutes: number;
  /** kept free after every session and around every busy time */
  bufferMinutes: number;
  /** offered start times are this far apart, counted from the start of the working period */
  gridMinutes: number;
  /** nothing is offered sooner than this from now (the spec's 24 hours' notice) */
  noticeMinutes: number;
  /** nothing is offered further ahead than this */
  horizonDays: number;
}

export const defaultBookingRules: BookingRules = {
  sessionMinutes: 60,
  bufferMinutes: 15,
  gridMinutes: 30,
  noticeMinutes: 24 * 60,
  horizonDays: 28,
};

/**
 * How long a time stays held while the visitor pays for a session paid when booking (issue 42):
 * long enough for a card, a bank transfer or a USSD code on Paystack's page.
 */
export const PAYMENT_HOLD_MINUTES = 15;
