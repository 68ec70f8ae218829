import { books } from "~/content/book";
import type { SiteContent } from "~/content/documents";
import { absoluteImageUrl } from "./structured-data";

/** A book as GET /api/books/ describes it: plain JSON, prices in whole naira, absolute URLs. */
export interface BookResource {
  id: string;
  title: string;
  author: string;
  price: number;
  currency: "NGN";
  coverUrl: string;
  buyUrl: string;
  formats: ("Digital" | "Physical")[];
}

/** The book's fixed facts (its id in links and formats) with its published words and price. */
export function bookResource(book: SiteContent["book"], siteUrl: string): BookResource {
  const shipped = books[0]!;
  return {
    id: shipped.id,
    title: book.title,
    author: book.author,
    price: book.price,
    currency: "NGN",
    coverUrl: absoluteImageUrl(siteUrl, book.cover.key),
    buyUrl: book.buyUrl,
    formats: shipped.formats,
  };
}
