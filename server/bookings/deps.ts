import type { SiteContent } from "../../app/content/documents";
import type { Db } from "../db/client";
import type { RateLimiter } from "../http/rate-limit";
import type { Destination, Outbox } from "../integrations/deliveries/outbox";
import type { Logger } from "../operations/logger";
import type { Tx } from "../visitors/intake";
import type { BookingMailEvent } from "./mails/queue";
import type { BookingPayments } from "./pay";

/**
 * Queues a booking's e-mails (confirmation with its .ics, notices, reminders) in the booking's own
 * transaction, so they exist exactly when the change does (server/bookings/mails/queue.ts, with
 * the site's mail settings bound). Returns the ids of the rows due now.
 */
export type QueueBookingMails = (
  tx: Tx,
  request: { appointmentId: number; event: BookingMailEvent; now?: number; held?: boolean },
) => Promise<number[]>;

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
  /**
   * Paystack, for session types paid when booking (server/bookings/pay.ts); absent when payments
   * are off, and such sessions are then paid at the session
   */
  payments?: BookingPayments;
  /** epoch ms; tests move it */
  now?: () => number;
}
