import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mission, stats } from "~/content/about";
import { books } from "~/content/book";
import { hiddenThread } from "~/content/campaign";
import { faqs } from "~/content/faq";
import { healProgram } from "~/content/heal";
import { featuredProgrammes, hero, heroBanners, homeVideo, serviceTiles } from "~/content/home";
import { pages } from "~/content/pages";
import { privacyCards, privacyCommitment, privacyLastUpdated } from "~/content/privacy";
import { corePrograms, mapPlans } from "~/content/programmes";
import { serviceCategories } from "~/content/services";
import { practice } from "~/content/site";
import { stories } from "~/content/stories";
import { leadCounsellor, teamMembers } from "~/content/team";
import { fallbackTestimonials } from "~/content/testimonials";
import { datingTips, marriageTips } from "~/content/tips";
import { aboutValues, coreValues } from "~/content/values";
import { hasImage } from "~/lib/images";
import { formatNaira, savings } from "~/lib/money";
import { sheetRowSchema } from "../../server/integrations/testimonials";

/** The shapes every content module must have. A typo in a price or a missing field fails here. */
const words = z.string().trim().min(3);
const paragraph = z.string().trim().min(40);
const naira = z.number().int().positive();
const imageKey = z.string().regex(/^[a-z0-9-]+$/);
const path = z.string().regex(/^\/[a-z0-9-/]*$/);
const httpsUrl = z.url({ protocol: /^https$/ });

const service = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: words,
    description: paragraph,
    price: naira.optional(),
    oldPrice: naira.optional(),
    image: imageKey,
  })
  .strict()
  .refine((s) => s.oldPrice === undefined || (s.price !== undefined && s.oldPrice > s.price), {
    message: "an old price must be higher than the price",
  });

const schemas = {
  serviceCategories: z
    .array(
      z
        .object({
          id: z.string(),
          name: words,
          icon: z.enum(["sparkles", "heart", "brain", "user", "users"]),
          intro: paragraph,
          services: z.array(service).min(4),
        })
        .strict(),
    )
    .length(5),
  corePrograms: z
    .array(
      z
        .object({
          id: z.string(),
          title: words,
          summary: paragraph,
          duration: words,
          price: naira,
          oldPrice: naira,
          includes: z.array(words).min(3),
          image: imageKey,
        })
        .strict(),
    )
    .length(2),
  mapPlans: z
    .array(
      z
        .object({
          id: z.string(),
          tier: words,
          sessions: z.number().int().positive(),
          original: naira,
          price: naira,
          description: paragraph,
          features: z.array(words).min(3),
        })
        .strict(),
    )
    .length(3),
  books: z
    .array(
      z
        .object({
          id: z.string(),
          title: words,
          author: words,
          price: naira,
          currency: z.literal("NGN"),
          cover: imageKey,
          buyUrl: z.string().regex(/^https:\/\/selar\.co\/[A-Za-z0-9_-]+$/),
          formats: z.array(z.enum(["Digital", "Physical"])).min(1),
          summary: paragraph,
          benefits: z.array(words).length(4),
        })
        .strict(),
    )
    .min(1),
  team: z
    .object({
      name: words,
      title: words,
      post: words,
      bio: paragraph,
      image: imageKey,
      takesBookings: z.literal(false).optional(),
    })
    .strict(),
  values: z.array(z.object({ name: words, description: paragraph }).strict()),
  shortValues: z.array(z.object({ name: words, description: words }).strict()),
  faqs: z.array(z.object({ question: words, answer: paragraph }).strict()).length(12),
  marriageTips: z.array(z.object({ title: words, body: paragraph }).strict()).length(10),
  datingTips: z
    .array(z.object({ category: words, title: words, body: paragraph }).strict())
    .length(4),
  stories: z
    .array(
      z
        .object({
          id: z.string().regex(/^day-[1-6]$/),
          day: z.number().int().min(1).max(6),
          title: words,
          teaser: paragraph,
          email: z.string().min(500),
          image: imageKey,
        })
        .strict(),
    )
    .length(6),
  privacyCards: z.array(z.object({ title: words, description: paragraph }).strict()).length(4),
  privacyCommitment: z
    .array(
      z
        .object({
          heading: words,
          paragraphs: z.array(paragraph).min(1),
          items: z.array(words).optional(),
        })
        .strict(),
    )
    .min(4),
  linkCards: z.array(
    z
      .object({ title: words, to: path, text: paragraph, image: imageKey, imageAlt: z.string() })
      .strict(),
  ),
};

describe("content modules have the expected shape", () => {
  it.each([
    ["services catalogue", schemas.serviceCategories, serviceCategories],
    ["core programmes", schemas.corePrograms, corePrograms],
    ["Marriage with a Map plans", schemas.mapPlans, mapPlans],
    ["books", schemas.books, books],
    ["lead counsellor", schemas.team, leadCounsellor],
    ["team members", z.array(schemas.team).length(4), teamMembers],
    ["values", schemas.values.length(5), coreValues],
    ["about values", schemas.shortValues.length(4), aboutValues],
    ["FAQs", schemas.faqs, faqs],
    ["marriage tips", schemas.marriageTips, marriageTips],
    ["dating tips", schemas.datingTips, datingTips],
    ["Hidden Thread stories", schemas.stories, stories],
    ["privacy cards", schemas.privacyCards, privacyCards],
    ["privacy commitment", schemas.privacyCommitment, privacyCommitment],
    ["featured programmes", schemas.linkCards.length(4), featuredProgrammes],
    ["service tiles", schemas.linkCards.length(3), serviceTiles],
    ["fallback testimonials", z.array(sheetRowSchema).min(3), fallbackTestimonials],
  ] as const)("%s", (_name, schema, data) => {
    const result = (schema as z.ZodType).safeParse(data);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it("every page has a title and a search description of useful length", () => {
    for (const page of Object.values(pages)) {
      expect(page.path).toMatch(/^\//);
      expect(page.title.length).toBeGreaterThan(4);
      expect(page.description.length).toBeGreaterThanOrEqual(70);
      expect(page.description.length).toBeLessThanOrEqual(170);
    }
  });

  it("ids are unique and no copy is a placeholder", () => {
    const ids = serviceCategories.flatMap((c) => c.services.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    const everything = JSON.stringify([
      serviceCategories,
      corePrograms,
      mapPlans,
      books,
      leadCounsellor,
      teamMembers,
      coreValues,
      faqs,
      marriageTips,
      datingTips,
      stories,
      privacyCards,
      privacyCommitment,
      healProgram,
      mission,
      hero,
      homeVideo,
    ]);
    expect(everything).not.toMatch(/lorem|ipsum|TBD|TODO|coming soon|xxx/i);
  });
});

describe("the client's figures", () => {
  const allServices = serviceCategories.flatMap((c) => c.services);
  const byTitle = (title: string) => allServices.find((s) => s.title === title);

  it("has the five categories in the spec's order, each with an icon", () => {
    expect(serviceCategories.map((c) => [c.name, c.icon])).toEqual([
      ["Our Core Programs", "sparkles"],
      ["Marriage Programs", "heart"],
      ["Therapeutic Interventions", "brain"],
      ["Singles Programs", "user"],
      ["Parenting & Family", "users"],
    ]);
  });

  it("prices the catalogue from ₦7,000 to ₦550,000, with Group Therapy unpriced", () => {
    const prices = allServices.flatMap((s) => (s.price === undefined ? [] : [s.price]));
    expect(Math.min(...prices)).toBe(7_000);
    expect(Math.max(...prices)).toBe(550_000);
    expect(byTitle("Group Therapy")).toBeDefined();
    expect(byTitle("Group Therapy")?.price).toBeUndefined();
    expect(allServices.filter((s) => s.price === undefined).map((s) => s.title)).toEqual([
      "Group Therapy",
    ]);
    expect(allServices.some((s) => s.price !== undefined && s.oldPrice === undefined)).toBe(true);
  });

  it("sells the Happier Marriage Program at ₦124,990, was ₦150,000, save ₦25,010, 8 weeks", () => {
    const p = corePrograms.find((c) => c.title === "Happier Marriage Program")!;
    expect([p.price, p.oldPrice, savings(p.price, p.oldPrice)]).toEqual([124_990, 150_000, 25_010]);
    expect(formatNaira(savings(p.price, p.oldPrice)!)).toBe("₦25,010");
    expect(p.duration).toMatch(/8 weeks/);
    expect(p.duration).toMatch(/2-hour/);
    expect(byTitle("Happier Marriage Program")).toMatchObject({
      price: 124_990,
      oldPrice: 150_000,
    });
  });

  it("sells the High Quality Singles Program at ₦99,990, was ₦150,000, save ₦50,010, 6 weeks", () => {
    const p = corePrograms.find((c) => c.title === "High Quality Singles Program")!;
    expect([p.price, p.oldPrice, savings(p.price, p.oldPrice)]).toEqual([99_990, 150_000, 50_010]);
    expect(p.duration).toMatch(/6 weeks/);
    expect(byTitle("High Quality Singles Program")).toMatchObject({
      price: 99_990,
      oldPrice: 150_000,
    });
  });

  it("has the three Marriage with a Map plans with their sessions and prices", () => {
    expect(mapPlans.map((p) => [p.tier, p.sessions, p.original, p.price])).toEqual([
      ["Foundation Plan", 4, 100_000, 35_000],
      ["Growth Map", 8, 200_000, 55_000],
      ["Legacy Map", 12, 350_000, 85_000],
    ]);
  });

  it("sells Marriage Can Work for ₦5,500 on Selar, in digital and physical copies", () => {
    const book = books[0]!;
    expect(book.title).toBe("Marriage Can Work");
    expect(book.author).toBe(practice.leadCounsellor);
    expect(formatNaira(book.price)).toBe("₦5,500");
    expect(book.buyUrl).toMatch(/^https:\/\/selar\.co\//);
    expect(book.formats).toEqual(["Digital", "Physical"]);
    expect(book.benefits.join(" ").toLowerCase()).toEqual(expect.stringContaining("communication"));
    for (const topic of ["communication", "conflict", "intimacy", "case studies"]) {
      expect(
        book.benefits.some((b) => b.toLowerCase().includes(topic)),
        topic,
      ).toBe(true);
    }
  });

  it("has the about statistics and values", () => {
    expect(stats.map((s) => s.value)).toEqual(["1000+", "15+", "95%", "10+"]);
    expect(coreValues.map((v) => v.name)).toEqual([
      "Respect",
      "Empathy",
      "Empowerment",
      "Collaboration",
      "Quality",
    ]);
  });

  it("has a lead counsellor and four team members", () => {
    expect(leadCounsellor.name).toBe(practice.leadCounsellor);
    expect(teamMembers).toHaveLength(4);
    expect(new Set(teamMembers.map((m) => m.name)).size).toBe(4);
  });

  it("has six Hidden Thread stories, day-1 to day-6, leading to the free webinar", () => {
    expect(stories.map((s) => s.id)).toEqual([
      "day-1",
      "day-2",
      "day-3",
      "day-4",
      "day-5",
      "day-6",
    ]);
    expect(stories.map((s) => s.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hiddenThread.date).toBe("Saturday, August 31st");
    expect(hiddenThread.registrationUrl).toMatch(/^https:\/\//);
    for (const story of stories) {
      const lines = story.email.split("\n");
      const registerLines = lines.filter((l) =>
        hiddenThread.registerIcons.some((icon) => l.startsWith(icon)),
      );
      expect(registerLines.length, story.id).toBeGreaterThanOrEqual(1);
      expect(story.email, story.id).toContain("August 31st");
      expect(story.email, story.id).toMatch(/free/i);
      expect(story.email, story.id).toMatch(/regist/i);
    }
  });

  it("answers the FAQ topics the spec lists, with its figures", () => {
    const text = faqs.map((f) => `${f.question} ${f.answer}`).join(" ");
    expect(text).toMatch(/24 hours/);
    expect(text).toMatch(/between 6 and 12 sessions/);
    expect(text).toMatch(/receipt/);
    expect(text).toMatch(/private-pay/);
    for (const topic of [
      /first session/i,
      /online/i,
      /confidential/i,
      /partner doesn't want/i,
      /cost/i,
      /insurance/i,
      /infidelity/i,
      /addiction/i,
      /program/i,
      /cancel/i,
      /separat/i,
    ]) {
      expect(text).toMatch(topic);
    }
  });

  it("names Nigeria's data protection law and the client's rights in the privacy text", () => {
    const text = JSON.stringify(privacyCommitment);
    expect(text).toMatch(/Nigeria Data Protection Act/);
    for (const right of [/access/i, /correct/i, /restrict/i, /complain/i])
      expect(text).toMatch(right);
    for (const data of [/contact information/i, /clinical/i, /payment/i, /emergency contact/i]) {
      expect(text).toMatch(data);
    }
    expect(privacyLastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("has two +234 phone numbers, two e-mails and an address in Lekki", () => {
    expect(practice.phones.map((p) => p.e164)).toEqual([
      expect.stringMatching(/^\+234\d{10}$/),
      expect.stringMatching(/^\+234\d{10}$/),
    ]);
    expect(practice.emails).toHaveLength(2);
    expect(practice.address.street).toMatch(/Lekki/);
  });

  it("links the home page's cards where the spec says", () => {
    expect(featuredProgrammes.map((f) => [f.title, f.to])).toEqual([
      ["Heal Program", "/heal"],
      ["Marraige with a map", "/marraige-with-a-map"],
      ["Happier Marriage Program", "/about"],
      ["High Quality Singles Program", "/about"],
    ]);
    expect(serviceTiles.map((t) => [t.title, t.to])).toEqual([
      ["Couples Counseling", "/services"],
      ["Individual Therapy", "/services"],
      ["Online Sessions", "/services"],
    ]);
    expect(hero.heal.to).toBe("/heal");
    expect(homeVideo.youtubeId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(httpsUrl.safeParse(books[0]!.buyUrl).success).toBe(true);
  });
});

describe("every image slot has a picture", () => {
  const keys = new Set([
    ...serviceCategories.flatMap((c) => c.services.map((s) => s.image)),
    ...corePrograms.map((p) => p.image),
    ...books.map((b) => b.cover),
    ...stories.map((s) => s.image),
    leadCounsellor.image,
    ...teamMembers.map((m) => m.image),
    ...featuredProgrammes.map((f) => f.image),
    ...serviceTiles.map((t) => t.image),
    ...heroBanners.map((b) => b.image),
    hero.poster.image,
    homeVideo.poster,
    "heal",
    "map-plans",
    "about-mission",
  ]);

  it.each([...keys])("%s", (key) => {
    expect(hasImage(key)).toBe(true);
  });
});
