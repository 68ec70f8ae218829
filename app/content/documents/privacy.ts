import { z } from "zod";
import { list, markdown, pageTop, refined, searchWords, text } from "../fields";
import { privacyWords } from "../page-words";
import { privacyCards, privacyCommitment, privacyLastUpdated } from "../privacy";

/** /privacy: the privacy policy. */
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

export const privacyDocument = {
  title: "Privacy policy",
  adminPath: "/admin/privacy",
  paths: ["/privacy"],
  schema: privacySchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedPrivacy(): z.output<typeof privacySchema> {
  return {
    top: { ...privacyWords.top },
    lastUpdated: privacyLastUpdated,
    cards: privacyCards.map((c) => ({ ...c })),
    sections: privacyCommitment.map((s) => ({
      heading: s.heading,
      paragraphs: [...s.paragraphs],
      items: [...(s.items ?? [])],
    })),
    search: { ...privacyWords.search },
  };
}
