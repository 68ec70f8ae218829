import { z } from "zod";
import { WEEKDAYS, parseClock } from "./clock";
import { linkProblem, mendMarkdownLinks } from "./markdown-links";

/**
 * The kinds of field a content document is made of. Each constructor is a zod schema carrying
 * its label and kind as metadata, so one schema both checks an edit and tells the editor
 * (app/routes/admin/) which input to draw and what to call it.
 */
export type FieldKind =
  | "text"
  | "longText"
  | "markdown"
  | "naira"
  | "count"
  | "url"
  | "photo"
  | "webinarDate"
  | "weekday"
  | "clock"
  | "choice"
  | "list"
  | "group";

export interface FieldMeta {
  label: string;
  kind: FieldKind;
  /** one line under the label */
  help?: string;
  /** lists: what one item is called on its Add and Remove buttons ("question", "member") */
  itemLabel?: string;
  /** lists: the item's field whose value names it in the editor's summary */
  itemTitle?: string;
  /** groups: drawn folded to their label until opened (a page's words, issue 29 item 19) */
  folded?: boolean;
}

export const REQUIRED = "This field is required.";

/** Reads a schema's label and kind, looking through optional and default wrappers. */
export function fieldMeta(schema: z.ZodType): FieldMeta | undefined {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const meta = current.meta() as FieldMeta | undefined;
    if (meta?.kind) return meta;
    const def = current._zod.def as { innerType?: z.ZodType; in?: z.ZodType };
    current = def.innerType ?? def.in;
  }
  return undefined;
}

function withMeta<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  return schema.meta({ ...meta }) as T;
}

/** A short line: a title, a name, a label. */
export function text(label: string, max = 120, help?: string) {
  return withMeta(z.string().trim().min(1, REQUIRED).max(max, `At most ${max} characters.`), {
    label,
    kind: "text",
    help,
  });
}

/** A paragraph shown as plain text, line breaks kept. */
export function longText(label: string, max = 2_000, help?: string) {
  return withMeta(z.string().trim().min(1, REQUIRED).max(max, `At most ${max} characters.`), {
    label,
    kind: "longText",
    help,
  });
}

/**
 * Longer text in the Markdown subset of app/lib/markdown.server.ts: paragraphs, **bold**,
 * *italic*, lists and links to https, mailto, tel and this site's pages. Anything else is shown as
 * typed. A link typed without https:// (www.…, wa.me/…) is given it; one that still could not be a
 * link is refused here, so no `[words](…)` ever reaches a visitor as text (app/content/markdown-links.ts).
 */
export function markdown(label: string, max = 4_000) {
  return withMeta(
    z
      .string()
      .trim()
      .min(1, REQUIRED)
      .max(max, `At most ${max} characters.`)
      .transform(mendMarkdownLinks)
      .superRefine((value, ctx) => {
        const problem = linkProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    {
      label,
      kind: "markdown",
      help: "**bold**, *italic*, lists with - and links as [words](https://…) or [words](/contact).",
    },
  );
}

/** Whole naira, never negative. */
export function naira(label: string) {
  return withMeta(
    z
      .number({ error: "Enter a whole number of naira, without commas or ₦." })
      .int("Enter a whole number of naira.")
      .min(0, "A price cannot be negative.")
      .max(100_000_000, "That is more than ₦100,000,000: check the number of zeros."),
    { label, kind: "naira", help: "Whole naira, e.g. 5500." },
  );
}

/** A small whole number (sessions in a plan). */
export function count(label: string, max = 1_000) {
  return withMeta(
    z
      .number({ error: "Enter a whole number." })
      .int("Enter a whole number.")
      .min(0, "It cannot be negative.")
      .max(max, `At most ${max}.`),
    { label, kind: "count" },
  );
}

/** An address on the web; only https (and, where allowed, mailto: or tel:) may be linked. */
export function url(label: string, help?: string) {
  return withMeta(
    z
      .string()
      .trim()
      .min(1, REQUIRED)
      .max(500, "At most 500 characters.")
      .refine((v) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v) && URL.canParse(v), {
        message: "Enter a full https:// address.",
      }),
    { label, kind: "url", help },
  );
}

/** One of a fixed set of values. */
export function choice<const T extends readonly [string, ...string[]]>(label: string, options: T) {
  return withMeta(z.enum(options, { error: "Choose one of the options." }), {
    label,
    kind: "choice",
  });
}

/**
 * A picture: the key of a shipped image (app/content/images/) or an uploaded photo, with the
 * words a screen reader says instead. Alt text is required; a decorative picture says so in
 * `decorative` and keeps an empty alt.
 */
export function photo(
  label: "Photo" | "Image" = "Photo",
  options: { decorative?: boolean; help?: string } = {},
) {
  const alt = options.decorative
    ? withMeta(z.string().trim().max(200, "At most 200 characters."), {
        label: "Alt text",
        kind: "text",
        help: "Leave empty when the picture only decorates the card.",
      })
    : text("Alt text", 200, "What the picture shows, for people who cannot see it. Required.");
  return withMeta(
    z.object({
      key: z
        .string()
        .trim()
        .min(1, "Choose a photo.")
        .max(80)
        .regex(/^[a-z0-9][a-z0-9-]*$/, "Choose a photo."),
      alt,
    }),
    { label, kind: "photo", help: options.help },
  );
}

/** A date and time in Lagos time (WAT, UTC+1), as "YYYY-MM-DDTHH:MM". */
export function webinarDate() {
  return withMeta(
    z
      .string()
      .trim()
      .min(1, REQUIRED)
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time.")
      .refine((v) => !Number.isNaN(Date.parse(`${v}:00+01:00`)), "Enter a real date and time."),
    { label: "Webinar date", kind: "webinarDate", help: "Date and time in Lagos (WAT)." },
  );
}

/** A list the editor can add to, remove from and reorder. */
export function list<T extends z.ZodType>(
  label: string,
  item: T,
  options: { itemLabel: string; itemTitle?: string; min?: number; max?: number; help?: string },
) {
  const { min = 1, max = 50 } = options;
  return withMeta(
    z
      .array(item)
      .min(min, min === 1 ? `Keep at least one ${options.itemLabel}.` : `Keep at least ${min}.`)
      .max(max, `At most ${max}.`),
    {
      label,
      kind: "list",
      itemLabel: options.itemLabel,
      itemTitle: options.itemTitle,
      help: options.help,
    },
  );
}

/** A named group of fields, drawn as one fieldset. */
export function group<T extends z.ZodRawShape>(
  label: string,
  shape: T,
  options: { help?: string; folded?: boolean } = {},
) {
  return withMeta(z.object(shape), { label, kind: "group", ...options });
}

/**
 * Words around a page's content (issue 29 item 19; the shipped ones are app/content/page-words.ts):
 * a group folded to its label, whose every field defaults to the words the site came with. So an
 * emptied field, and a version saved before the field existed, show those words. `help` says where
 * on the site the words are.
 */
export function pageWords<T extends z.ZodRawShape>(label: string, help: string, shape: T) {
  return group(label, shape, { help, folded: true }).prefault({} as z.input<z.ZodObject<T>>);
}

/** A short line of a page's words: a heading, a small line, a button. Plain text. */
export function line(label: string, shipped: string, max = 100, help?: string) {
  return text(label, max, help).default(shipped);
}

/** A paragraph of a page's words. Plain text. */
export function paragraph(label: string, shipped: string, max = 600, help?: string) {
  return longText(label, max, help).default(shipped);
}

type Shipped<K extends string> = { [P in K]: z.ZodDefault<z.ZodString> };

/** Fields named after the keys of `shipped`, each made by `fields[key]` with its shipped words. */
function shippedFields<K extends string>(
  fields: Record<K, (shipped: string) => z.ZodDefault<z.ZodString>>,
  shipped: Record<K, string>,
): Shipped<K> {
  return Object.fromEntries(
    (Object.keys(shipped) as K[]).map((key) => [key, fields[key](shipped[key])]),
  ) as Shipped<K>;
}

/**
 * Page words with names in braces that the page fills in: "{count}" as the number of things it
 * lists, "{name}" as the lead counsellor's (`names` says what each shows as). A name the page does
 * not fill in is refused at the field, so a mistyped "{cuont}" never reaches a visitor as typed.
 */
export function wordsWith(
  field: ReturnType<typeof text>,
  shipped: string,
  names: Record<string, string>,
) {
  const offered = Object.keys(names).map((n) => `{${n}}`);
  const meta = fieldMeta(field)!;
  const help = Object.entries(names)
    .map(([n, shows]) => `{${n}} shows as ${shows}.`)
    .join(" ");
  return withMeta(
    field.superRefine((value, ctx) => {
      const stray = value.match(/\{[^{}]*\}/g)?.find((b) => !offered.includes(b));
      if (stray === undefined) return;
      ctx.addIssue({
        code: "custom",
        message: `${stray} is not filled in here: use ${offered.join(" or ")}, or take out the braces.`,
      });
    }),
    { ...meta, help: meta.help ? `${meta.help} ${help}` : help },
  ).default(shipped);
}

const COUNT = { count: "the number of things the page lists, in words" };

/** The top of a page: the small line above its title, its title, its opening paragraph. */
export function pageTop<K extends "eyebrow" | "title" | "intro">(
  path: string,
  shipped: Record<K, string>,
) {
  const fields = {
    eyebrow: (w: string) => line("Small line above the title", w, 60),
    title: (w: string) => line("Title", w, 100, "The page's main heading."),
    intro: (w: string) =>
      w.includes("{count}")
        ? wordsWith(longText("Opening paragraph", 600), w, COUNT)
        : paragraph("Opening paragraph", w, 600),
  };
  return pageWords(
    `Top of ${path}`,
    `The first words on ${path}, under the menu.`,
    shippedFields(fields, shipped),
  );
}

/** The call to action at the end of a page: its heading, text and button words. */
export function pageEnd<K extends "heading" | "text" | "button" | "secondButton">(
  path: string,
  shipped: Record<K, string>,
  help = `The box at the end of ${path}.`,
) {
  const fields = {
    heading: (w: string) => line("Heading", w, 100),
    text: (w: string) => paragraph("Text", w, 600),
    button: (w: string) => line("Button", w, 40),
    secondButton: (w: string) => line("Second button", w, 40),
  };
  return pageWords(`At the end of ${path}`, help, shippedFields(fields, shipped));
}

/**
 * What search results and link previews say of a page: its title (also the browser tab's) and
 * description. A page that makes its description from its content (the book's price, the
 * webinar's date) ships none: left empty, it is still made so.
 */
export function searchWords(path: string, shipped: { title: string; description?: string }) {
  const description = longText(
    "Description in search results",
    300,
    "One or two sentences under the title in search results and link previews.",
  );
  return pageWords(`${path} in search results`, "Not on the page itself.", {
    title: line(
      "Title in search results",
      shipped.title,
      80,
      "Also the browser tab's. The practice's name is added to it.",
    ),
    // Typed as optional either way: a page reads it as `description || made from the page`.
    description: (shipped.description === undefined
      ? withMeta(description.optional(), {
          label: "Description in search results",
          kind: "longText",
          help: "Leave it empty: it is made from the page, with today's price or date.",
        })
      : description.default(shipped.description)) as z.ZodOptional<z.ZodString>,
  });
}

/** An item's old price, when it has one, must be more than its price. */
export function oldPriceAbovePrice(
  value: { price?: number; oldPrice?: number },
  ctx: z.RefinementCtx,
) {
  if (value.oldPrice !== undefined && value.price !== undefined && value.oldPrice <= value.price) {
    ctx.addIssue({
      code: "custom",
      path: ["oldPrice"],
      message: "The old price must be more than the price.",
    });
  }
}

/**
 * A field with a further check: zod keeps metadata per schema instance, so the check is applied
 * first and the field's label and kind are carried over to the result.
 */
export function refined<T extends z.ZodType, R extends z.ZodType>(field: T, check: (s: T) => R): R {
  return withMeta(check(field), fieldMeta(field)!);
}

/**
 * A picture the practice may leave out: the page then shows one of its own illustrations
 * (the document's schema picks which). Its alt text is asked for only with a photo.
 */
export function optionalPhoto(label: "Photo" | "Image", help: string) {
  return withMeta(
    z
      .object({
        key: z
          .string()
          .trim()
          .max(80)
          .regex(/^[a-z0-9][a-z0-9-]*$/, "Choose a photo.")
          .optional(),
        alt: withMeta(z.string().trim().max(200, "At most 200 characters.").optional(), {
          label: "Alt text",
          kind: "text",
          help: "What the picture shows, for people who cannot see it.",
        }),
      })
      .optional(),
    { label, kind: "photo", help },
  );
}

/**
 * A short name in links that may be left empty: the document's schema makes it from the title
 * (app/content/slug.ts). One typed by hand keeps the web-style rule.
 */
export function shortName(max = 60) {
  return withMeta(
    z
      .string()
      .trim()
      .max(max, `At most ${max} characters.`)
      .regex(/^[a-z0-9-]*$/, "Lower-case letters, digits and -, or leave it empty.")
      .optional(),
    {
      label: "Short name in links",
      kind: "text",
      help: "Leave it empty: it is made from the title.",
    },
  );
}

/** A day of the week, kept as 1 (Monday) to 7 (Sunday) and chosen by its name. */
export function weekday(label = "Day") {
  return withMeta(
    z
      .number({ error: "Choose a day." })
      .int("Choose a day.")
      .min(1, "Choose a day.")
      .max(7, "Choose a day."),
    { label, kind: "weekday" },
  );
}

/** The day names a weekday field offers, in order: value 1 is Monday. */
export const weekdayNames = WEEKDAYS;

/**
 * A time of day typed as people write it (7pm, 7:00 PM, 7.30pm, 19:00), kept as "HH:MM"; empty
 * means none.
 */
export function clock(label: string, help?: string) {
  return withMeta(
    z
      .string()
      .trim()
      .max(20, "At most 20 characters.")
      .optional()
      .transform((typed, ctx) => {
        if (!typed) return undefined;
        const kept = parseClock(typed);
        if (kept === undefined)
          ctx.addIssue({
            code: "custom",
            message: "Write a time such as 9am, 7pm, 7:30 pm or 19:00 (with am or pm, or 24-hour).",
          });
        return kept;
      })
      .optional(),
    { label, kind: "clock", help },
  );
}

/**
 * A page of this site: one leading slash, then words joined by single slashes. Never `//…`, which
 * a browser reads as another site (`//2130706433` is http://127.0.0.1/), and never a backslash,
 * which browsers read as a slash (issue 29, L8).
 */
export const SITE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*\/?)?$/;

/** Where a link card or button goes on this site. */
export const internalLink = (label: string) =>
  refined(text(label, 60, "A page of this site, such as /services."), (s) =>
    s.regex(
      SITE_PATH,
      "Type a page of this site, starting with one /, such as /services or /book. Another website's address cannot go here.",
    ),
  );
