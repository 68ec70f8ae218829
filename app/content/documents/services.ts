import { z } from "zod";
import {
  choice,
  count,
  group,
  line,
  list,
  longText,
  naira,
  oldPriceAbovePrice,
  optionalPhoto,
  pageEnd,
  pageTop,
  pageWords,
  refined,
  searchWords,
  shortName,
  text,
} from "../fields";
import { servicesWords } from "../page-words";
import { serviceCategories } from "../services";
import { slugify, uniqueSlug } from "../slug";

/** Where a booked session happens, as the editor offers it. */
export const SESSION_PLACES = ["In person in Lekki", "Online"] as const;
/** When a booked session is paid for; "When booking" needs online payments (Paystack). */
export const SESSION_PAYMENT = ["At the session", "When booking"] as const;

/**
 * How a programme is booked on /schedule (BOOKINGS=native, docs/decisions/042): a programme with
 * a length is a session type visitors can book; one without is not offered there.
 */
const sessionBooking = group(
  "Booking on /schedule",
  {
    minutes: refined(count("Length in minutes", 8 * 60), (s) =>
      s.min(15, "A session is at least 15 minutes."),
    ).optional(),
    place: choice("Where", SESSION_PLACES),
    payment: choice("Payment", SESSION_PAYMENT),
  },
  {
    help: "Give a length to let visitors book this programme as one session on /schedule; leave it empty for a programme arranged with the practice.",
    folded: true,
  },
).optional();

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
    booking: sessionBooking,
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

/** The single sessions a fresh site offers on /schedule; other programmes are arranged by phone. */
const shippedBooking: Record<string, NonNullable<z.output<typeof sessionBooking>>> = {
  "introductory-consultation": { minutes: 30, place: "Online", payment: "At the session" },
  "individual-therapy": { minutes: 60, place: "In person in Lekki", payment: "At the session" },
  "couples-counselling-session": {
    minutes: 75,
    place: "In person in Lekki",
    payment: "At the session",
  },
  "singles-clarity-session": { minutes: 60, place: "Online", payment: "At the session" },
  "family-therapy-session": { minutes: 90, place: "In person in Lekki", payment: "At the session" },
};

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
        ...(shippedBooking[s.id] ? { booking: shippedBooking[s.id] } : {}),
      })),
    })),
    noPrice: { ...servicesWords.noPrice },
    end: { ...servicesWords.end },
    search: { ...servicesWords.search },
  };
}
