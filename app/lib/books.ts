import type { Book } from "~/content/book";
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
  formats: Book["formats"];
}

export function bookResource(book: Book, siteUrl: string): BookResource {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    price: book.price,
    currency: book.currency,
    coverUrl: absoluteImageUrl(siteUrl, book.cover),
    buyUrl: book.buyUrl,
    formats: book.formats,
  };
}
