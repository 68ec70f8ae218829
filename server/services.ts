import { defaultSchedulingUrl } from "../app/content/booking";
import type { SiteServices } from "../app/lib/load-context";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { practiceNotification } from "./forms/notifications";
import { createFormsService } from "./forms/service";
import { contactFields, createHubspotClient, newsletterFields } from "./integrations/hubspot";
import { createMailer } from "./integrations/mail";
import { createTestimonialsService } from "./integrations/testimonials";
import type { Logger } from "./logger";
import { type DeliveryHandler, type Destination, type Outbox, createOutbox } from "./outbox";
import { createRateLimiter } from "./rate-limit";

export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
}

/** Everything loaders and actions can call on the server, built once at start. */
export function createServices({ config, database, logger }: ServiceDeps): {
  services: SiteServices;
  outbox: Outbox;
} {
  const outbox = createOutbox({ db: database.db, handlers: deliveryHandlers(config), logger });
  const hubspot = config.hubspot;
  const mail = Boolean(config.mail.smtpUrl && config.mail.practiceInbox);
  const crm = (formId?: string): Destination[] => (hubspot.portalId && formId ? ["hubspot"] : []);
  const forms = createFormsService({
    db: database.db,
    config,
    outbox,
    logger,
    rateLimit: createRateLimiter({ db: database.db, limit: config.formRateLimit }),
    destinations: {
      contact: [...crm(hubspot.contactFormId), ...(mail ? (["email"] as const) : [])],
      newsletter: crm(hubspot.newsletterFormId),
      booking: mail ? ["email"] : [],
    },
  });
  return {
    outbox,
    services: {
      testimonials: createTestimonialsService({
        apiUrl: config.testimonialsApiUrl,
        database,
        logger,
      }),
      schedulingUrl: config.schedulingUrl ?? defaultSchedulingUrl,
      gaMeasurementId: config.gaMeasurementId,
      forms,
    },
  };
}

function deliveryHandlers(config: Config): Partial<Record<Destination, DeliveryHandler>> {
  const handlers: Partial<Record<Destination, DeliveryHandler>> = {};
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
  }
  return handlers;
}
