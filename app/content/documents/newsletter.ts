import { z } from "zod";
import { line, pageTop, pageWords, paragraph, searchWords } from "../fields";
import { newsletterWords } from "../page-words";

/**
 * /newsletter: the words around the sign-up. Nothing but words, each field's default the words the site came with.
 */
export const newsletterSchema = z.object({
  top: pageTop("/newsletter", newsletterWords.top),
  signUp: pageWords("Above the e-mail field", "The sign-up on /newsletter.", {
    heading: line("Heading", newsletterWords.signUp.heading),
    text: paragraph("Text", newsletterWords.signUp.text, 300),
  }),
  benefits: pageWords(
    "What you will receive",
    "Beside the sign-up on /newsletter. The three benefits' names are fixed.",
    {
      heading: line("Heading", newsletterWords.benefits.heading),
      weeklyTips: paragraph("Under “Weekly tips”", newsletterWords.benefits.weeklyTips, 300),
      communication: paragraph(
        "Under “Communication strategies”",
        newsletterWords.benefits.communication,
        300,
      ),
      exclusive: paragraph("Under “Exclusive content”", newsletterWords.benefits.exclusive, 300),
    },
  ),
  search: searchWords("/newsletter", newsletterWords.search),
});

export const newsletterDocument = {
  title: "Newsletter page",
  adminPath: "/admin/newsletter",
  paths: ["/newsletter"],
  schema: newsletterSchema,
} as const;

/** The words the site came with. */
export function shippedNewsletter(): z.output<typeof newsletterSchema> {
  return newsletterSchema.parse({});
}
