/**
 * Each page's title and search description as the site came with them, in one list; /sitemap.xml
 * lists the pages marked `inSitemap`. A page the practice edits shows the published ones instead
 * (its document's "… in search results", app/content/page-words.ts), and these when those are
 * empty. A page whose words carry a price or a date (/book, /hidden-thread) makes its description
 * from its published content unless one is typed (app/lib/page-descriptions.ts), so search
 * results and link previews never keep an old one.
 */

export interface PageInfo {
  path: string;
  title: string;
  description: string;
  inSitemap: boolean;
}

function page(path: string, title: string, description: string, inSitemap = true): PageInfo {
  return { path, title, description, inSitemap };
}

export const pages = {
  home: page(
    "/",
    "Relationship, Marriage & Dating Counselling in Lagos",
    "Counselling for couples, singles and families in Lekki, Lagos and online worldwide. " +
      "Book a confidential session and start finding your way back to each other.",
  ),
  services: page(
    "/services",
    "Our Services and Programmes",
    "Couples counselling, marriage programmes, therapy, singles coaching and family support, " +
      "with clear prices in naira. In person in Lekki or online.",
  ),
  heal: page(
    "/heal",
    "Heal Program: recover from heartbreak and betrayal",
    "A guided, private healing programme for people recovering from heartbreak, betrayal, " +
      "divorce or a painful past relationship.",
  ),
  marriageWithAMap: page(
    "/marraige-with-a-map",
    "Marriage with a Map: guided plans for couples",
    "Three guided counselling plans for couples who want direction: Foundation Plan, Growth Map " +
      "and Legacy Map. Register on WhatsApp.",
  ),
  hiddenThread: page(
    "/hidden-thread",
    "The Hidden Thread: a free webinar and six daily stories",
    "Short daily stories about the unseen patterns that shape our relationships, leading to our " +
      "free webinar.",
  ),
  test: page(
    "/test",
    "Site test page",
    "An internal page the practice uses to check that the website is up and which version is live.",
    false,
  ),
  about: page(
    "/about",
    "About Us",
    "Over ten years helping more than 1,000 couples in 15+ countries build stronger, kinder " +
      "relationships. Meet our mission, our values and our core programmes.",
  ),
  team: page(
    "/team",
    "Meet Our Team",
    "Meet the counsellors and coaches behind the practice: trained, warm and experienced with " +
      "couples, singles and families.",
  ),
  values: page(
    "/values",
    "Our Values",
    "Respect, empathy, empowerment, collaboration and quality: the five values behind every " +
      "session we hold.",
  ),
  testimonials: page(
    "/testimonials",
    "Testimonials",
    "What couples and individuals say about their counselling with us, in their own words.",
  ),
  marriageTips: page(
    "/marriage-tips",
    "Marriage Tips",
    "Ten practical, everyday habits that keep a marriage close, honest and kind.",
  ),
  datingTips: page(
    "/dating-tips",
    "Dating Tips",
    "Thoughtful advice for singles who want to date with clarity, safety and purpose.",
  ),
  contact: page(
    "/contact",
    "Contact Us",
    "Send us a message, call, or chat on WhatsApp. Office in Lekki, Lagos; sessions in person " +
      "and online. We reply within one working day.",
  ),
  schedule: page(
    "/schedule",
    "Schedule Your Appointment",
    "Book a confidential counselling session online in a few minutes, or call us directly.",
  ),
  book: page(
    "/book",
    "Marriage Can Work: the book",
    "Marriage Can Work: practical communication, conflict resolution and intimacy tools from our " +
      "lead counsellor. Digital and physical copies.",
  ),
  faq: page(
    "/faq",
    "Frequently Asked Questions",
    "Answers to common questions about counselling: first sessions, online sessions, " +
      "confidentiality, costs, cancellations and more.",
  ),
  privacy: page(
    "/privacy",
    "Privacy Policy",
    "How we keep what you share confidential and your data secure, and your rights under " +
      "Nigeria's data protection law.",
  ),
  newsletter: page(
    "/newsletter",
    "Newsletter",
    "Weekly relationship tips, communication strategies and exclusive content, in your inbox. " +
      "No spam, ever.",
  ),
  checkout: page(
    "/checkout",
    "Checkout",
    "Pay for a counselling programme or plan securely, or contact us to enrol and pay by transfer.",
    false,
  ),
  thankYou: page(
    "/thank-you",
    "Thank You",
    "Thank you for your payment. We will be in touch within one working day to arrange sessions.",
    false,
  ),
  offline: page(
    "/offline",
    "You are offline",
    "No connection just now. Call us, message us on WhatsApp, or visit our Lekki office during " +
      "office hours; the pages you have read still open.",
    false,
  ),
} satisfies Record<string, PageInfo>;
