import { z } from "zod";
import { faqs } from "../faq";
import { list, markdown, pageEnd, pageTop, searchWords, text } from "../fields";
import { faqWords } from "../page-words";

/** /faq: the questions and their answers. */
export const faqSchema = z.object({
  top: pageTop("/faq", faqWords.top),
  items: list(
    "Questions",
    z.object({ question: text("Question", 200), answer: markdown("Answer", 3_000) }),
    { itemLabel: "question", itemTitle: "question", max: 40 },
  ),
  end: pageEnd("/faq", faqWords.end),
  search: searchWords("/faq", faqWords.search),
});

export const faqDocument = {
  title: "FAQ",
  adminPath: "/admin/faq",
  paths: ["/faq"],
  schema: faqSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedFaq(): z.output<typeof faqSchema> {
  return {
    top: { ...faqWords.top },
    items: faqs.map((f) => ({ question: f.question, answer: f.answer })),
    end: { ...faqWords.end },
    search: { ...faqWords.search },
  };
}
