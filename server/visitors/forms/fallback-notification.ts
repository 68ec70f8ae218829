import type { MailMessage } from "../../integrations/mail";
import { oneLine } from "../../integrations/mail-text";
import type { OutboxItem } from "../../integrations/deliveries/outbox";
import { practiceNotification } from "./notifications";

/** How the CRM delivery of a submission ended, read back when its fallback e-mail is sent. */
export interface CrmFailure {
  status: "rejected" | "dead" | string;
  lastError: string | null;
}

/**
 * The e-mail to the practice for a lead HubSpot refused (400) or gave up on (24 h of outages):
 * the lead itself, as the usual notification shows it, under a note that it is not in HubSpot
 * and why. The reason is HubSpot's own answer (which names the field it disliked) or the last
 * error; it never holds a key or a password.
 */
export function fallbackNotification(
  item: OutboxItem,
  inbox: string,
  failure: CrmFailure | undefined,
): MailMessage {
  const usual = practiceNotification(item, inbox);
  const why = oneLine(failure?.lastError ?? "no answer recorded");
  const note =
    failure?.status === "dead"
      ? `HubSpot could not be reached for 24 hours, so this ${item.submission.kind} submission ` +
        `is not in HubSpot. Last error: ${why}`
      : `HubSpot refused this ${item.submission.kind} submission, so it is not in HubSpot. ` +
        `HubSpot's answer: ${why}`;
  return {
    ...usual,
    subject: `Not in HubSpot, please follow up: ${usual.subject}`,
    text:
      `${note}\n\nPlease reply to the person from here, and add them to HubSpot by hand if you ` +
      `keep your contacts there. Once the HubSpot settings are fixed, \`npm run deliveries -- ` +
      `--retry rejected\` (or \`--retry dead\`) sends the waiting ones again.\n\n` +
      `------------------------------------------------------------\n\n${usual.text}`,
  };
}
