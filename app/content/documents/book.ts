import { z } from "zod";
import { books } from "../book";
import {
  line,
  list,
  markdown,
  naira,
  oldPriceAbovePrice,
  pageWords,
  paragraph,
  photo,
  refined,
  searchWords,
  text,
  url,
} from "../fields";
import { bookWords } from "../page-words";

/**
 * /book: the practice's book, its price and Selar link (also listed at /api/books and sold at /checkout).
 */
export const bookSchema = z
  .object({
    eyebrow: line("Small line above the title", bookWords.eyebrow, 60),
    title: text("Title", 120),
    author: text("Author", 80),
    price: naira("Price"),
    oldPrice: naira("Old price").optional(),
    copiesNote: line(
      "Note beside the price",
      bookWords.copiesNote,
      80,
      "Which copies can be bought, e.g. digital, paperback.",
    ),
    buyUrl: refined(
      url("Selar link", "The book's page on Selar, e.g. https://selar.co/marriagecanwork"),
      (s) =>
        s.refine(
          (v) => /^https:\/\/(www\.)?selar\.(co|com)\//i.test(v),
          "Use the book's selar.co link.",
        ),
    ),
    cover: photo("Image"),
    summary: markdown("Summary", 2_000),
    benefitsHeading: line("Heading above the list", bookWords.benefitsHeading, 80),
    benefits: list("Inside you will find", text("Benefit", 160), { itemLabel: "benefit", max: 10 }),
    support: pageWords("Under the book", "The words and buttons under the book on /book.", {
      heading: line("Heading", bookWords.support.heading, 80),
      text: paragraph("Text", bookWords.support.text, 400),
      button: line("Button", bookWords.support.button, 40),
      secondButton: line("Second button", bookWords.support.secondButton, 40),
    }),
    search: searchWords("/book", bookWords.search),
  })
  .superRefine(oldPriceAbovePrice);

export const bookDocument = {
  title: "The book",
  adminPath: "/admin/book",
  paths: ["/book", "/api/books", "/checkout"],
  schema: bookSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedBook(): z.output<typeof bookSchema> {
  const book = books[0]!;
  return {
    title: book.title,
    author: book.author,
    price: book.price,
    copiesNote: bookWords.copiesNote,
    buyUrl: book.buyUrl,
    cover: { key: book.cover, alt: `The cover of ${book.title} by ${book.author}` },
    summary: book.summary,
    eyebrow: bookWords.eyebrow,
    benefitsHeading: bookWords.benefitsHeading,
    benefits: [...book.benefits],
    support: { ...bookWords.support },
    search: { ...bookWords.search },
  };
}
