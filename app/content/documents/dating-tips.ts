import { z } from "zod";
import { list, markdown, pageTop, searchWords, text } from "../fields";
import { datingTipsWords } from "../page-words";
import { datingTips } from "../tips";

/** /dating-tips. */
export const datingTipsSchema = z.object({
  top: pageTop("/dating-tips", datingTipsWords.top),
  tips: list(
    "Tips",
    z.object({
      category: text("Category", 40),
      title: text("Title", 120),
      body: markdown("Text", 2_000),
    }),
    { itemLabel: "tip", itemTitle: "title", max: 30 },
  ),
  search: searchWords("/dating-tips", datingTipsWords.search),
});

export const datingTipsDocument = {
  title: "Dating tips",
  adminPath: "/admin/dating-tips",
  paths: ["/dating-tips"],
  schema: datingTipsSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedDatingTips(): z.output<typeof datingTipsSchema> {
  return {
    top: { ...datingTipsWords.top },
    tips: datingTips.map((t) => ({ ...t })),
    search: { ...datingTipsWords.search },
  };
}
