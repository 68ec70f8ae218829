import { needOptions } from "../../../app/lib/forms/fields";
import type { MailMessage } from "../../integrations/mail";
import type { OutboxItem } from "../../integrations/deliveries/outbox";
import { multiLine, oneLineAll } from "../../integrations/mail-text";
import { paymentNotification } from "../payments/emails";

/** The e-mail the practice receives for each submission, in plain text. */
export function practiceNotification(item: OutboxItem, inbox: string): MailMessage {
  const raw = item.submission.payload;
  const p = oneLineAll(raw);
  const when = item.submission.createdAt.toLocaleString("en-NG", {
    timeZone: "Africa/Lagos",
    dateStyle: "full",
    timeStyle: "short",
  });
  const footer = `\n\nReceived ${when} (WAT) from ${p.pageUri ?? "the website"}. Submission #${item.submission.id}.`;
  switch (item.submission.kind) {
    case "contact": {
      const need = needOptions.find((o) => o.value === p.need)?.label ?? p.need;
      return {
        to: inbox,
        replyTo: p.email,
        subject: `New website message: ${need}`,
        text:
          `Name: ${p.name}\nE-mail: ${p.email}\nPhone: ${p.phone || "not given"}\nNeeds help with: ${need}\n\n` +
          `${multiLine(raw.message)}${footer}`,
      };
    }
    case "booking":
      return {
        to: inbox,
        replyTo: p.email,
        subject: "New booking request from the website",
        text:
          `Someone started a booking on the website. If no appointment appears in the calendar, ` +
          `please call them back.\n\nName: ${p.name}\nE-mail: ${p.email}\nPhone: ${p.phone}${footer}`,
      };
    case "payment":
      return paymentNotification(item, inbox);
    case "newsletter":
      return {
        to: inbox,
        subject: "New newsletter subscriber",
        text: `A visitor joined the newsletter: ${p.email}${footer}`,
      };
  }
}
