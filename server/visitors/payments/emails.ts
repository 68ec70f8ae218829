import { practice } from "../../../app/content/site";
import { type SiteDetails, fullAddress } from "../../../app/lib/site";
import { formatKobo } from "../../../app/lib/money";
import { PAYMENT_HOLD_MINUTES } from "../../../app/lib/bookings/booking-rules";
import type { MailMessage } from "../../integrations/mail";
import { oneLineAll } from "../../integrations/mail-text";
import type { OutboxItem } from "../../integrations/deliveries/outbox";

/** The two e-mails of a newly-paid order, in plain text, from the outbox's stored copy. */

function paidWhen(payload: Record<string, string>): string {
  return new Date(payload.paidAt ?? Date.now()).toLocaleString("en-NG", {
    timeZone: practice.timeZone,
    dateStyle: "full",
    timeStyle: "short",
  });
}

function amount(payload: Record<string, string>): string {
  return formatKobo(Number(payload.amountKobo));
}

/**
 * What the practice does next. A session paid when booking (server/bookings/pay.ts) is booked
 * already, unless the payment came after its hold ended and someone else had the time.
 */
function practiceNextStep(p: Record<string, string>): string {
  if (p.session === "booked") {
    return (
      `A session was paid for when booking, and Paystack has confirmed the payment. It is booked: ` +
      `its own notice has the details, and it is in /admin/bookings.`
    );
  }
  if (p.session === "time-taken") {
    return (
      `A session was paid for when booking, but the payment reached us after the time's hold ` +
      `ended and someone else had booked the time by then. It is NOT booked. Please call the ` +
      `client today to agree another time, or refund them in full.`
    );
  }
  return (
    `A payment was made on the website and confirmed by Paystack. Please contact the client ` +
    `within one working day to arrange their first session.`
  );
}

/** To the practice: who paid for what, so the team can arrange the sessions. */
export function paymentNotification(item: OutboxItem, inbox: string): MailMessage {
  const p = oneLineAll(item.submission.payload);
  const label = p.session ? "Session" : "Programme";
  return {
    to: inbox,
    replyTo: p.email,
    subject:
      p.session === "time-taken"
        ? `Paid, but the time was taken: please call (${p.reference})`
        : `Payment received: ${p.itemName} (${p.reference})`,
    text:
      `${practiceNextStep(p)}\n\n` +
      `${label}: ${p.itemName}\nAmount: ${amount(p)}\nReference: ${p.reference}\n` +
      `Paid: ${paidWhen(p)} (${practice.timeZoneLabel})\n\n` +
      `Name: ${p.name}\nE-mail: ${p.email}\nPhone: ${p.phone}\n\n` +
      `Order #${p.orderId}. The client has been sent a receipt.`,
  };
}

/** To the client: their receipt, with what happens next and how to reach us. */
export function paymentReceipt(item: OutboxItem, replyTo: string, site: SiteDetails): MailMessage {
  const p = oneLineAll(item.submission.payload);
  const phones = site.phones.map((ph) => ph.display).join(" or ");
  return {
    to: p.email!,
    replyTo,
    subject: `Your receipt from ${practice.name} (${p.reference})`,
    text:
      `Dear ${p.name},\n\n` +
      `Thank you for your payment, and for trusting us with something so close to your heart. ` +
      `This e-mail is your receipt.\n\n` +
      `${p.session ? "Session" : "Programme"}: ${p.itemName}\nAmount paid: ${amount(p)}\n` +
      `Reference: ${p.reference}\n` +
      `Date: ${paidWhen(p)} (${practice.timeZoneLabel})\nPaid by: Paystack\n\n` +
      `What happens next: ${visitorNextStep(p)}\n\n` +
      `If you have any questions, simply reply to this e-mail, call us on ${phones}, or write ` +
      `to ${site.emails[0]}. Please quote your reference.\n\n` +
      `With warm regards,\nThe ${practice.name} team\n${fullAddress(site)}\n`,
  };
}

function visitorNextStep(p: Record<string, string>): string {
  if (p.session === "booked") {
    return (
      `your session is booked. Your confirmation, with a calendar file and the link to change ` +
      `or cancel, comes in a separate e-mail.`
    );
  }
  if (p.session === "time-taken") {
    return (
      `your payment reached us after the ${PAYMENT_HOLD_MINUTES} minutes we could hold your ` +
      `time, and someone else had booked it by then. We are sorry. We will call you within one ` +
      `working day to find another time that suits you, or refund you in full if you prefer.`
    );
  }
  return (
    `one of our team will contact you within one working day to arrange your first session, in ` +
    `person in Lekki or online, whichever suits you.`
  );
}
