import { z } from "zod";
import {
  line,
  list,
  longText,
  markdown,
  pageEnd,
  pageTop,
  pageWords,
  photo,
  searchWords,
  text,
} from "../fields";
import { healProgram } from "../heal";
import { healWords } from "../page-words";

/** /heal: the Heal Program. */
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

export const healDocument = {
  title: "Heal Program",
  adminPath: "/admin/heal",
  paths: ["/heal"],
  schema: healSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedHeal(): z.output<typeof healSchema> {
  return {
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
  };
}
