import { z } from "zod";
import {
  choice,
  line,
  list,
  longText,
  naira,
  oldPriceAbovePrice,
  optionalPhoto,
  pageEnd,
  pageTop,
  pageWords,
  searchWords,
  shortName,
  text,
} from "../fields";
import { servicesWords } from "../page-words";
import { serviceCategories } from "../services";
import { slugify, uniqueSlug } from "../slug";

/** /services: the categories of programmes with their prices. */
const serviceSchema = z
  .object({
    id: shortName(60),
    title: text("Title", 80),
    description: longText("Description", 600),
    price: naira("Price").optional(),
    oldPrice: naira("Old price").optional(),
    image: optionalPhoto(
      "Image",
      "Optional: without a photo, the card shows one of the practice's illustrations.",
    ),
  })
  .superRefine(oldPriceAbovePrice)
  .superRefine((service, ctx) => {
    if (service.image?.key && !service.image.alt)
      ctx.addIssue({
        code: "custom",
        path: ["image", "alt"],
        message: "Say what the photo shows, for people who cannot see it.",
      });
  });

/** The illustration a service without a photo shows, by its category's icon. */
const serviceIllustration = {
  sparkles: "service-introductory-consultation",
  heart: "service-couples-counselling-session",
  brain: "service-individual-therapy",
  user: "service-individual-therapy",
  users: "service-family-therapy-session",
} as const;

type ServiceCategoryInput = {
  id?: string;
  name: string;
  icon: keyof typeof serviceIllustration;
  intro: string;
  services: z.infer<typeof serviceSchema>[];
};

/**
 * Fills what the practice may leave empty (issue 29 item 13): a short name made from the title,
 * unique on the page, and a shipped illustration for a service without a photo.
 */
function withServiceDefaults(categories: ServiceCategoryInput[]) {
  const taken = new Set(
    categories
      .flatMap((c) => [c.id, ...c.services.map((s) => s.id)])
      .filter((id): id is string => !!id),
  );
  return categories.map((c) => ({
    ...c,
    id: c.id || uniqueSlug(slugify(c.name, 40), taken),
    services: c.services.map((s) => ({
      ...s,
      id: s.id || uniqueSlug(slugify(s.title), taken),
      image: s.image?.key
        ? { key: s.image.key, alt: s.image.alt ?? "" }
        : { key: serviceIllustration[c.icon], alt: `${s.title}: an illustration` },
    })),
  }));
}

export const servicesSchema = z.object({
  top: pageTop("/services", servicesWords.top),
  categories: list(
    "Service categories",
    z.object({
      id: shortName(40),
      name: text("Name", 60),
      icon: choice("Icon", ["sparkles", "heart", "brain", "user", "users"]),
      intro: longText("Introduction", 300),
      services: list("Programmes", serviceSchema, {
        itemLabel: "programme",
        itemTitle: "title",
        max: 20,
      }),
    }),
    { itemLabel: "category", itemTitle: "name", max: 8 },
  ).transform(withServiceDefaults),
  noPrice: pageWords("A programme without a price", "On its card, where the price would be.", {
    text: line("Instead of a price", servicesWords.noPrice.text, 60),
  }),
  end: pageEnd("/services", servicesWords.end),
  search: searchWords("/services", servicesWords.search),
});

export const servicesDocument = {
  title: "Services and prices",
  adminPath: "/admin/services",
  paths: ["/services"],
  schema: servicesSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedServices(): z.output<typeof servicesSchema> {
  return {
    top: { ...servicesWords.top },
    categories: serviceCategories.map((c) => ({
      id: c.id,
      name: c.name,
      icon: c.icon,
      intro: c.intro,
      services: c.services.map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description,
        ...(s.price !== undefined ? { price: s.price } : {}),
        ...(s.oldPrice !== undefined ? { oldPrice: s.oldPrice } : {}),
        image: { key: s.image, alt: `${s.title}: an illustration` },
      })),
    })),
    noPrice: { ...servicesWords.noPrice },
    end: { ...servicesWords.end },
    search: { ...servicesWords.search },
  };
}
