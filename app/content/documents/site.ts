import { z } from "zod";
import {
  choice,
  clock,
  group,
  line,
  list,
  longText,
  pageEnd,
  pageTop,
  pageWords,
  paragraph,
  refined,
  searchWords,
  text,
  url,
  weekday,
} from "../fields";
import { menuWords, quickLinkWords } from "../nav";
import { contactWords, notFoundWords } from "../page-words";
import { footerNewsletter, practice } from "../site";

/**
 * The practice's contact details, office hours and social links (shown in every page's footer), the menu's and footer's words, the page-not-found words and the words of /contact.
 */
const phoneSchema = z.object({
  display: text("Phone number as shown", 30),
  e164: refined(
    text("Phone number for calls", 16, "International form without spaces, e.g. +2349060001234"),
    (s) => s.regex(/^\+\d{8,15}$/, "Start with + and the country code, digits only."),
  ),
});

const openingHoursSchema = z
  .object({
    label: text("Days as shown", 40, "How the page names these days, e.g. Monday to Friday."),
    days: list("Days", weekday("Day"), { itemLabel: "day", max: 7 }),
    opens: clock("Opens", "E.g. 9am or 09:00. Leave empty when closed on these days."),
    closes: clock("Closes", "E.g. 7pm or 19:00."),
  })
  .superRefine((row, ctx) => {
    if (row.opens && !row.closes)
      ctx.addIssue({ code: "custom", path: ["closes"], message: "Say when the office closes." });
    if (!row.opens && row.closes)
      ctx.addIssue({ code: "custom", path: ["opens"], message: "Say when the office opens." });
    if (row.opens && row.closes && row.closes <= row.opens)
      ctx.addIssue({
        code: "custom",
        path: ["closes"],
        message: "The closing time must be after the opening time.",
      });
  });

export const siteSchema = z.object({
  phones: list("Phone numbers", phoneSchema, {
    itemLabel: "phone number",
    itemTitle: "display",
    max: 4,
  }),
  emails: list(
    "E-mail addresses",
    refined(text("E-mail", 120), (s) => s.email("Enter an e-mail address.")),
    {
      itemLabel: "e-mail address",
      max: 4,
    },
  ),
  address: group("Address", {
    street: text("Street", 120),
    city: text("City", 60),
    region: text("State", 60),
    country: text("Country", 60),
  }),
  whatsappNumber: refined(
    text("WhatsApp number", 16, "Digits only, with the country code, e.g. 2349060001234"),
    (s) => s.regex(/^\d{8,15}$/, "Digits only, with the country code."),
  ),
  openingHours: list("Office hours (Lagos time)", openingHoursSchema, {
    itemLabel: "row",
    itemTitle: "label",
    max: 7,
  }),
  emergencyNote: text("Note under the office hours", 200),
  blurb: longText(
    "About the practice",
    400,
    "Shown in every page's footer and in search results about the practice.",
  ).default(practice.blurb),
  newsletter: pageWords(
    "Newsletter sign-up in the footer",
    "Above the e-mail field at the foot of every page.",
    {
      heading: line("Heading", footerNewsletter.heading, 80),
      text: paragraph("Text", footerNewsletter.text, 300),
    },
  ),
  // Short, as the spec's: on a wide screen the top menu has room for about as many letters as now.
  menu: pageWords(
    "Menu",
    "The names in the menu at the top of every page. Where they go does not change.",
    {
      home: line("Home page", menuWords.home, 30),
      about: line("About (opens the three below)", menuWords.about, 30),
      aboutUs: line("About Us page", menuWords.aboutUs, 30),
      team: line("Team page", menuWords.team, 30),
      testimonials: line("Testimonials page", menuWords.testimonials, 30),
      tips: line("Tips (opens the two below)", menuWords.tips, 30),
      marriageTips: line("Marriage tips page", menuWords.marriageTips, 30),
      datingTips: line("Dating tips page", menuWords.datingTips, 30),
      heal: line("Heal Program page", menuWords.heal, 30),
      services: line("Services page, on wide screens", menuWords.services, 30),
      privacy: line("Privacy page, on wide screens", menuWords.privacy, 30),
      contactButton: line("Contact button, on wide screens", menuWords.contactButton, 30),
      servicesOnPhones: line("Services page, on phones", menuWords.servicesOnPhones, 30),
      privacyOnPhones: line("Privacy page, on phones", menuWords.privacyOnPhones, 30),
      contactOnPhones: line("Contact page, on phones", menuWords.contactOnPhones, 30),
      map: line("Marriage with a Map page, on phones", menuWords.map, 30),
      bookButton: line("Book button", menuWords.bookButton, 30),
      scheduleButton: line("Appointment button, on phones", menuWords.scheduleButton, 30),
    },
  ),
  quickLinks: pageWords(
    "Quick links in the footer",
    "The heading and the links under it at the foot of every page.",
    {
      heading: line("Heading", quickLinkWords.heading, 40),
      services: line("Services page", quickLinkWords.services, 40),
      about: line("About Us page", quickLinkWords.about, 40),
      testimonials: line("Testimonials page", quickLinkWords.testimonials, 40),
      contact: line("Contact page", quickLinkWords.contact, 40),
      book: line("Book page", quickLinkWords.book, 40),
      faq: line("FAQ page", quickLinkWords.faq, 40),
    },
  ),
  notFound: pageWords(
    "Page not found",
    "Under “Oops! Page not found”, on any address of the site that does not exist.",
    { text: paragraph("Text", notFoundWords.text, 400) },
  ),
  social: list(
    "Social links",
    z.object({
      name: choice("Network", [
        "Instagram",
        "Facebook",
        "LinkedIn",
        "TikTok",
        "YouTube",
        "WhatsApp",
      ]),
      label: text("Link name for screen readers", 80),
      url: url("Address"),
    }),
    { itemLabel: "social link", itemTitle: "name", max: 8 },
  ),
  // The words of the /contact page, whose editor this is. Only /contact reads them: the root
  // loader leaves them out of what every page gets (app/root.tsx).
  contactPage: z
    .object({
      top: pageTop("/contact", contactWords.top),
      message: pageWords("Above the form on /contact", "The heading and note above the form.", {
        heading: line("Heading", contactWords.message.heading),
        note: paragraph("Note", contactWords.message.note, 300),
      }),
      details: pageWords(
        "Contact details on /contact",
        "The headings over the phones, e-mails, address, hours and social links, and the WhatsApp button.",
        {
          call: line("Over the phone numbers", contactWords.details.call, 40),
          email: line("Over the e-mail addresses", contactWords.details.email, 40),
          visit: line("Over the address", contactWords.details.visit, 40),
          hours: line(
            "Over the office hours",
            contactWords.details.hours,
            40,
            "The time zone is added after it: Office hours (WAT).",
          ),
          follow: line("Over the social links", contactWords.details.follow, 40),
          whatsapp: line("WhatsApp button", contactWords.details.whatsapp, 40),
        },
      ),
      end: pageEnd(
        "/contact",
        contactWords.end,
        "The box beside the form, under the contact details.",
      ),
      search: searchWords("/contact", contactWords.search),
    })
    .prefault({}),
});

export const siteDocument = {
  title: "Contact details",
  adminPath: "/admin/contact",
  paths: ["*"],
  schema: siteSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedSite(): z.output<typeof siteSchema> {
  return {
    phones: practice.phones.map((p) => ({ ...p })),
    emails: [...practice.emails],
    address: {
      street: practice.address.street,
      city: practice.address.city,
      region: practice.address.region,
      country: practice.address.country,
    },
    whatsappNumber: practice.whatsappNumber,
    openingHours: practice.openingHours.map((h) => ({
      label: h.label,
      days: [...h.days],
      ...("opens" in h ? { opens: h.opens, closes: h.closes } : {}),
    })),
    emergencyNote: practice.emergencyNote,
    blurb: practice.blurb,
    newsletter: { ...footerNewsletter },
    menu: { ...menuWords },
    quickLinks: { ...quickLinkWords },
    notFound: { ...notFoundWords },
    social: practice.social.map((s) => ({ ...s })),
    // Nothing but words, each field's default the words the site came with.
    contactPage: siteSchema.shape.contactPage.parse({}),
  };
}
