/**
 * The practice's identity and contact details: the one place to change a phone number, an e-mail
 * or a social link. Header, footer, contact page, JSON-LD and e-mails all read from here.
 */

export interface Phone {
  /** as printed on the page */
  display: string;
  /** E.164, used for tel: links and structured data */
  e164: string;
}

export interface SocialLink {
  name: "Instagram" | "Facebook" | "LinkedIn" | "TikTok" | "YouTube" | "WhatsApp";
  /** what a screen reader announces, and the link's title */
  label: string;
  url: string;
}

export interface OpeningHours {
  /** shown to visitors */
  label: string;
  /** ISO weekday numbers, 1 = Monday … 7 = Sunday */
  days: number[];
  /** 24-hour "HH:MM" in Africa/Lagos time; absent = closed */
  opens?: string;
  closes?: string;
}

export const practice = {
  name: "Kindred Hearts Counselling",
  shortName: "Kindred Hearts",
  tagline: "Relationship, marriage and dating counselling",
  blurb:
    "Kindred Hearts is a relationship, marriage and dating counselling practice in Lagos. " +
    "We walk with couples, singles and families, in person in Lekki and online wherever you " +
    "are, towards relationships that feel safe, honest and alive again.",
  leadCounsellor: "Dr. Adaeze Okafor",
  phones: [
    { display: "+234 906 000 1234", e164: "+2349060001234" },
    { display: "+234 803 000 5678", e164: "+2348030005678" },
  ] satisfies Phone[],
  emails: ["hello@kindredhearts.ng", "bookings@kindredhearts.ng"],
  address: {
    street: "14 Admiralty Way, Lekki Phase 1",
    city: "Lagos",
    region: "Lagos",
    country: "Nigeria",
    countryCode: "NG",
  },
  /** the number WhatsApp chats go to, digits only, as wa.me expects */
  whatsappNumber: "2349060001234",
  timeZone: "Africa/Lagos",
  timeZoneLabel: "WAT",
  openingHours: [
    { label: "Monday – Friday", days: [1, 2, 3, 4, 5], opens: "09:00", closes: "18:00" },
    { label: "Saturday", days: [6], opens: "10:00", closes: "16:00" },
    { label: "Sunday", days: [7] },
  ] satisfies OpeningHours[],
  emergencyNote: "Emergency appointments are available on request.",
  social: [
    {
      name: "Instagram",
      label: "Kindred Hearts on Instagram",
      url: "https://www.instagram.com/kindredheartsng",
    },
    {
      name: "Facebook",
      label: "Kindred Hearts on Facebook",
      url: "https://www.facebook.com/kindredheartsng",
    },
    {
      name: "LinkedIn",
      label: "Kindred Hearts on LinkedIn",
      url: "https://www.linkedin.com/company/kindredheartsng",
    },
    {
      name: "TikTok",
      label: "Kindred Hearts on TikTok",
      url: "https://www.tiktok.com/@kindredheartsng",
    },
    {
      name: "YouTube",
      label: "Kindred Hearts on YouTube",
      url: "https://www.youtube.com/@kindredheartsng",
    },
    {
      name: "WhatsApp",
      label: "Kindred Hearts catalogue on WhatsApp",
      url: "https://wa.me/c/2349060001234",
    },
  ] satisfies SocialLink[],
} as const;

/**
 * The words above the newsletter sign-up at the foot of every page: the first version of the
 * "Newsletter sign-up in the footer" fields of the Contact details (app/content/documents/site.ts).
 */
export const footerNewsletter = {
  heading: "Relationship tips, once a week",
  text: "Practical ideas for a closer, kinder relationship. No spam, ever. Unsubscribe at any time.",
};

export function fullAddress(): string {
  const a = practice.address;
  return `${a.street}, ${a.city}, ${a.country}`;
}

export function mapSearchUrl(): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(fullAddress())}`;
}

export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${practice.whatsappNumber}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
