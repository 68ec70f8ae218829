import type { Config } from "../config";

/**
 * What each outside service comes to with this configuration, as one start-up log line each,
 * so whoever deploys sees at once what reaches the practice and what does not. Names which
 * variables are set, never their values (keys, passwords and addresses stay out of logs).
 */
export interface IntegrationLine {
  integration: string;
  configured: boolean;
  message: string;
}

export function integrationReport(config: Config): IntegrationLine[] {
  const { hubspot, mail, paystack } = config;
  const hubspotForms = [
    hubspot.contactFormId ? "contact" : undefined,
    hubspot.newsletterFormId ? "newsletter" : undefined,
  ].filter(Boolean);
  const mailWorks = Boolean(mail.smtpUrl && mail.practiceInbox);
  return [
    hubspot.portalId && hubspotForms.length
      ? {
          integration: "hubspot",
          configured: true,
          message: `HubSpot: configured for the ${hubspotForms.join(" and ")} form${hubspotForms.length > 1 ? "s" : ""}`,
        }
      : {
          integration: "hubspot",
          configured: false,
          message:
            "HubSpot: not configured (HUBSPOT_PORTAL_ID and HUBSPOT_CONTACT_FORM_ID); contact " +
            "messages and newsletter sign-ups go to the CRM only once it is",
        },
    mail.smtpUrl
      ? { integration: "mail", configured: true, message: "Mail: SMTP_URL configured" }
      : {
          integration: "mail",
          configured: false,
          message:
            "Mail: SMTP_URL not set; no booking, message or payment notice is e-mailed to the " +
            "practice and no payment receipt to clients. Submissions stay in the database " +
            "(npm run export)",
        },
    mail.practiceInbox
      ? {
          integration: "practice-inbox",
          configured: true,
          message: mailWorks
            ? "Practice inbox: configured; notifications, HubSpot fallbacks and the attention digest go there"
            : "Practice inbox: configured, but nothing is sent to it until SMTP_URL is set",
        }
      : {
          integration: "practice-inbox",
          configured: false,
          message:
            "Practice inbox: PRACTICE_INBOX not set; bookings and payment notices reach no one " +
            "by e-mail, and there is no fallback when HubSpot refuses a lead",
        },
    paystack.secretKey
      ? { integration: "paystack", configured: true, message: "Paystack: configured" }
      : {
          integration: "paystack",
          configured: false,
          message:
            "Paystack: PAYSTACK_SECRET_KEY not set; checkout says it is temporarily unavailable",
        },
    config.testimonialsApiUrl
      ? { integration: "testimonials", configured: true, message: "Testimonials sheet: configured" }
      : {
          integration: "testimonials",
          configured: false,
          message:
            "Testimonials sheet: TESTIMONIALS_API_URL not set; the built-in testimonials are shown",
        },
    config.schedulingUrl
      ? { integration: "scheduling", configured: true, message: "Scheduling: configured" }
      : {
          integration: "scheduling",
          configured: false,
          message: "Scheduling: SCHEDULING_URL not set; bookings open the default booking page",
        },
    config.gaMeasurementId
      ? {
          integration: "analytics",
          configured: true,
          message: "Google Analytics: configured (loads only after a visitor consents)",
        }
      : {
          integration: "analytics",
          configured: false,
          message: "Google Analytics: GA_MEASUREMENT_ID not set; no page views are counted",
        },
  ];
}
