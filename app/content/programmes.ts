import type { Naira } from "./types";

/** The two core programmes sold from /about (SPEC.md section 9). Save amounts are computed. */
export interface CoreProgramme {
  id: string;
  title: string;
  summary: string;
  duration: string;
  price: Naira;
  oldPrice: Naira;
  includes: string[];
  /** image key in app/content/images/ */
  image: string;
}

export const corePrograms: CoreProgramme[] = [
  {
    id: "happier-marriage",
    title: "Happier Marriage Program",
    summary:
      "For couples who love each other but keep having the same painful arguments. Together we " +
      "rebuild friendship, calm conflict and make room for closeness again.",
    duration: "8 weeks, one 2-hour session each week",
    price: 124_990,
    oldPrice: 150_000,
    includes: [
      "Eight 2-hour guided sessions for both of you, in person or online",
      "A relationship assessment and a written plan after week one",
      "Weekly exercises to practise at home between sessions",
      "Support by WhatsApp between sessions",
    ],
    image: "program-happier-marriage",
  },
  {
    id: "high-quality-singles",
    title: "High Quality Singles Program",
    summary:
      "For singles who are ready to stop repeating old patterns and to date with clarity, " +
      "confidence and purpose, towards a relationship that lasts.",
    duration: "6 weeks, one session each week",
    price: 99_990,
    oldPrice: 150_000,
    includes: [
      "Six one-to-one coaching sessions, in person or online",
      "Understanding your attachment style and relationship history",
      "Values, boundaries and the partner you are really looking for",
      "Practical guidance for dating safely and intentionally",
    ],
    image: "program-singles",
  },
];

/** Marriage with a Map plans. The cards show the original figure only, as the client asked. */
export interface MapPlan {
  id: string;
  tier: string;
  sessions: number;
  original: Naira;
  price: Naira;
  description: string;
  features: string[];
}

export const mapPlans: MapPlan[] = [
  {
    id: "foundation",
    tier: "Foundation Plan",
    sessions: 4,
    original: 100_000,
    price: 35_000,
    description:
      "A focused start for couples who want to understand where they are and agree on where " +
      "they are going.",
    features: [
      "4 guided couple sessions",
      "Relationship check-up and map of your strengths",
      "Communication tools you can use the same week",
      "A shared plan for the months ahead",
    ],
  },
  {
    id: "growth",
    tier: "Growth Map",
    sessions: 8,
    original: 200_000,
    price: 55_000,
    description:
      "For couples ready to work through recurring conflict and build lasting habits of " +
      "connection.",
    features: [
      "8 guided couple sessions",
      "Everything in the Foundation Plan",
      "Conflict repair and forgiveness work",
      "Money, in-laws and roles: the conversations most couples avoid",
    ],
  },
  {
    id: "legacy",
    tier: "Legacy Map",
    sessions: 12,
    original: 350_000,
    price: 85_000,
    description:
      "Our deepest journey, for couples rebuilding after a crisis or preparing a marriage to " +
      "last a lifetime.",
    features: [
      "12 guided couple sessions",
      "Everything in the Growth Map",
      "Trust rebuilding after betrayal or long distance",
      "Intimacy, purpose and the legacy you want to leave",
    ],
  },
];
