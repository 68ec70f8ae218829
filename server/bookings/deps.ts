import type { SiteContent } from "../../app/content/documents";
import type { Db } from "../db/client";
import type { RateLimiter } from "../http/rate-limit";
import type { Destination, Outbox } from "../integrations/deliveries/outbox";
import type { Logger } from "../operations/logger";
import type { Tx } from "../visitors/intake";

/** What happened to a booking, for the e-mails that tell the visitor and the practice. */
export interface BookingMailEvent {
  event: "booked" | "moved" | "cancelled";
  appointmentId: number;
  submissionId: number;
  /** the change-or-cancel token, for the link in the visitor's e-mail (booked only) */
  token?: string;
}

/**
 * Queues a booking's e-mails (confirmation with its .ics, notices, reminders) in the booking's own
 * transaction, so they are sent exactly when the change is kept (server/bookings/mails.ts).
 */
export type QueueBookingMails = (tx: Tx, event: BookingMailEvent) => Promise<void>;

export interface BookingsDeps {
  db: Db;
  /** the published content: session types, counsellors, office hours */
  content: () => SiteContent;
  rateLimit: RateLimiter;
  outbox: Pick<Outbox, "wake">;
  logger: Logger;
  /** where a booking's submission is delivered (as the booking form's today) */
  destinations: readonly Destination[];
  /** the booking's e-mails; absent until they are wired */
  queueBookingMails?: QueueBookingMails;
  /** epoch ms; tests move it */
  now?: () => number;
}
