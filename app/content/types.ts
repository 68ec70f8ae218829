/**
 * The shapes of the practice's content. Every module in app/content/ exports data of these types,
 * and tests/unit/content.test.ts validates them, so a typo in a price or a missing field fails the
 * build rather than the page.
 */

/** Whole naira. Money is never a float and never a formatted string in content. */
export type Naira = number;

export type ServiceIcon = "sparkles" | "heart" | "brain" | "user" | "users";

export interface Service {
  /** url-safe id, unique across the catalogue */
  id: string;
  title: string;
  description: string;
  /** absent = "Contact us for pricing" */
  price?: Naira;
  /** absent = no saving shown */
  oldPrice?: Naira;
  /** image key, a file name (without extension) in app/content/images/ */
  image: string;
}

export interface ServiceCategory {
  id: string;
  name: string;
  icon: ServiceIcon;
  /** one sentence shown above the slider */
  intro: string;
  services: Service[];
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface Tip {
  title: string;
  body: string;
}

export interface DatingTip extends Tip {
  category: string;
}

export interface Story {
  /** day-1 … day-6 */
  id: string;
  day: number;
  title: string;
  /** one-sentence teaser for the list card */
  teaser: string;
  /** the e-mail text; lines are split on "\n". Lines starting with 📅 💰 📝 🔗 become Register buttons. */
  email: string;
  image: string;
}

export interface TeamMember {
  name: string;
  title: string;
  post: string;
  bio: string;
  image: string;
  /** false for a member who does not hold sessions (offered on /schedule otherwise) */
  takesBookings?: false;
}

export interface Value {
  name: string;
  description: string;
}

export interface PrivacyCard {
  title: string;
  description: string;
}
