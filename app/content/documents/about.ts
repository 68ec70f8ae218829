import { z } from "zod";
import { mission, stats } from "../about";
import {
  line,
  list,
  longText,
  naira,
  oldPriceAbovePrice,
  pageEnd,
  pageTop,
  pageWords,
  photo,
  refined,
  searchWords,
  text,
} from "../fields";
import { aboutWords } from "../page-words";
import { corePrograms } from "../programmes";
import { aboutValues } from "../values";

/** /about: the mission, statistics, core programmes (also sold at /checkout) and values. */
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

export const aboutDocument = {
  title: "About us, statistics and core programmes",
  adminPath: "/admin/about",
  paths: ["/about", "/checkout"],
  schema: aboutSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedAbout(): z.output<typeof aboutSchema> {
  return {
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
  };
}
