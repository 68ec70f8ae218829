import { z } from "zod";
import { list, markdown, pageEnd, pageTop, searchWords, text } from "../fields";
import { marriageTipsWords } from "../page-words";
import { marriageTips } from "../tips";

/** /marriage-tips. */
export const marriageTipsSchema = z.object({
  top: pageTop("/marriage-tips", marriageTipsWords.top),
  tips: list("Tips", z.object({ title: text("Title", 120), body: markdown("Text", 2_000) }), {
    itemLabel: "tip",
    itemTitle: "title",
    max: 30,
  }),
  end: pageEnd("/marriage-tips", marriageTipsWords.end),
  search: searchWords("/marriage-tips", marriageTipsWords.search),
});

export const marriageTipsDocument = {
  title: "Marriage tips",
  adminPath: "/admin/marriage-tips",
  paths: ["/marriage-tips"],
  schema: marriageTipsSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedMarriageTips(): z.output<typeof marriageTipsSchema> {
  return {
    top: { ...marriageTipsWords.top },
    tips: marriageTips.map((t) => ({ ...t })),
    end: { ...marriageTipsWords.end },
    search: { ...marriageTipsWords.search },
  };
}
