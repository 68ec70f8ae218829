import { notFoundText } from "./not-found";
import { pages } from "./pages";

/**
 * The words around each page's content, as the site came with them (issue 29 item 19): the top
 * of a page (small line, title, opening paragraph), its call to action at the end, its section
 * headings, and what search results say of it. They are the defaults of the page-words fields of
 * each page's document (app/content/documents/): a field the practice empties, or a version
 * saved before the field existed, shows these words.
 *
 * Not here, because SPEC.md gives them word for word: the menus, /schedule's heading, the buttons
 * it names (Dm us Heal, Contact Us, Register now, Proceed to Payment…), the newsletter's three
 * benefits and "No spam, ever.", the forms' labels, toasts and error texts. Nor the consent
 * banner (a compliance text) or anything of the payment flow (docs/decisions/039).
 *
 * "{count}" in an opening paragraph is the number of things the page lists, in words
 * (app/lib/count-words.ts). Public components never import this module (it would all reach the
 * browser): loaders hand the published words to the pages.
 */

const search = (page: { title: string; description: string }) => ({
  title: page.title,
  description: page.description,
});

export const homeWords = {
  featured: { eyebrow: "Programmes", heading: "Featured programmes", link: "Learn more" },
  videoEyebrow: "Watch",
  services: { eyebrow: "Services", heading: "How we can help", link: "See our services" },
  testimonials: {
    eyebrow: "In their words",
    heading: "What our clients say",
    button: "Read all testimonials",
  },
  search: search(pages.home),
};

export const servicesWords = {
  top: {
    eyebrow: "Our services",
    title: "Support for every season of love",
    intro:
      "From a single conversation to a full programme, every service is led by a trained counsellor, in person in Lekki or online. Prices are in naira; if cost is a worry, talk to us, and we will help you find a way.",
  },
  noPrice: { text: "Contact us for pricing" },
  end: {
    heading: "Not sure which is right for you?",
    text: "Tell us a little about what is happening and we will recommend the service that fits, with no obligation.",
    button: "Ask us a question",
    secondButton: "Book a first session",
  },
  search: search(pages.services),
};

export const healWords = {
  top: { eyebrow: "A guided healing journey", title: "Heal Program" },
  headings: {
    whatItIs: "What it is",
    howItWorks: "How it works",
    outcomes: "What you can expect",
    whoItIsFor: "Who it is for",
  },
  end: {
    heading: "Start healing today",
    text: "Open our WhatsApp catalogue and message us about Heal, or send us the word “Heal” in a chat. A counsellor will reply in confidence and tell you about the next steps.",
  },
  search: search(pages.heal),
};

export const mapWords = {
  top: {
    eyebrow: "Guided plans for couples",
    title: "Marriage with a Map",
    intro:
      "Love is not enough without direction. Choose the plan that fits where you are, and we will walk the road with you, one session at a time.",
  },
  how: {
    heading: "How the plans work",
    first:
      "Each plan is a set of guided sessions for the two of you with one counsellor, in person in Lekki or online. We begin by mapping where your marriage is today: its strengths, its sore spots and the patterns you keep repeating. Then we agree where you want to be, and plan the route together.",
    second:
      "Choose a plan below and send us a message on WhatsApp. We will confirm your place and arrange your first session.",
  },
  plans: { heading: "Choose your plan", register: "Register on WhatsApp", pay: "Pay online" },
  search: search(pages.marriageWithAMap),
};

export const aboutWords = {
  top: { eyebrow: "About us", title: "Helping relationships heal and grow" },
  headings: { programmes: "Our core programmes", values: "What we value" },
  end: {
    heading: "Let us walk with you",
    text: "The first step is a conversation. It is confidential and without judgement.",
    button: "Schedule an appointment",
  },
  search: search(pages.about),
};

export const bookWords = {
  eyebrow: "The book",
  /** the book's own words under it; its description is made from the book unless one is typed */
  support: {
    heading: "Want support as you read?",
    text: "The book is a good companion to counselling. Many couples read a chapter together and bring their questions to a session.",
    button: "Read our marriage tips",
    secondButton: "Book a session",
  },
  benefitsHeading: "Inside you will find",
  /** beside the price (SPEC.md: "note 'Digital & Physical copies available'") */
  copiesNote: "Digital & Physical copies available",
  search: { title: pages.book.title },
};

export const teamWords = {
  top: { eyebrow: "Our people", title: "Meet Our Team" },
  intro:
    "Behind every session is a person who has chosen this work because they believe relationships can heal. Here are the people who will sit with you.",
  membersHeading: "Working alongside {name}",
  end: {
    heading: "Ready to meet us?",
    text: "Choose a time for a first conversation, in person in Lekki or online. We will match you with the counsellor best suited to what you are facing.",
    button: "Book a session with our team",
  },
  search: search(pages.team),
};

export const valuesWords = {
  top: {
    eyebrow: "What guides us",
    title: "Our Values",
    intro:
      "{count} values shape how we listen, how we speak and how we work with you, from the first phone call to the last session.",
  },
  search: search(pages.values),
};

export const testimonialsWords = {
  top: {
    eyebrow: "In their words",
    title: "Testimonials",
    intro:
      "Every story here was shared with us by a client who wanted others to know that things can get better. We are grateful to each of them.",
  },
  empty: { text: "No testimonials to show yet. Our clients’ words will appear here." },
  end: {
    heading: "Your story can change too",
    text: "Every couple and every person here started with one conversation. Yours is confidential and without judgement.",
    button: "Begin your own story",
  },
  search: search(pages.testimonials),
};

export const marriageTipsWords = {
  top: {
    eyebrow: "Tips",
    title: "Marriage Tips",
    intro:
      "Strong marriages are built in ordinary moments. Here are {count} small habits we see again and again in couples who stay close.",
  },
  // Its button, "Get our Book", keeps SPEC.md's words for a button to /book.
  end: {
    heading: "Want to go deeper?",
    text: "Our book, Marriage Can Work, turns these habits into a practical plan for the two of you.",
  },
  search: search(pages.marriageTips),
};

export const datingTipsWords = {
  top: {
    eyebrow: "Tips",
    title: "Dating Tips",
    intro:
      "Dating well starts with knowing yourself. {count} pieces of advice we give the singles we work with, whether you are just starting out or starting again.",
  },
  search: search(pages.datingTips),
};

export const contactWords = {
  top: {
    eyebrow: "We are here to listen",
    title: "Contact Us",
    intro:
      "Reaching out is often the hardest step. Call, e-mail or send us a WhatsApp message: every enquiry is confidential, and we reply within one working day.",
  },
  message: {
    heading: "Send us a message",
    note: "Fields marked optional can be left empty. We never share your details.",
  },
  details: {
    call: "Call us",
    email: "E-mail us",
    visit: "Visit us",
    // The time zone follows it: "Office hours (WAT)".
    hours: "Office hours",
    follow: "Follow us",
    whatsapp: "Chat with us on WhatsApp",
  },
  end: {
    heading: "Prefer to book straight away?",
    text: "Choose a time that suits you for a first session, in person in Lekki or online. You will get a confirmation by e-mail.",
    button: "Schedule an appointment",
  },
  search: search(pages.contact),
};

export const scheduleWords = {
  // The title, "Schedule Your Appointment", is SPEC.md's.
  top: {
    eyebrow: "Book a session",
    intro:
      "Choose a time for your first conversation with us. Sessions last about an hour and can be in person at our Lekki office or online by secure video. Everything you share is confidential.",
  },
  booking: {
    text: "Tell us who you are, then pick a date and time on our booking calendar. Your details are filled in for you.",
  },
  whatsapp: {
    heading: "Message us on WhatsApp",
    text: "We reply during office hours, usually within the hour.",
    button: "Chat on WhatsApp",
  },
  search: search(pages.schedule),
};

export const faqWords = {
  top: {
    eyebrow: "FAQ's",
    title: "Frequently Asked Questions",
    intro:
      "Reaching out for help raises questions. Here are honest answers to the ones we hear most. If yours is not here, just ask.",
  },
  // Its button, "Contact Us", is SPEC.md's.
  end: {
    heading: "Still have a question?",
    text: "Call, e-mail or message us. Every enquiry is confidential, and we reply within one working day.",
  },
  search: search(pages.faq),
};

export const privacyWords = {
  top: {
    eyebrow: "Your privacy",
    title: "Privacy Policy",
    intro:
      "What you share with us is precious. This page explains how we protect it, in plain words.",
  },
  search: search(pages.privacy),
};

export const newsletterWords = {
  top: {
    eyebrow: "Newsletter",
    title: "Love, a little better every week",
    intro:
      "Join our newsletter for gentle, practical guidance on relationships, marriage and dating, written by our counsellors and delivered once a week.",
  },
  signUp: { heading: "Join the newsletter", text: "Just your e-mail address. One letter a week." },
  // The three benefits' names are SPEC.md's; what each says is the practice's.
  benefits: {
    heading: "What you will receive",
    weeklyTips: "One short, practical idea each week to bring you closer.",
    communication: "Words and habits that turn arguments into conversations.",
    exclusive: "Early invitations to webinars, programmes and new resources.",
  },
  search: search(pages.newsletter),
};

export const hiddenThreadWords = {
  // Its small line and title are the webinar's own: "Free webinar", its day and its title.
  intro:
    "{count} short stories, one for each day, about the unseen patterns that quietly shape the way we love: the family we grew up in, the expectations nobody says out loud, the old wounds we carry.",
  // The webinar's day, time and cost under each story come from the webinar's own fields.
  open: {
    text: "They lead to a free live webinar on {day}. Registration is required.",
    registration: "Registration is required, and seats are limited",
    link: "Save your seat: register for {webinar}",
  },
  closed: {
    text: "They lead to our free live webinar. The last one has taken place, and the next date will be announced soon: join our newsletter to hear about it first.",
    storyNote:
      "Our last webinar, {webinar}, has taken place, and the next date will be announced soon. Join our newsletter to hear about it first.",
    button: "Hear about the next date",
  },
  search: { title: pages.hiddenThread.title },
};

/** The 404 page's words under SPEC.md's "Oops! Page not found". */
export const notFoundWords = { text: notFoundText };
