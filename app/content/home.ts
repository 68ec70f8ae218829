/** The home page's words, links and pictures (SPEC.md "Pages": /). */

export interface HomeLinkCard {
  title: string;
  to: string;
  text: string;
  /** image key in app/content/images/ */
  image: string;
  imageAlt: string;
}

export const hero = {
  eyebrow: "Relationship · Marriage · Dating",
  heading: "Find your way back to each other",
  text:
    "Whatever brought you here tonight, you do not have to carry it alone. We help couples, " +
    "singles and families in Lagos and around the world to heal, to talk honestly, and to love " +
    "well again.",
  primary: { label: "Book a session", to: "/schedule" },
  heal: { label: "Explore the Heal Program", to: "/heal" },
  /** the wide-screen picture beside the message */
  poster: {
    image: "hero-poster",
    alt: "A counsellor listening to a couple on a sofa in a calm, sunlit room",
  },
  quote:
    "Most relationships are not broken beyond repair. They are hurting, and hurting people need " +
    "a safe place to be heard.",
};

/** The small-screen banner slider (autoplay every 4 seconds). */
export const heroBanners = [
  {
    image: "hero-1",
    alt: "A couple talking together on a sofa at home",
    caption: "Couples counselling in Lekki and online",
  },
  {
    image: "hero-2",
    alt: "A woman with her arms raised to the sunrise over the Lagos skyline",
    caption: "Heal from heartbreak at your own pace",
  },
  {
    image: "hero-3",
    alt: "A mother, father and two children standing together in the sunshine",
    caption: "Support for singles, parents and families",
  },
];

export const featuredProgrammes: HomeLinkCard[] = [
  {
    title: "Heal Program",
    to: "/heal",
    text: "Private, guided recovery from heartbreak, betrayal or divorce.",
    image: "heal",
    imageAlt: "",
  },
  {
    title: "Marraige with a map",
    to: "/marraige-with-a-map",
    text: "Three step-by-step plans that give your marriage direction.",
    image: "map-plans",
    imageAlt: "",
  },
  {
    title: "Happier Marriage Program",
    to: "/about",
    text: "Eight weeks to calmer conflict, deeper friendship and closeness.",
    image: "program-happier-marriage",
    imageAlt: "",
  },
  {
    title: "High Quality Singles Program",
    to: "/about",
    text: "Six weeks to date with clarity, confidence and purpose.",
    image: "program-singles",
    imageAlt: "",
  },
];

export const serviceTiles: HomeLinkCard[] = [
  {
    title: "Couples Counseling",
    to: "/services",
    text: "Rebuild trust, communicate without wounding, and rediscover why you chose each other.",
    image: "tile-couples",
    imageAlt: "",
  },
  {
    title: "Individual Therapy",
    to: "/services",
    text: "Space to heal old hurts, understand your patterns and grow in confidence.",
    image: "tile-individual",
    imageAlt: "",
  },
  {
    title: "Online Sessions",
    to: "/services",
    text: "The same care by secure video, wherever in the world you are.",
    image: "tile-online",
    imageAlt: "",
  },
];

/**
 * The embedded video. It loads from YouTube's privacy-enhanced domain only when the visitor
 * presses play; until then the poster is a picture served by this site.
 */
export const homeVideo = {
  /** the YouTube video id: replace with the practice's own video */
  youtubeId: "sa0RUmGTCYY",
  title: "Keeping desire alive in a long-term relationship",
  intro:
    "A talk we often recommend: why closeness and desire can pull against each other in a long " +
    "marriage, and what couples can do about it. Many of the couples we work with find it a " +
    "gentle way to start the conversation at home.",
  poster: "video-poster",
};

export const homeCta = {
  heading: "Ready to take the first step?",
  text: "Sessions are confidential, in person in Lekki or online. Booking takes two minutes.",
  primary: { label: "Schedule an appointment", to: "/schedule" },
};

/** Hero > On phones: whether phones also see the hero photo, as the first of the banner slides. */
export const HERO_ON_PHONES_FIRST = "Show the Hero image first, then the slides";
export const HERO_ON_PHONES_NOT = "Show only the phone banner slides";
