import { practice } from "../../../app/content/site";
import { type SiteDetails, fullAddress } from "../../../app/lib/site";
import { formatKobo } from "../../../app/lib/money";
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

/** To the practice: who paid for what, so the team can arrange the sessions. */
export function paymentNotification(item: OutboxItem, inbox: string): MailMessage {
  const p = oneLineAll(item.submission.payload);
  return {
    to: inbox,
    replyTo: p.email,
    subject: `Payment received: ${p.itemName} (${p.reference})`,
    text:
      `A payment was made on the website and confirmed by Paystack. Please contact the client ` +
      `within one working day to arrange their first session.\n\n` +
      `Programme: ${p.itemName}\nAmount: ${amount(p)}\nReference: ${p.reference}\n` +
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
      `Programme: ${p.itemName}\nAmount paid: ${amount(p)}\nReference: ${p.reference}\n` +
      `Date: ${paidWhen(p)} (${practice.timeZoneLabel})\nPaid by: Paystack\n\n` +
      `What happens next: one of our team will contact you within one working day to arrange ` +
      `your first session, in person in Lekki or online, whichever suits you.\n\n` +
      `If you have any questions, simply reply to this e-mail, call us on ${phones}, or write ` +
      `to ${site.emails[0]}. Please quote your reference.\n\n` +
      `With warm regards,\nThe ${practice.name} team\n${fullAddress(site)}\n`,
  };
}
