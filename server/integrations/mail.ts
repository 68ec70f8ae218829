import nodemailer from "nodemailer";
import type { SendResult } from "./delivery-result";

/**
 * E-mail through SMTP_URL (nodemailer). The only module that talks SMTP. Connection problems and
 * 4xx answers are worth another try. So are the 5xx answers that are about our account rather
 * than the message (a wrong password, a used-up quota): settings get fixed and quotas reset, and
 * the messages should still be there when they do. Any other 5xx answer is final.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** the same words as simple HTML, for mail apps that show links as links */
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /**
   * A calendar invite (RFC 5546): sent both as a `text/calendar; method=…` alternative, which
   * mail apps offer to add, and as an .ics attachment for those that do not.
   */
  calendar?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
}

export function createMailer(options: { smtpUrl: string; from: string }) {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  return async function send(message: MailMessage): Promise<SendResult> {
    try {
      const { calendar, ...rest } = message;
      await transport.sendMail({
        from: options.from,
        ...rest,
        ...(calendar ? { icalEvent: calendar } : {}),
      });
      return { outcome: "delivered" };
    } catch (error) {
      const { responseCode, response } = error as { responseCode?: number; response?: string };
      return smtpFailure(responseCode, response, (error as Error).name);
    }
  };
}

/** Words of a provider's answer that blame the account's standing or limits, not the message. */
const POLICY_TEXT = /quota|limit|policy|rate|paused|suspend|exceed|too many|throttl/i;
/** 530 authentication required, 534 mechanism too weak, 535 credentials invalid. */
const AUTH_CODES = new Set([530, 534, 535]);

/**
 * What an SMTP failure comes to. The error kept (and logged) names the code and its meaning but
 * not the server's text, which can quote an address.
 */
export function smtpFailure(
  code: number | undefined,
  response: string | undefined,
  name = "Error",
): SendResult {
  if (code === undefined) return { outcome: "retry", error: `SMTP ${name}` };
  if (AUTH_CODES.has(code)) {
    return { outcome: "retry", error: `SMTP ${code} authentication failed (check SMTP_URL)` };
  }
  if (code === 421 || code === 454) {
    return { outcome: "retry", error: `SMTP ${code} service not available` };
  }
  if (code < 500) return { outcome: "retry", error: `SMTP ${code}` };
  if (POLICY_TEXT.test(response ?? "")) {
    return { outcome: "retry", error: `SMTP ${code} sending limit or provider policy` };
  }
  return { outcome: "rejected", error: `SMTP ${code}` };
}

export type MailSend = ReturnType<typeof createMailer>;
