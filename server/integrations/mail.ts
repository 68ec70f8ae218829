import nodemailer from "nodemailer";
import type { DeliveryResult } from "./delivery-result";

/**
 * E-mail through SMTP_URL (nodemailer). The only module that talks SMTP. A 5xx answer from the
 * server is final; connection problems and 4xx answers are worth another try.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export function createMailer(options: { smtpUrl: string; from: string }) {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  return async function send(message: MailMessage): Promise<DeliveryResult> {
    try {
      await transport.sendMail({ from: options.from, ...message });
      return { outcome: "delivered" };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      const text = `SMTP ${code ?? (error as Error).name}`;
      return code !== undefined && code >= 500
        ? { outcome: "rejected", error: text }
        : { outcome: "retry", error: text };
    }
  };
}

export type MailSend = ReturnType<typeof createMailer>;
