import { formatLagosSession, formatLagosTime } from "../../../app/lib/bookings/format-lagos-time";
import type { MailMessage } from "../../integrations/mail";
import { multiLine } from "../../integrations/mail-text";
import type { BookingFacts } from "./booking-facts";
import { type MailBlock, layoutHtml, layoutText } from "./mail-layout";

/**
 * The practice inbox's notices of a booking, a move and a cancel, in plain text like its other
 * e-mails (server/visitors/forms/notifications.ts). The visitor's name stays out of subjects,
 * which phones show on a locked screen.
 */

const details = (facts: BookingFacts): MailBlock => ({
  fields: [
    ["Session", facts.session.name],
    ["Counsellor", facts.counsellor],
    ["When", formatLagosSession(facts.start, facts.end)],
    ["Where", facts.session.place === "online" ? "Online (send the link)" : "Lekki office"],
  ],
});

const visitor = (facts: BookingFacts): MailBlock => ({
  fields: [
    ["Name", facts.visitor.name],
    ["E-mail", facts.visitor.email || "not given"],
    ["Phone", facts.visitor.phone || "not given"],
  ],
});

function footer(facts: BookingFacts, siteUrl: string): MailBlock {
  return { paragraph: `Booking #${facts.appointmentId}. All bookings: ${siteUrl}/admin/bookings` };
}

function notice(
  facts: BookingFacts,
  inbox: string,
  subject: string,
  blocks: MailBlock[],
): MailMessage {
  return {
    to: inbox,
    ...(facts.visitor.email ? { replyTo: facts.visitor.email } : {}),
    subject,
    text: layoutText(blocks),
    html: layoutHtml(blocks),
  };
}

export function practiceBookedMail(
  facts: BookingFacts,
  inbox: string,
  siteUrl: string,
): MailMessage {
  const how =
    facts.source === "practice"
      ? "A booking was added by hand in /admin/bookings."
      : facts.session.place === "online"
        ? "A visitor booked a session on the website. Please send them the link to join before the session."
        : "A visitor booked a session on the website.";
  return notice(facts, inbox, `New booking: ${facts.counsellor}, ${formatLagosTime(facts.start)}`, [
    { paragraph: how },
    details(facts),
    visitor(facts),
    footer(facts, siteUrl),
  ]);
}

export function practiceMovedMail(
  facts: BookingFacts,
  inbox: string,
  siteUrl: string,
  previousStart: string | undefined,
): MailMessage {
  const before = previousStart ? ` It was on ${formatLagosTime(Date.parse(previousStart))}.` : "";
  return notice(
    facts,
    inbox,
    `Booking moved: ${facts.counsellor}, now ${formatLagosTime(facts.start)}`,
    [
      { paragraph: `The visitor moved their session to a new time.${before}` },
      details(facts),
      visitor(facts),
      footer(facts, siteUrl),
    ],
  );
}

export function practiceCancelledMail(
  facts: BookingFacts,
  inbox: string,
  siteUrl: string,
  detail: { by?: string; message?: string },
): MailMessage {
  const who =
    detail.by === "practice"
      ? "The booking was cancelled in /admin/bookings and the visitor has been told."
      : "The visitor cancelled their session on the website. The time is free again.";
  const sent = detail.message?.trim()
    ? [{ paragraph: `Message sent to the visitor:\n${multiLine(detail.message).trim()}` }]
    : [];
  return notice(
    facts,
    inbox,
    `Booking cancelled: ${facts.counsellor}, ${formatLagosTime(facts.start)}`,
    [{ paragraph: who }, ...sent, details(facts), visitor(facts), footer(facts, siteUrl)],
  );
}
