import type { BookingInput, ContactInput, NewsletterInput } from "../forms/schemas";

/** What visitors send through the site's forms (server/forms/). */

export interface SubmitMeta {
  ip: string;
  /** the page the form was sent from, for the CRM's context */
  pageUri: string;
  pageName: string;
  /** the browser's idempotency key for this form instance; absent without JavaScript */
  idempotencyKey?: string;
}

/** What happened to a submission, as the visitor needs to know it. */
export type FormResult =
  /** stored; `deferred` when the CRM could not be reached yet and delivery continues later */
  | { status: "ok"; id: number; deferred: boolean }
  /**
   * stored, but the CRM refused it for good (HubSpot 400); `reachesTeam` when the practice's
   * inbox will still get it by e-mail
   */
  | { status: "rejected"; id: number; reachesTeam: boolean }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** the database could not store it: nothing was kept */
  | { status: "unavailable" };

export interface FormsService {
  contact(input: ContactInput, meta: SubmitMeta): Promise<FormResult>;
  /** stores a booking request; `token` lets the same visitor mark it booked */
  booking(input: BookingInput, meta: SubmitMeta): Promise<FormResult & { token?: string }>;
  markBooked(id: number, token: string): Promise<boolean>;
  newsletter(input: NewsletterInput, meta: SubmitMeta): Promise<FormResult>;
  unsubscribe(token: string): Promise<boolean>;
  /** what an unsubscribe link's token names, without changing anything (a GET may be a scanner) */
  subscription(token: string): Promise<"unknown" | "subscribed" | "unsubscribed">;
}
