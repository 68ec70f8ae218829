import { practice } from "../../../app/content/site";
import { googleCalendarLink } from "../../../app/lib/bookings/google-calendar-link";
import {
  formatLagosDay,
  formatLagosSession,
  formatLagosTime,
} from "../../../app/lib/bookings/format-lagos-time";
import { type SiteDetails, fullAddress } from "../../../app/lib/site";
import type { MailMessage } from "../../integrations/mail";
import { multiLine } from "../../integrations/mail-text";
import { bookingInvite } from "../booking-invite";
import { bookingUid } from "../calendar-event";
import type { BookingFacts } from "./booking-facts";
import { type MailBlock, layoutHtml, layoutText } from "./mail-layout";

/** What every e-mail to the visitor needs besides the booking. */
export interface VisitorMailContext {
  site: SiteDetails;
  siteUrl: string;
  /** the practice's address the visitor's replies go to and the invite names as organiser */
  practiceEmail: string;
  now: number;
}

const phonesOf = (site: SiteDetails) => site.phones.map((p) => p.display).join(" or ");

/** "/bookings/<token>" on the site, for the visitor alone. */
export const changeLink = (siteUrl: string, token: string) =>
  `${siteUrl}/bookings/${encodeURIComponent(token)}`;

function where(facts: BookingFacts, site: SiteDetails): string {
  return facts.session.place === "online"
    ? "Online. We will send you the link to join by e-mail before your session."
    : `${fullAddress(site)} (our Lekki office)`;
}

function expect(facts: BookingFacts): string {
  return facts.session.place === "online"
    ? "What to expect: a private conversation at your own pace. Find a quiet spot with a steady " +
        "connection a few minutes before; there is nothing else to bring or prepare."
    : "What to expect: a private conversation at your own pace. Please arrive five minutes " +
        "early; there is nothing to bring or prepare, just come as you are.";
}

const sessionFields = (facts: BookingFacts, site: SiteDetails): MailBlock => ({
  fields: [
    ["Session", facts.session.name],
    ["Counsellor", facts.counsellor],
    ["When", `${formatLagosSession(facts.start, facts.end)} (Lagos time)`],
    ["Where", where(facts, site)],
  ],
});

const title = (facts: BookingFacts) => `${facts.session.name} with ${facts.counsellor}`;

/** The invite (.ics) for the booking as it is now: REQUEST, or CANCEL once cancelled. */
function invite(facts: BookingFacts, context: VisitorMailContext): MailMessage["calendar"] {
  const ics = bookingInvite(
    {
      uid: bookingUid(String(facts.appointmentId), new URL(context.siteUrl).host),
      sequence: facts.sequence,
      start: facts.start,
      end: facts.end,
      summary: `${title(facts)} (${practice.name})`,
      location: facts.session.place === "online" ? "Online" : fullAddress(context.site),
      description:
        `Your session with ${practice.name}. To change or cancel it, use the link in our ` +
        `e-mail or call us on ${phonesOf(context.site)}.`,
      cancelled: facts.status === "cancelled",
      organizer: { name: practice.name, email: context.practiceEmail },
      attendee: { name: facts.visitor.name, email: facts.visitor.email },
    },
    context.now,
  );
  return { method: ics.method, filename: ics.filename, content: ics.content };
}

function calendarBlocks(facts: BookingFacts, context: VisitorMailContext): MailBlock[] {
  const google = googleCalendarLink({
    title: `${title(facts)} (${practice.name})`,
    start: facts.start,
    end: facts.end,
    details: `Your session with ${practice.name}. Questions: ${phonesOf(context.site)}.`,
    location: facts.session.place === "online" ? "Online" : fullAddress(context.site),
  });
  return [
    { paragraph: "The invite attached to this e-mail adds the session to your calendar." },
    { link: { label: "Add to Google Calendar", url: google } },
  ];
}

/**
 * How to change or cancel: the link when this e-mail has the token; otherwise the phones, and
 * (after the confirmation) the link that e-mail carried.
 */
function changeBlocks(
  token: string | undefined,
  context: VisitorMailContext,
  confirmed = true,
): MailBlock[] {
  const policy =
    "Please let us know at least 24 hours before if you need to cancel or reschedule; late " +
    "cancellations may incur a fee.";
  if (!token) {
    const link = confirmed ? ", or use the link in the e-mail that confirmed your booking" : "";
    return [
      {
        paragraph: `To change or cancel, call us on ${phonesOf(context.site)}${link}. ${policy}`,
      },
    ];
  }
  return [
    { link: { label: "Change or cancel", url: changeLink(context.siteUrl, token) } },
    { paragraph: policy },
  ];
}

function closing(context: VisitorMailContext): MailBlock[] {
  return [
    {
      paragraph: `If you have any questions, simply reply to this e-mail or call us on ${phonesOf(context.site)}.`,
    },
    {
      paragraph: `With warm regards,\nThe ${practice.name} team\n${fullAddress(context.site)}`,
    },
  ];
}

function message(
  facts: BookingFacts,
  context: VisitorMailContext,
  subject: string,
  blocks: MailBlock[],
  withInvite: boolean,
): MailMessage {
  return {
    to: facts.visitor.email,
    replyTo: context.practiceEmail,
    subject,
    text: layoutText(blocks),
    html: layoutHtml(blocks),
    ...(withInvite ? { calendar: invite(facts, context) } : {}),
  };
}

const greeting = (facts: BookingFacts): MailBlock => ({
  paragraph: facts.visitor.name ? `Dear ${facts.visitor.name},` : "Hello,",
});

/** Booked: everything the visitor needs, with the invite and the change-or-cancel link. */
export function confirmationMail(
  facts: BookingFacts,
  context: VisitorMailContext,
  token: string | undefined,
): MailMessage {
  return message(
    facts,
    context,
    `Your session is booked: ${formatLagosTime(facts.start)}`,
    [
      greeting(facts),
      {
        paragraph:
          "Thank you for booking with us. Reaching out takes courage, and we are glad you did. " +
          "Your session is booked:",
      },
      sessionFields(facts, context.site),
      { paragraph: expect(facts) },
      ...calendarBlocks(facts, context),
      ...changeBlocks(token, context, false),
      ...closing(context),
    ],
    true,
  );
}

/** A reminder before the session; no invite (the calendar already has it). */
export function reminderMail(facts: BookingFacts, context: VisitorMailContext): MailMessage {
  return message(
    facts,
    context,
    `Reminder: your session on ${formatLagosTime(facts.start)}`,
    [
      greeting(facts),
      { paragraph: "A gentle reminder of your session with us:" },
      sessionFields(facts, context.site),
      { paragraph: expect(facts) },
      ...changeBlocks(undefined, context),
      ...closing(context),
    ],
    false,
  );
}

/** Moved: the new time, an updated invite (same UID, higher SEQUENCE). */
export function movedMail(
  facts: BookingFacts,
  context: VisitorMailContext,
  detail: { token?: string; previousStart?: string },
): MailMessage {
  const before = detail.previousStart
    ? ` from ${formatLagosTime(Date.parse(detail.previousStart))}`
    : "";
  return message(
    facts,
    context,
    `Your session has moved to ${formatLagosTime(facts.start)}`,
    [
      greeting(facts),
      { paragraph: `Your session has moved${before}. Here it is at its new time:` },
      sessionFields(facts, context.site),
      {
        paragraph:
          "The invite attached to this e-mail updates the session in your calendar. If you " +
          "added it to Google Calendar with the link, please change the time there too.",
      },
      ...changeBlocks(detail.token, context),
      ...closing(context),
    ],
    true,
  );
}

/** Cancelled: a cancelling invite (METHOD:CANCEL) and, from the practice, its message. */
export function cancelledMail(
  facts: BookingFacts,
  context: VisitorMailContext,
  detail: { by?: string; message?: string },
): MailMessage {
  const day = formatLagosDay(facts.start);
  const words: MailBlock[] =
    detail.by === "practice"
      ? [
          {
            paragraph: `We are sorry to tell you that we have had to cancel your session on ${formatLagosTime(facts.start)}.`,
          },
          ...(detail.message?.trim() ? [{ paragraph: multiLine(detail.message).trim() }] : []),
          {
            paragraph: `Please call us on ${phonesOf(context.site)} and we will find you another time, or choose one yourself on our website.`,
          },
        ]
      : [
          {
            paragraph: `As you asked, your session on ${formatLagosTime(facts.start)} is cancelled.`,
          },
          {
            paragraph:
              "Whenever you are ready, we will be glad to see you. You can book another time " +
              "on our website.",
          },
        ];
  return message(
    facts,
    context,
    `Your session on ${day} is cancelled`,
    [
      greeting(facts),
      ...words,
      { link: { label: "Book a session", url: `${context.siteUrl}/schedule` } },
      {
        paragraph:
          "The attached file removes the session from your calendar. If you added it to " +
          "Google Calendar with the link, please delete it there.",
      },
      ...closing(context),
    ],
    true,
  );
}
