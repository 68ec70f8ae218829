import type { SiteContent } from "~/content/documents";
import { countWord } from "./count-words";
import { formatNaira } from "./money";
import type { WebinarView } from "./webinar";

/**
 * The search and link-preview descriptions of the pages whose words carry a price or a date, made
 * from the published content the page itself shows: a new price or a past webinar changes them
 * with the page, and they never say what the page no longer does.
 */

/** /book: the book's own title, author and price, as the page shows them. */
export function bookDescription(
  book: Pick<SiteContent["book"], "title" | "author" | "price"> & { oldPrice?: number },
): string {
  const price =
    book.oldPrice !== undefined
      ? `${formatNaira(book.price)} (was ${formatNaira(book.oldPrice)})`
      : formatNaira(book.price);
  return (
    `${book.title} by ${book.author}: practical communication, conflict resolution and ` +
    `intimacy tools for couples. ${price}, digital and physical copies.`
  );
}

/** /hidden-thread: the webinar's date while registration is open, else that a new one is coming. */
export function hiddenThreadDescription(
  webinar: Pick<WebinarView, "open" | "day">,
  storyCount: number,
): string {
  const stories = `${countWord(storyCount, true)} short stories about the unseen patterns that shape our relationships`;
  return webinar.open
    ? `${stories}, leading to a free webinar on ${webinar.day}. Registration required.`
    : `${stories}, leading to our free webinar. The next date will be announced soon.`;
}
