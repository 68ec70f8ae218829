import type { SiteDetails } from "../../../app/lib/site";
import type { Db } from "../../db/client";
import type { DeliveryFamily } from "../../db/schema";
import type { DeliveryResult } from "../../integrations/delivery-result";
import type { DeliveryHandler, OutboxItem } from "../../integrations/deliveries/outbox";
import type { MailSend } from "../../integrations/mail";
import { type BookingCatalogue, type BookingFacts, readBookingFacts } from "./booking-facts";
import { practiceBookedMail, practiceCancelledMail, practiceMovedMail } from "./practice-mails";
import { movedSequence, parseReminder } from "./queue";
import {
  type VisitorMailContext,
  cancelledMail,
  confirmationMail,
  movedMail,
  reminderMail,
} from "./visitor-mails";

export interface BookingMailDeps {
  db: Db;
  send: MailSend;
  siteUrl: string;
  /** MAIL_FROM or PRACTICE_INBOX: where the visitor's replies go, the invite's organiser */
  practiceEmail: string;
  /** PRACTICE_INBOX, when the practice's notices are on */
  practiceInbox?: string;
  /** the published contact details: address, phones */
  site: () => SiteDetails;
  /** the session types' and counsellors' names; ids are shown without it */
  catalogue?: BookingCatalogue;
  now?: () => number;
}

const skipped = (reason: string): DeliveryResult => ({ outcome: "skipped", reason });

/**
 * The outbox's handlers of a booking's e-mails (queue.ts names the rows). Each reads the booking
 * as it is when its e-mail is sent, so a reminder of a booking since cancelled or moved, or a
 * confirmation of one cancelled before it went, is skipped instead of sent.
 */
export function bookingMailHandlers(
  deps: BookingMailDeps,
): Partial<Record<DeliveryFamily, DeliveryHandler>> {
  const now = () => deps.now?.() ?? Date.now();
  const facts = (item: OutboxItem) => readBookingFacts(deps.db, item.submission, deps.catalogue);
  const context = (): VisitorMailContext => ({
    site: deps.site(),
    siteUrl: deps.siteUrl,
    practiceEmail: deps.practiceEmail,
    now: now(),
  });
  const what = (item: OutboxItem) => item.destination.slice(item.destination.indexOf(":") + 1);

  const visitor: DeliveryHandler = async (item) => {
    const booking = await facts(item);
    if (!booking) return skipped("booking not found");
    if (!booking.visitor.email) return skipped("no e-mail address");
    const detail = item.detail ?? {};
    const kind = what(item);
    if (kind === "cancelled") {
      if (booking.status !== "cancelled") return skipped("booking not cancelled");
      return deps.send(cancelledMail(booking, context(), detail));
    }
    const notNeeded = stale(booking, now());
    if (notNeeded) return skipped(notNeeded);
    if (kind === "booked") return deps.send(confirmationMail(booking, context(), detail.token));
    const sequence = movedSequence(item.destination);
    if (sequence !== null) {
      if (booking.sequence > sequence) return skipped("booking moved again");
      return deps.send(movedMail(booking, context(), detail));
    }
    return { outcome: "rejected", error: "unknown booking e-mail" };
  };

  const reminder: DeliveryHandler = async (item) => {
    const wanted = parseReminder(item.destination);
    if (!wanted) return { outcome: "rejected", error: "unknown booking reminder" };
    const booking = await facts(item);
    if (!booking) return skipped("booking not found");
    if (!booking.visitor.email) return skipped("no e-mail address");
    const notNeeded = stale(booking, now());
    if (notNeeded) return skipped(notNeeded);
    if (booking.sequence !== wanted.sequence) return skipped("booking moved");
    if (booking.start <= now()) return skipped("session already began");
    return deps.send(reminderMail(booking, context()));
  };

  const practice: DeliveryHandler = async (item) => {
    const inbox = deps.practiceInbox;
    if (!inbox) return { outcome: "retry", error: "no practice inbox configured" };
    const booking = await facts(item);
    if (!booking) return skipped("booking not found");
    const detail = item.detail ?? {};
    const kind = what(item);
    if (kind === "booked") return deps.send(practiceBookedMail(booking, inbox, deps.siteUrl));
    if (kind === "cancelled") {
      return deps.send(practiceCancelledMail(booking, inbox, deps.siteUrl, detail));
    }
    if (movedSequence(item.destination) !== null) {
      return deps.send(practiceMovedMail(booking, inbox, deps.siteUrl, detail.previousStart));
    }
    return { outcome: "rejected", error: "unknown booking e-mail" };
  };

  return { "booking-visitor": visitor, "booking-reminder": reminder, "booking-practice": practice };
}

/** Why an e-mail about a booking that is to happen is no longer needed, if it is not. */
function stale(booking: BookingFacts, now: number): string | undefined {
  if (booking.status === "cancelled") return "booking cancelled";
  if (booking.status !== "booked") return "booking not confirmed";
  if (booking.end <= now) return "session is over";
  return undefined;
}
