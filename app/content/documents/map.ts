import { z } from "zod";
import {
  count,
  line,
  list,
  longText,
  naira,
  pageTop,
  pageWords,
  paragraph,
  photo,
  refined,
  searchWords,
  text,
} from "../fields";
import { mapWords } from "../page-words";
import { mapPlans } from "../programmes";

/** /marraige-with-a-map (the specification's spelling): the plans, also sold at /checkout. */
export const mapSchema = z.object({
  top: pageTop("/marraige-with-a-map", mapWords.top),
  how: pageWords("How the plans work", "Beside the picture, above the plans.", {
    heading: line("Heading", mapWords.how.heading),
    first: paragraph("First paragraph", mapWords.how.first),
    second: paragraph("Second paragraph", mapWords.how.second),
  }),
  image: photo("Image"),
  plans: list(
    "Plans",
    z
      .object({
        id: refined(text("Short name in links", 40), (s) =>
          s.regex(/^[a-z0-9-]+$/, "Lower-case letters, digits and -."),
        ),
        tier: text("Name", 60),
        sessions: count("Sessions", 100),
        original: naira("Old price"),
        price: naira("Price"),
        description: longText("Description", 400),
        features: list("Features", text("Feature", 160), { itemLabel: "feature", max: 10 }),
      })
      .superRefine((plan, ctx) => {
        if (plan.original <= plan.price)
          ctx.addIssue({
            code: "custom",
            path: ["original"],
            message: "The old price must be more than the price.",
          });
      }),
    { itemLabel: "plan", itemTitle: "tier", max: 6 },
  ),
  plansWords: pageWords(
    "Above and on the plans",
    "The heading above the plans and their buttons.",
    {
      heading: line("Heading", mapWords.plans.heading),
      register: line("WhatsApp button", mapWords.plans.register, 40),
      pay: line("Pay button", mapWords.plans.pay, 40, "Shown when online payment is set up."),
    },
  ),
  search: searchWords("/marraige-with-a-map", mapWords.search),
});

export const mapDocument = {
  title: "Marriage with a Map plans",
  adminPath: "/admin/marraige-with-a-map",
  paths: ["/marraige-with-a-map", "/checkout"],
  schema: mapSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedMap(): z.output<typeof mapSchema> {
  return {
    top: { ...mapWords.top },
    how: { ...mapWords.how },
    image: { key: "map-plans", alt: "A winding path drawn on a map, leading to a heart" },
    plans: mapPlans.map((p) => ({ ...p, features: [...p.features] })),
    plansWords: { ...mapWords.plans },
    search: { ...mapWords.search },
  };
}
