import { z } from "zod";
import {
  count,
  list,
  longText,
  pageEnd,
  pageTop,
  pageWords,
  paragraph,
  refined,
  searchWords,
  text,
} from "../fields";
import { testimonialsWords } from "../page-words";
import { fallbackTestimonials } from "../testimonials";

/**
 * /testimonials and the home page's testimonials: the ones shown when no testimonials sheet is set up.
 */
export const testimonialsSchema = z.object({
  top: pageTop("/testimonials", testimonialsWords.top),
  empty: pageWords(
    "When there are no testimonials",
    "On /testimonials and the home page, in place of the testimonials.",
    { text: paragraph("Text", testimonialsWords.empty.text, 300) },
  ),
  items: list(
    "Testimonials",
    z.object({
      name: text("Name", 80),
      review: longText("Review", 1_000),
      stars: refined(count("Stars (1 to 5)", 5), (s) => s.min(1, "From 1 to 5 stars.")),
      country: text("Country", 60),
    }),
    {
      itemLabel: "testimonial",
      itemTitle: "name",
      max: 30,
      help: "Shown when no testimonials sheet is set up.",
    },
  ),
  end: pageEnd("/testimonials", testimonialsWords.end),
  search: searchWords("/testimonials", testimonialsWords.search),
});

export const testimonialsDocument = {
  title: "Testimonials",
  adminPath: "/admin/testimonials",
  paths: ["/testimonials", "/"],
  schema: testimonialsSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedTestimonials(): z.output<typeof testimonialsSchema> {
  return {
    top: { ...testimonialsWords.top },
    empty: { ...testimonialsWords.empty },
    items: fallbackTestimonials
      .filter((t) => t.Approved === "Yes")
      .map((t) => ({
        name: t["Your Name"],
        review: t["Your Review"],
        stars: Number(t["How would you rate your experience"]),
        country: t["Respondent's country"],
      })),
    end: { ...testimonialsWords.end },
    search: { ...testimonialsWords.search },
  };
}
