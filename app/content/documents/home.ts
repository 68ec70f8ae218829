import { z } from "zod";
import {
  choice,
  group,
  internalLink,
  line,
  list,
  longText,
  pageWords,
  photo,
  refined,
  searchWords,
  text,
} from "../fields";
import {
  HERO_ON_PHONES_FIRST,
  HERO_ON_PHONES_NOT,
  featuredProgrammes,
  hero,
  heroBanners,
  homeCta,
  homeVideo,
  serviceTiles,
} from "../home";
import { homeWords } from "../page-words";

/**
 * The home page: its hero, phone banners, featured programmes, video, service tiles and call to action.
 */
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

export const homeDocument = {
  title: "Home page",
  adminPath: "/admin/home",
  paths: ["/"],
  schema: homeSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedHome(): z.output<typeof homeSchema> {
  return {
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
