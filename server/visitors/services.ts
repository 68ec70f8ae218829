import { defaultSchedulingUrl } from "../../app/content/booking";
import type { SiteServices } from "../../app/lib/load-context";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { deliveries } from "../db/schema";
import { fallbackNotification } from "./forms/fallback-notification";
import { practiceNotification } from "./forms/notifications";
import { createFormsService } from "./forms/service";
import { type BookingsDeps, createBookingsService } from "../bookings/service";
import { confirmPaidBooking, sessionOfOrder } from "../bookings/pay";
import { bookingMailSettings, queueBookingMails } from "../bookings/mails/queue";
import { contactFields, createHubspotClient, newsletterFields } from "../integrations/hubspot";
import { createMailer } from "../integrations/mail";
import { createPaystackClient } from "../integrations/paystack";
import { createTestimonialsService } from "../integrations/testimonials";
import type { Logger } from "../operations/logger";
import {
  type DeliveryFamily,
  type DeliveryHandler,
  type Destination,
  type Outbox,
  createOutbox,
} from "../integrations/deliveries/outbox";
import type { SiteContent } from "../../app/content/documents";
import { paymentReceipt } from "./payments/emails";
import type { BookingCatalogue } from "../bookings/mails/booking-facts";
import { bookingMailHandlers } from "../bookings/mails/handlers";
import { type Payments, createPaymentsService } from "./payments/service";
import { createRateLimiter } from "../http/rate-limit";

/**
 * Thank-you page views with a reference, per address per 10 minutes, as a multiple of
 * FORM_RATE_LIMIT: a visitor reloads while Paystack finishes, so 60 with the default of 5.
 */
export const THANK_YOU_CHECKS_PER_FORM = 12;

export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** the testimonials shown on pages changed (the page cache drops what it rendered) */
  onTestimonialsChange?: () => void;
  /** the published content: prices charged, contact details in receipts, fallback testimonials */
  content: () => SiteContent;
}

/** Everything loaders and actions can call on the server, built once at start. */
export function createServices({
  config,
  database,
  logger,
  onTestimonialsChange,
  content,
}: ServiceDeps): {
  services: SiteServices;
  outbox: Outbox;
  /** the server's side of payments (webhooks); absent when Paystack is not configured */
  payments?: Payments;
} {
  // The booking e-mails name sessions and counsellors as the booking service offers them; that
  // service is built after the outbox it queues in, so the handlers find it when they run.
  const built: Pick<SiteServices, "bookings"> = {};
  const catalogue = async () => {
    if (!built.bookings) throw new Error("no booking service");
    return built.bookings.catalogue();
  };
  const handlers = deliveryHandlers(config, database.db, content, catalogue);
  const outbox = createOutbox({
    db: database.db,
    handlers,
    logger,
    // A lead HubSpot refuses or gives up on goes to the practice inbox, when there is one.
    fallbacks: handlers["email-fallback"] ? { hubspot: "email-fallback" } : {},
    // …in one e-mail with its usual notification when that has not gone yet (issue 25).
    mergeWith: handlers["email-fallback"] ? { hubspot: "email" } : {},
  });
  const hubspot = config.hubspot;
  const mail = Boolean(config.mail.smtpUrl && config.mail.practiceInbox);
  const receipts = Boolean(config.mail.smtpUrl && (config.mail.from ?? config.mail.practiceInbox));
  const crm = (formId?: string): Destination[] => (hubspot.portalId && formId ? ["hubspot"] : []);
  // Under a flood the forms keep storing and hold their deliveries (docs/decisions/019).
  const rateLimit = createRateLimiter({
    db: database.db,
    limit: config.formRateLimit,
    floodThreshold: config.formSiteLimit,
  });
  const forms = createFormsService({
    db: database.db,
    config,
    outbox,
    logger,
    rateLimit,
    inboxCarries: mail,
    destinations: {
      contact: [...crm(hubspot.contactFormId), ...(mail ? (["email"] as const) : [])],
      newsletter: crm(hubspot.newsletterFormId),
      booking: mail ? ["email"] : [],
    },
  });
  // Bookings the practice owns (docs/decisions/042); the provider's page otherwise. The practice
  // hears of a booking through its own notice (booking-practice:*), not the booking form's e-mail.
  const mailSettings = bookingMailSettings(config);
  const { secretKey, apiUrl } = config.paystack;
  const paystack = secretKey ? createPaystackClient({ apiUrl, secretKey }) : undefined;
  // A session paid when booking is held while the visitor pays on Paystack, and booked by the
  // payment's own confirmation (server/bookings/pay.ts).
  const bookingDeps: BookingsDeps | undefined =
    config.bookings === "native"
      ? {
          db: database.db,
          content,
          rateLimit,
          outbox,
          logger,
          destinations: [],
          queueBookingMails: (tx, request) => queueBookingMails(tx, mailSettings, request),
          payments: paystack && {
            initialize: (input) => paystack.initialize(input),
            siteUrl: config.siteUrl,
          },
        }
      : undefined;
  const bookings = bookingDeps && createBookingsService(bookingDeps);
  built.bookings = bookings;
  const payments = paystack
    ? createPaymentsService({
        db: database.db,
        siteUrl: config.siteUrl,
        content,
        paystack,
        onPaid: bookingDeps && ((tx, order) => confirmPaidBooking(bookingDeps, tx, order)),
        sessionOf: bookingDeps && ((order) => sessionOfOrder(bookingDeps, order, Date.now())),
        outbox,
        // A payer is never held or refused for others' traffic: their own and their network's
        // allowance only.
        rateLimit: createRateLimiter({ db: database.db, limit: config.formRateLimit }),
        checkRateLimit: createRateLimiter({
          db: database.db,
          limit: config.formRateLimit * THANK_YOU_CHECKS_PER_FORM,
        }),
        logger,
        destinations: [
          ...(mail ? (["email"] as const) : []),
          ...(receipts ? (["receipt"] as const) : []),
        ],
      })
    : undefined;
  const services: SiteServices = {
    testimonials: createTestimonialsService({
      apiUrl: config.testimonialsApiUrl,
      database,
      logger,
      onChange: onTestimonialsChange,
      fallback: () => content().testimonials.items,
    }),
    schedulingUrl: config.schedulingUrl ?? defaultSchedulingUrl,
    gaMeasurementId: config.gaMeasurementId,
    forms,
    payments: payments?.service,
    ...(bookings ? { bookings } : {}),
  };
  return { outbox, payments, services };
}

function deliveryHandlers(
  config: Config,
  db: Db,
  content: () => SiteContent,
  catalogue: BookingCatalogue,
): Partial<Record<DeliveryFamily, DeliveryHandler>> {
  const handlers: Partial<Record<DeliveryFamily, DeliveryHandler>> = {};
  const { portalId, contactFormId, newsletterFormId, apiUrl } = config.hubspot;
  if (portalId) {
    const submit = createHubspotClient({ apiUrl, portalId });
    handlers.hubspot = async (item) => {
      const { kind, payload, createdAt } = item.submission;
      const formId =
        kind === "contact" ? contactFormId : kind === "newsletter" ? newsletterFormId : undefined;
      if (!formId) return { outcome: "rejected", error: `no HubSpot form for ${kind}` };
      return submit({
        formId,
        fields: kind === "contact" ? contactFields(payload, createdAt) : newsletterFields(payload),
        context: { pageUri: payload.pageUri ?? "", pageName: payload.pageName ?? "" },
      });
    };
  }
  const { smtpUrl, from, practiceInbox } = config.mail;
  if (smtpUrl && practiceInbox) {
    const send = createMailer({ smtpUrl, from: from ?? practiceInbox });
    handlers.email = (item) => send(practiceNotification(item, practiceInbox));
    handlers["email-fallback"] = async (item) => {
      const [crm] = await db
        .select({ status: deliveries.status, lastError: deliveries.lastError })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.submissionId, item.submission.id),
            eq(deliveries.destination, "hubspot"),
          ),
        );
      return send(fallbackNotification(item, practiceInbox, crm));
    };
  }
  const receiptFrom = from ?? practiceInbox;
  if (smtpUrl && receiptFrom) {
    const send = createMailer({ smtpUrl, from: receiptFrom });
    handlers.receipt = (item) =>
      send(paymentReceipt(item, practiceInbox ?? receiptFrom, content().site));
    Object.assign(
      handlers,
      bookingMailHandlers({
        db,
        send,
        siteUrl: config.siteUrl,
        practiceEmail: practiceInbox ?? receiptFrom,
        practiceInbox,
        site: () => content().site,
        catalogue,
      }),
    );
  }
  return handlers;
}
