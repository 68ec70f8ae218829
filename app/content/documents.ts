import { z } from "zod";
import { mission, stats } from "./about";
import { books } from "./book";
import { hiddenThread } from "./campaign";
import { faqs } from "./faq";
import {
  choice,
  clock,
  count,
  group,
  list,
  longText,
  markdown,
  naira,
  oldPriceAbovePrice,
  optionalPhoto,
  line,
  wordsWith,
  pageEnd,
  pageTop,
  pageWords,
  paragraph,
  photo,
  searchWords,
  shortName,
  refined,
  text,
  url,
  webinarDate,
  weekday,
} from "./fields";
import { healProgram } from "./heal";
import {
  HERO_ON_PHONES_FIRST,
  HERO_ON_PHONES_NOT,
  featuredProgrammes,
  hero,
  heroBanners,
  homeCta,
  homeVideo,
  serviceTiles,
} from "./home";
import {
  aboutWords,
  bookWords,
  contactWords,
  datingTipsWords,
  faqWords,
  healWords,
  hiddenThreadWords,
  homeWords,
  mapWords,
  marriageTipsWords,
  newsletterWords,
  notFoundWords,
  privacyWords,
  scheduleWords,
  servicesWords,
  teamWords,
  testimonialsWords,
  valuesWords,
} from "./page-words";
import { privacyCards, privacyCommitment, privacyLastUpdated } from "./privacy";
import { corePrograms, mapPlans } from "./programmes";
import { serviceCategories } from "./services";
import { slugify, uniqueSlug } from "./slug";
import { footerNewsletter, practice } from "./site";
import { stories, storyWebinarLines } from "./stories";
import { leadCounsellor, teamMembers } from "./team";
import { fallbackTestimonials } from "./testimonials";
import { datingTips, marriageTips } from "./tips";
import { aboutValues, coreValues } from "./values";
import { shippedWebinarStart } from "./webinar";

/**
 * The practice's content as documents: one zod schema per page or section, the shipped first
 * version of each, and the public pages each one appears on. The server keeps every published
 * version in the database (server/content/); routes read the published value from their load
 * context, never from these modules, so a publish shows without a rebuild. The same schema checks
 * an edit and renders the page (docs/decisions/027).
 */

/**
 * A page of this site: one leading slash, then words joined by single slashes. Never `//…`, which
 * a browser reads as another site (`//2130706433` is http://127.0.0.1/), and never a backslash,
 * which browsers read as a slash (issue 29, L8).
 */
export const SITE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*\/?)?$/;

/** Where a link card or button goes on this site. */
const internalLink = (label: string) =>
  refined(text(label, 60, "A page of this site, such as /services."), (s) =>
    s.regex(
      SITE_PATH,
      "Type a page of this site, starting with one /, such as /services or /book. Another website's address cannot go here.",
    ),
  );

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

const linkCard = z.object({
  title: text("Title", 60),
  to: internalLink("Links to"),
  text: longText("Text", 200),
  image: photo("Image"),
});

export const homeSchema = z.object({
  hero: group("Hero", {
    eyebrow: text("Small line above the heading", 80),
    heading: text("Heading", 80),
    text: longText("Text", 400),
    poster: photo("Image", {
      help: "Shown beside the heading on computers and tablets held sideways (1024 px wide and wider). Phones show it too when On phones below says so.",
    }),
    onPhones: choice("On phones", [HERO_ON_PHONES_FIRST, HERO_ON_PHONES_NOT]).default(
      HERO_ON_PHONES_NOT,
    ),
    quote: longText("Quote", 300),
  }),
  banners: list(
    "Phone banner slides",
    z.object({ image: photo("Image"), caption: text("Caption", 80) }),
    {
      itemLabel: "slide",
      itemTitle: "caption",
      max: 6,
      help: "Phones and small tablets (narrower than 1024 px) show these one after another, every 4 seconds, in place of the Hero image.",
    },
  ),
  featuredHeading: pageWords(
    "Above the featured programmes",
    "On the home page, above the cards.",
    {
      eyebrow: line("Small line above the heading", homeWords.featured.eyebrow, 60),
      heading: line("Heading", homeWords.featured.heading),
      link: line("Link on each card", homeWords.featured.link, 40),
    },
  ),
  featuredProgrammes: list("Featured programmes", linkCard, {
    itemLabel: "programme",
    itemTitle: "title",
    max: 8,
  }),
  video: group("Featured video", {
    eyebrow: line("Small line above the title", homeWords.videoEyebrow, 60),
    youtubeId: refined(
      text("YouTube video id", 20, "The part after watch?v= in the video's address."),
      (s) => s.regex(/^[A-Za-z0-9_-]{6,20}$/, "Paste the id only, e.g. sa0RUmGTCYY."),
    ),
    title: text("Title", 120),
    intro: longText("Text", 500),
  }),
  servicesHeading: pageWords("Above the service tiles", "On the home page, above the tiles.", {
    eyebrow: line("Small line above the heading", homeWords.services.eyebrow, 60),
    heading: line("Heading", homeWords.services.heading),
    link: line("Link on each tile", homeWords.services.link, 40),
  }),
  serviceTiles: list("Service tiles", linkCard, { itemLabel: "tile", itemTitle: "title", max: 6 }),
  testimonialsHeading: pageWords(
    "Above the testimonials",
    "On the home page, above the testimonials.",
    {
      eyebrow: line("Small line above the heading", homeWords.testimonials.eyebrow, 60),
      heading: line("Heading", homeWords.testimonials.heading),
      button: line("Button", homeWords.testimonials.button, 40),
    },
  ),
  cta: group("Call to action", {
    heading: text("Heading", 80),
    text: longText("Text", 300),
    button: line("Button", homeCta.primary.label, 40),
  }),
  search: searchWords("/", homeWords.search),
});

const serviceSchema = z
  .object({
    id: shortName(60),
    title: text("Title", 80),
    description: longText("Description", 600),
    price: naira("Price").optional(),
    oldPrice: naira("Old price").optional(),
    image: optionalPhoto(
      "Image",
      "Optional: without a photo, the card shows one of the practice's illustrations.",
    ),
  })
  .superRefine(oldPriceAbovePrice)
  .superRefine((service, ctx) => {
    if (service.image?.key && !service.image.alt)
      ctx.addIssue({
        code: "custom",
        path: ["image", "alt"],
        message: "Say what the photo shows, for people who cannot see it.",
      });
  });

/** The illustration a service without a photo shows, by its category's icon. */
const serviceIllustration = {
  sparkles: "service-introductory-consultation",
  heart: "service-couples-counselling-session",
  brain: "service-individual-therapy",
  user: "service-individual-therapy",
  users: "service-family-therapy-session",
} as const;

type ServiceCategoryInput = {
  id?: string;
  name: string;
  icon: keyof typeof serviceIllustration;
  intro: string;
  services: z.infer<typeof serviceSchema>[];
};

/**
 * Fills what the practice may leave empty (issue 29 item 13): a short name made from the title,
 * unique on the page, and a shipped illustration for a service without a photo.
 */
function withServiceDefaults(categories: ServiceCategoryInput[]) {
  const taken = new Set(
    categories
      .flatMap((c) => [c.id, ...c.services.map((s) => s.id)])
      .filter((id): id is string => !!id),
  );
  return categories.map((c) => ({
    ...c,
    id: c.id || uniqueSlug(slugify(c.name, 40), taken),
    services: c.services.map((s) => ({
      ...s,
      id: s.id || uniqueSlug(slugify(s.title), taken),
      image: s.image?.key
        ? { key: s.image.key, alt: s.image.alt ?? "" }
        : { key: serviceIllustration[c.icon], alt: `${s.title}: an illustration` },
    })),
  }));
}

export const servicesSchema = z.object({
  top: pageTop("/services", servicesWords.top),
  categories: list(
    "Service categories",
    z.object({
      id: shortName(40),
      name: text("Name", 60),
      icon: choice("Icon", ["sparkles", "heart", "brain", "user", "users"]),
      intro: longText("Introduction", 300),
      services: list("Programmes", serviceSchema, {
        itemLabel: "programme",
        itemTitle: "title",
        max: 20,
      }),
    }),
    { itemLabel: "category", itemTitle: "name", max: 8 },
  ).transform(withServiceDefaults),
  noPrice: pageWords("A programme without a price", "On its card, where the price would be.", {
    text: line("Instead of a price", servicesWords.noPrice.text, 60),
  }),
  end: pageEnd("/services", servicesWords.end),
  search: searchWords("/services", servicesWords.search),
});

const coreProgrammeSchema = z
  .object({
    id: refined(text("Short name in links", 60), (s) =>
      s.regex(/^[a-z0-9-]+$/, "Lower-case letters, digits and -."),
    ),
    title: text("Title", 80),
    summary: longText("Description", 500),
    duration: text("Duration", 80),
    price: naira("Price"),
    oldPrice: naira("Old price").optional(),
    includes: list("What is included", text("Item", 160), { itemLabel: "item", max: 10 }),
    image: photo("Image"),
  })
  .superRefine(oldPriceAbovePrice);

export const aboutSchema = z.object({
  top: pageTop("/about", aboutWords.top),
  intro: longText("Opening line", 400),
  missionHeading: text("Mission heading", 80),
  missionParagraphs: list("Mission", longText("Paragraph", 1_500), { itemLabel: "paragraph" }),
  missionImage: photo("Image"),
  stats: list("Statistics", z.object({ value: text("Figure", 12), label: text("Label", 40) }), {
    itemLabel: "statistic",
    itemTitle: "label",
    max: 6,
  }),
  corePrograms: list("Core programmes", coreProgrammeSchema, {
    itemLabel: "programme",
    itemTitle: "title",
    max: 4,
  }),
  values: list(
    "Values",
    z.object({ name: text("Name", 60), description: longText("Description", 400) }),
    { itemLabel: "value", itemTitle: "name", max: 8 },
  ),
  headings: pageWords("Section headings", "Above the core programmes and the values on /about.", {
    programmes: line("Above the core programmes", aboutWords.headings.programmes),
    values: line("Above the values", aboutWords.headings.values),
  }),
  end: pageEnd("/about", aboutWords.end),
  search: searchWords("/about", aboutWords.search),
});

export const mapSchema = z.object({
  top: pageTop("/marraige-with-a-map", mapWords.top),
  how: pageWords("How the plans work", "Beside the picture, above the plans.", {
    heading: line("Heading", mapWords.how.heading),
    first: paragraph("First paragraph", mapWords.how.first),
    second: paragraph("Second paragraph", mapWords.how.second),
  }),
  image: photo("Image"),
  plans: list(
    "Plans",
    z
      .object({
        id: refined(text("Short name in links", 40), (s) =>
          s.regex(/^[a-z0-9-]+$/, "Lower-case letters, digits and -."),
        ),
        tier: text("Name", 60),
        sessions: count("Sessions", 100),
        original: naira("Old price"),
        price: naira("Price"),
        description: longText("Description", 400),
        features: list("Features", text("Feature", 160), { itemLabel: "feature", max: 10 }),
      })
      .superRefine((plan, ctx) => {
        if (plan.original <= plan.price)
          ctx.addIssue({
            code: "custom",
            path: ["original"],
            message: "The old price must be more than the price.",
          });
      }),
    { itemLabel: "plan", itemTitle: "tier", max: 6 },
  ),
  plansWords: pageWords(
    "Above and on the plans",
    "The heading above the plans and their buttons.",
    {
      heading: line("Heading", mapWords.plans.heading),
      register: line("WhatsApp button", mapWords.plans.register, 40),
      pay: line("Pay button", mapWords.plans.pay, 40, "Shown when online payment is set up."),
    },
  ),
  search: searchWords("/marraige-with-a-map", mapWords.search),
});

export const bookSchema = z
  .object({
    eyebrow: line("Small line above the title", bookWords.eyebrow, 60),
    title: text("Title", 120),
    author: text("Author", 80),
    price: naira("Price"),
    oldPrice: naira("Old price").optional(),
    buyUrl: refined(
      url("Selar link", "The book's page on Selar, e.g. https://selar.co/marriagecanwork"),
      (s) =>
        s.refine(
          (v) => /^https:\/\/(www\.)?selar\.(co|com)\//i.test(v),
          "Use the book's selar.co link.",
        ),
    ),
    cover: photo("Image"),
    summary: markdown("Summary", 2_000),
    benefitsHeading: line("Heading above the list", bookWords.benefitsHeading, 80),
    benefits: list("Inside you will find", text("Benefit", 160), { itemLabel: "benefit", max: 10 }),
    support: pageWords("Under the book", "The words and buttons under the book on /book.", {
      heading: line("Heading", bookWords.support.heading, 80),
      text: paragraph("Text", bookWords.support.text, 400),
      button: line("Button", bookWords.support.button, 40),
      secondButton: line("Second button", bookWords.support.secondButton, 40),
    }),
    search: searchWords("/book", bookWords.search),
  })
  .superRefine(oldPriceAbovePrice);

const teamMemberSchema = z.object({
  name: text("Name", 80),
  title: text("Title", 80),
  post: text("Role", 120),
  bio: markdown("Bio", 3_000),
  photo: photo("Photo"),
});

export const teamSchema = z.object({
  top: pageTop("/team", teamWords.top),
  intro: paragraph("Opening line", teamWords.intro, 400),
  lead: group("Lead counsellor", teamMemberSchema.shape),
  membersHeading: wordsWith(
    text("Heading above the other members", 100, "Shown when the team has other members."),
    teamWords.membersHeading,
    { name: "the lead counsellor's name" },
  ),
  members: list("Team members", teamMemberSchema, {
    itemLabel: "member",
    itemTitle: "name",
    min: 0,
    max: 20,
  }),
  cta: pageEnd("/team", teamWords.end),
  search: searchWords("/team", teamWords.search),
});

export const faqSchema = z.object({
  top: pageTop("/faq", faqWords.top),
  items: list(
    "Questions",
    z.object({ question: text("Question", 200), answer: markdown("Answer", 3_000) }),
    { itemLabel: "question", itemTitle: "question", max: 40 },
  ),
  end: pageEnd("/faq", faqWords.end),
  search: searchWords("/faq", faqWords.search),
});

export const marriageTipsSchema = z.object({
  top: pageTop("/marriage-tips", marriageTipsWords.top),
  tips: list("Tips", z.object({ title: text("Title", 120), body: markdown("Text", 2_000) }), {
    itemLabel: "tip",
    itemTitle: "title",
    max: 30,
  }),
  end: pageEnd("/marriage-tips", marriageTipsWords.end),
  search: searchWords("/marriage-tips", marriageTipsWords.search),
});

export const datingTipsSchema = z.object({
  top: pageTop("/dating-tips", datingTipsWords.top),
  tips: list(
    "Tips",
    z.object({
      category: text("Category", 40),
      title: text("Title", 120),
      body: markdown("Text", 2_000),
    }),
    { itemLabel: "tip", itemTitle: "title", max: 30 },
  ),
  search: searchWords("/dating-tips", datingTipsWords.search),
});

export const valuesSchema = z.object({
  top: pageTop("/values", valuesWords.top),
  values: list(
    "Values",
    z.object({ name: text("Name", 60), description: longText("Description", 600) }),
    { itemLabel: "value", itemTitle: "name", max: 10 },
  ),
  search: searchWords("/values", valuesWords.search),
});

export const privacySchema = z.object({
  top: pageTop("/privacy", privacyWords.top),
  lastUpdated: refined(text("Last updated", 10, "YYYY-MM-DD"), (s) =>
    s.regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD."),
  ),
  cards: list(
    "Cards",
    z.object({ title: text("Title", 80), description: markdown("Text", 1_000) }),
    { itemLabel: "card", itemTitle: "title", max: 8 },
  ),
  sections: list(
    "Our commitment",
    z.object({
      heading: text("Heading", 120),
      paragraphs: list("Paragraphs", markdown("Paragraph", 2_000), { itemLabel: "paragraph" }),
      items: list("List", text("Item", 400), { itemLabel: "list item", min: 0, max: 20 }),
    }),
    { itemLabel: "section", itemTitle: "heading", max: 20 },
  ),
  search: searchWords("/privacy", privacyWords.search),
});

const WEBINAR_TITLE = { webinar: "the webinar's title" };

export const hiddenThreadSchema = z.object({
  intro: wordsWith(longText("Opening paragraph of /hidden-thread", 600), hiddenThreadWords.intro, {
    count: "the number of stories, in words",
  }),
  webinar: group("Webinar", {
    title: text("Webinar title", 80),
    startsAt: webinarDate(),
    cost: text("Cost", 40),
    registrationUrl: url("Registration link"),
  }),
  stories: list(
    "Stories",
    z.object({
      id: refined(
        text("Address", 20, "The story's address: /hidden-thread/day-1 and so on."),
        (s) => s.regex(/^day-\d{1,2}$/, "day-1, day-2 …"),
      ),
      title: text("Title", 80),
      teaser: longText("Teaser", 300),
      email: longText("Story", 8_000),
      image: photo("Image"),
    }),
    { itemLabel: "story", itemTitle: "title", max: 14 },
  ),
  open: pageWords(
    "While registration is open",
    "Until the webinar starts: on /hidden-thread after the stories' introduction, and the last lines of each story, under its day, time and cost.",
    {
      text: wordsWith(longText("Text", 400), hiddenThreadWords.open.text, {
        day: "the webinar's day, such as Saturday, August 31st",
      }),
      registration: line(
        "Registration line of each story",
        hiddenThreadWords.open.registration,
        120,
      ),
      link: wordsWith(
        text("Last line of each story", 120),
        hiddenThreadWords.open.link,
        WEBINAR_TITLE,
      ),
    },
  ),
  closed: pageWords(
    "When registration has closed",
    "Once the webinar has started: on /hidden-thread after the stories' introduction, at the end of each story, and the button there and under each story.",
    {
      text: paragraph("Text", hiddenThreadWords.closed.text, 400),
      storyNote: wordsWith(
        longText("At the end of each story", 400),
        hiddenThreadWords.closed.storyNote,
        WEBINAR_TITLE,
      ),
      button: line("Button", hiddenThreadWords.closed.button, 40),
    },
  ),
  search: searchWords("/hidden-thread", hiddenThreadWords.search),
});

export const healSchema = z.object({
  top: pageTop("/heal", healWords.top),
  tagline: longText("Tagline", 200),
  intro: list("Introduction", longText("Paragraph", 1_500), { itemLabel: "paragraph" }),
  image: photo("Image"),
  whoItIsFor: list("Who it is for", text("Item", 300), { itemLabel: "item", max: 12 }),
  howItWorks: list(
    "How it works",
    z.object({ title: text("Title", 80), body: markdown("Text", 1_000) }),
    { itemLabel: "step", itemTitle: "title", max: 10 },
  ),
  outcomes: list("What you can expect", text("Item", 300), { itemLabel: "item", max: 12 }),
  headings: pageWords("Section headings", "The headings of /heal's sections.", {
    whatItIs: line("Above the introduction", healWords.headings.whatItIs),
    howItWorks: line("Above how it works", healWords.headings.howItWorks),
    outcomes: line("Above what you can expect", healWords.headings.outcomes),
    whoItIsFor: line("Above who it is for", healWords.headings.whoItIsFor),
  }),
  end: pageEnd(
    "/heal",
    healWords.end,
    "The dark box beside the page. Its buttons keep their words: “Dm us Heal” is the practice's WhatsApp catalogue, as the specification names it.",
  ),
  search: searchWords("/heal", healWords.search),
});

export const testimonialsSchema = z.object({
  top: pageTop("/testimonials", testimonialsWords.top),
  empty: pageWords(
    "When there are no testimonials",
    "On /testimonials and the home page, in place of the testimonials.",
    { text: paragraph("Text", testimonialsWords.empty.text, 300) },
  ),
  items: list(
    "Testimonials",
    z.object({
      name: text("Name", 80),
      review: longText("Review", 1_000),
      stars: refined(count("Stars (1 to 5)", 5), (s) => s.min(1, "From 1 to 5 stars.")),
      country: text("Country", 60),
    }),
    {
      itemLabel: "testimonial",
      itemTitle: "name",
      max: 30,
      help: "Shown when no testimonials sheet is set up.",
    },
  ),
  end: pageEnd("/testimonials", testimonialsWords.end),
  search: searchWords("/testimonials", testimonialsWords.search),
});

export const scheduleSchema = z.object({
  top: pageTop("/schedule", scheduleWords.top),
  booking: pageWords("Under “Book Your Session”", "Above the booking form on /schedule.", {
    text: paragraph("Text", scheduleWords.booking.text, 400),
  }),
  whatsapp: pageWords("WhatsApp", "Under “Other Ways to Schedule” on /schedule.", {
    heading: line("Heading", scheduleWords.whatsapp.heading),
    text: paragraph("Text", scheduleWords.whatsapp.text, 300),
    button: line("Button", scheduleWords.whatsapp.button, 40),
  }),
  search: searchWords("/schedule", scheduleWords.search),
});

export const newsletterSchema = z.object({
  top: pageTop("/newsletter", newsletterWords.top),
  signUp: pageWords("Above the e-mail field", "The sign-up on /newsletter.", {
    heading: line("Heading", newsletterWords.signUp.heading),
    text: paragraph("Text", newsletterWords.signUp.text, 300),
  }),
  benefits: pageWords(
    "What you will receive",
    "Beside the sign-up on /newsletter. The three benefits' names are fixed.",
    {
      heading: line("Heading", newsletterWords.benefits.heading),
      weeklyTips: paragraph("Under “Weekly tips”", newsletterWords.benefits.weeklyTips, 300),
      communication: paragraph(
        "Under “Communication strategies”",
        newsletterWords.benefits.communication,
        300,
      ),
      exclusive: paragraph("Under “Exclusive content”", newsletterWords.benefits.exclusive, 300),
    },
  ),
  search: searchWords("/newsletter", newsletterWords.search),
});

/** Every document, in the order /admin lists them. */
export const documents = {
  home: {
    title: "Home page",
    adminPath: "/admin/home",
    paths: ["/"],
    schema: homeSchema,
  },
  services: {
    title: "Services and prices",
    adminPath: "/admin/services",
    paths: ["/services"],
    schema: servicesSchema,
  },
  about: {
    title: "About us, statistics and core programmes",
    adminPath: "/admin/about",
    paths: ["/about", "/checkout"],
    schema: aboutSchema,
  },
  map: {
    title: "Marriage with a Map plans",
    adminPath: "/admin/marraige-with-a-map",
    paths: ["/marraige-with-a-map", "/checkout"],
    schema: mapSchema,
  },
  book: {
    title: "The book",
    adminPath: "/admin/book",
    paths: ["/book", "/api/books", "/checkout"],
    schema: bookSchema,
  },
  team: { title: "Team", adminPath: "/admin/team", paths: ["/team"], schema: teamSchema },
  faq: { title: "FAQ", adminPath: "/admin/faq", paths: ["/faq"], schema: faqSchema },
  hiddenThread: {
    title: "The Hidden Thread: webinar and stories",
    adminPath: "/admin/hidden-thread",
    paths: ["/hidden-thread", "/hidden-thread/*"],
    schema: hiddenThreadSchema,
  },
  heal: { title: "Heal Program", adminPath: "/admin/heal", paths: ["/heal"], schema: healSchema },
  marriageTips: {
    title: "Marriage tips",
    adminPath: "/admin/marriage-tips",
    paths: ["/marriage-tips"],
    schema: marriageTipsSchema,
  },
  datingTips: {
    title: "Dating tips",
    adminPath: "/admin/dating-tips",
    paths: ["/dating-tips"],
    schema: datingTipsSchema,
  },
  values: {
    title: "Values",
    adminPath: "/admin/values",
    paths: ["/values"],
    schema: valuesSchema,
  },
  privacy: {
    title: "Privacy policy",
    adminPath: "/admin/privacy",
    paths: ["/privacy"],
    schema: privacySchema,
  },
  schedule: {
    title: "Schedule an appointment",
    adminPath: "/admin/schedule",
    paths: ["/schedule"],
    schema: scheduleSchema,
  },
  newsletter: {
    title: "Newsletter page",
    adminPath: "/admin/newsletter",
    paths: ["/newsletter"],
    schema: newsletterSchema,
  },
  testimonials: {
    title: "Testimonials",
    adminPath: "/admin/testimonials",
    paths: ["/testimonials", "/"],
    schema: testimonialsSchema,
  },
  site: {
    title: "Contact details",
    adminPath: "/admin/contact",
    paths: ["*"],
    schema: siteSchema,
  },
} as const;

export type DocumentId = keyof typeof documents;
export const documentIds = Object.keys(documents) as DocumentId[];

export type SiteContent = { [K in DocumentId]: z.infer<(typeof documents)[K]["schema"]> };

export function isDocumentId(value: string): value is DocumentId {
  return Object.hasOwn(documents, value);
}

/** The document edited at an /admin path, e.g. "/admin/book" → "book". */
export function documentAt(adminPath: string): DocumentId | undefined {
  const path = adminPath.toLowerCase().replace(/\/+$/, "");
  return documentIds.find((id) => documents[id].adminPath === path);
}

/** Whether a document's change shows on a public path. */
export function documentShowsOn(doc: DocumentId, path: string): boolean {
  return documents[doc].paths.some(
    (p) => p === "*" || p === path || (p.endsWith("/*") && path.startsWith(p.slice(0, -1))),
  );
}

/**
 * A stored version as the editor shows it: the fields added since it was saved (a page's words)
 * filled in with the words its pages showed, the ones the site came with. A value that no longer
 * fits its schema is left as it is.
 */
export function withShippedWords(doc: DocumentId, value: unknown): unknown {
  const parsed = documents[doc].schema.safeParse(value);
  return parsed.success ? parsed.data : value;
}

/** The content that comes with the site: version 1 of a fresh database. */
export function shippedContent(now = new Date()): SiteContent {
  const book = books[0]!;
  return {
    site: {
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
      notFound: { ...notFoundWords },
      social: practice.social.map((s) => ({ ...s })),
      // Nothing but words, each field's default the words the site came with.
      contactPage: siteSchema.shape.contactPage.parse({}),
    },
    home: {
      hero: {
        eyebrow: hero.eyebrow,
        heading: hero.heading,
        text: hero.text,
        poster: { key: hero.poster.image, alt: hero.poster.alt },
        onPhones: HERO_ON_PHONES_NOT,
        quote: hero.quote,
      },
      banners: heroBanners.map((b) => ({
        image: { key: b.image, alt: b.alt },
        caption: b.caption,
      })),
      featuredHeading: { ...homeWords.featured },
      featuredProgrammes: featuredProgrammes.map(cardDoc),
      video: {
        eyebrow: homeWords.videoEyebrow,
        youtubeId: homeVideo.youtubeId,
        title: homeVideo.title,
        intro: homeVideo.intro,
      },
      servicesHeading: { ...homeWords.services },
      serviceTiles: serviceTiles.map(cardDoc),
      testimonialsHeading: { ...homeWords.testimonials },
      cta: { heading: homeCta.heading, text: homeCta.text, button: homeCta.primary.label },
      search: { ...homeWords.search },
    },
    services: {
      top: { ...servicesWords.top },
      categories: serviceCategories.map((c) => ({
        id: c.id,
        name: c.name,
        icon: c.icon,
        intro: c.intro,
        services: c.services.map((s) => ({
          id: s.id,
          title: s.title,
          description: s.description,
          ...(s.price !== undefined ? { price: s.price } : {}),
          ...(s.oldPrice !== undefined ? { oldPrice: s.oldPrice } : {}),
          image: { key: s.image, alt: `${s.title}: an illustration` },
        })),
      })),
      noPrice: { ...servicesWords.noPrice },
      end: { ...servicesWords.end },
      search: { ...servicesWords.search },
    },
    about: {
      top: { ...aboutWords.top },
      intro: mission.intro,
      missionHeading: mission.heading,
      missionParagraphs: [...mission.paragraphs],
      missionImage: {
        key: "about-mission",
        alt: "A lighthouse guiding a small boat home at sunset",
      },
      stats: stats.map((s) => ({ ...s })),
      corePrograms: corePrograms.map((p) => ({
        id: p.id,
        title: p.title,
        summary: p.summary,
        duration: p.duration,
        price: p.price,
        oldPrice: p.oldPrice,
        includes: [...p.includes],
        image: { key: p.image, alt: `${p.title}: an illustration` },
      })),
      values: aboutValues.map((v) => ({ ...v })),
      headings: { ...aboutWords.headings },
      end: { ...aboutWords.end },
      search: { ...aboutWords.search },
    },
    map: {
      top: { ...mapWords.top },
      how: { ...mapWords.how },
      image: { key: "map-plans", alt: "A winding path drawn on a map, leading to a heart" },
      plans: mapPlans.map((p) => ({ ...p, features: [...p.features] })),
      plansWords: { ...mapWords.plans },
      search: { ...mapWords.search },
    },
    book: {
      title: book.title,
      author: book.author,
      price: book.price,
      buyUrl: book.buyUrl,
      cover: { key: book.cover, alt: `The cover of ${book.title} by ${book.author}` },
      summary: book.summary,
      eyebrow: bookWords.eyebrow,
      benefitsHeading: bookWords.benefitsHeading,
      benefits: [...book.benefits],
      support: { ...bookWords.support },
      search: { ...bookWords.search },
    },
    team: {
      top: { ...teamWords.top },
      intro: teamWords.intro,
      lead: memberDoc(leadCounsellor),
      membersHeading: teamWords.membersHeading,
      members: teamMembers.map(memberDoc),
      cta: { ...teamWords.end },
      search: { ...teamWords.search },
    },
    faq: {
      top: { ...faqWords.top },
      items: faqs.map((f) => ({ question: f.question, answer: f.answer })),
      end: { ...faqWords.end },
      search: { ...faqWords.search },
    },
    hiddenThread: {
      intro: hiddenThreadWords.intro,
      webinar: {
        title: hiddenThread.name,
        startsAt: shippedWebinarStart(now),
        cost: hiddenThread.cost,
        registrationUrl: hiddenThread.registrationUrl,
      },
      stories: stories.map((s) => ({
        id: s.id,
        title: s.title,
        teaser: s.teaser,
        // The webinar's closing lines are drawn from the webinar's own fields, so a new date
        // shows in every story at once.
        email: s.email
          .split("\n")
          .filter((line) => !storyWebinarLines.includes(line))
          .join("\n"),
        image: { key: s.image, alt: `${s.title}: an illustration for day ${s.day}` },
      })),
      open: { ...hiddenThreadWords.open },
      closed: { ...hiddenThreadWords.closed },
      search: { ...hiddenThreadWords.search },
    },
    heal: {
      top: { ...healWords.top },
      tagline: healProgram.tagline,
      intro: [...healProgram.intro],
      image: {
        key: "heal",
        alt: "A woman with her eyes closed and her hands on her heart, at peace",
      },
      whoItIsFor: [...healProgram.whoItIsFor],
      howItWorks: healProgram.howItWorks.map((s) => ({ ...s })),
      outcomes: [...healProgram.outcomes],
      headings: { ...healWords.headings },
      end: { ...healWords.end },
      search: { ...healWords.search },
    },
    marriageTips: {
      top: { ...marriageTipsWords.top },
      tips: marriageTips.map((t) => ({ ...t })),
      end: { ...marriageTipsWords.end },
      search: { ...marriageTipsWords.search },
    },
    datingTips: {
      top: { ...datingTipsWords.top },
      tips: datingTips.map((t) => ({ ...t })),
      search: { ...datingTipsWords.search },
    },
    values: {
      top: { ...valuesWords.top },
      values: coreValues.map((v) => ({ ...v })),
      search: { ...valuesWords.search },
    },
    privacy: {
      top: { ...privacyWords.top },
      lastUpdated: privacyLastUpdated,
      cards: privacyCards.map((c) => ({ ...c })),
      sections: privacyCommitment.map((s) => ({
        heading: s.heading,
        paragraphs: [...s.paragraphs],
        items: [...(s.items ?? [])],
      })),
      search: { ...privacyWords.search },
    },
    schedule: scheduleSchema.parse({}),
    newsletter: newsletterSchema.parse({}),
    testimonials: {
      top: { ...testimonialsWords.top },
      empty: { ...testimonialsWords.empty },
      items: fallbackTestimonials
        .filter((t) => t.Approved === "Yes")
        .map((t) => ({
          name: t["Your Name"],
          review: t["Your Review"],
          stars: Number(t["How would you rate your experience"]),
          country: t["Respondent's country"],
        })),
      end: { ...testimonialsWords.end },
      search: { ...testimonialsWords.search },
    },
  };
}

function cardDoc(card: (typeof featuredProgrammes)[number]) {
  return {
    title: card.title,
    to: card.to,
    text: card.text,
    image: { key: card.image, alt: card.imageAlt || `${card.title}: an illustration` },
  };
}

function memberDoc(m: typeof leadCounsellor) {
  return {
    name: m.name,
    title: m.title,
    post: m.post,
    bio: m.bio,
    photo: { key: m.image, alt: `Portrait of ${m.name}` },
  };
}
