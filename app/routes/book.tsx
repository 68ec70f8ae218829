import { Check, ExternalLink } from "~/components/icons";
import { Link } from "react-router";
import { JsonLd } from "~/components/JsonLd";
import { Markdown } from "~/components/Markdown";
import { Picture } from "~/components/Picture";
import { pages } from "~/content/pages";
import { markdownToText, renderMarkdown } from "~/lib/markdown.server";
import { formatNaira, savings } from "~/lib/money";
import { bookDescription } from "~/lib/page-descriptions";
import { metaFor } from "~/lib/seo";
import { bookJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/book";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const meta = metaFor(pages.book);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

/** The published book: the same words, price and link GET /api/books/ serves. */
export function loader({ context }: Route.LoaderArgs) {
  const { summary, search, ...book } = context.content.book;
  return {
    book: { ...book, summaryHtml: renderMarkdown(summary) },
    jsonLd: bookJsonLd(
      { ...context.content.book, summary: markdownToText(summary) },
      context.siteUrl,
    ),
    search: {
      title: search.title,
      description: search.description || bookDescription(context.content.book),
    },
  };
}

export default function Book({ loaderData }: Route.ComponentProps) {
  const { book, jsonLd } = loaderData;
  const save = savings(book.price, book.oldPrice);
  return (
    <>
      <JsonLd data={jsonLd} />
      <div className="bg-sand">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-5 lg:gap-16">
          <div className="mx-auto w-full max-w-56 sm:max-w-sm lg:col-span-2 lg:max-w-none">
            <Picture
              image={book.cover.key}
              alt={book.cover.alt}
              sizes="(min-width: 1152px) 420px, (min-width: 1024px) 36vw, (min-width: 640px) 384px, 224px"
              priority
              imgClassName="h-auto w-full rounded-lg shadow-2xl"
            />
          </div>
          <div className="lg:col-span-3">
            <p className="eyebrow">{book.eyebrow}</p>
            <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{book.title}</h1>
            <p className="mt-2 text-lg text-muted">by {book.author}</p>
            <Markdown html={book.summaryHtml} className="mt-5 text-lg leading-relaxed" />
            <h2 className="mt-8 font-sans text-base font-semibold tracking-wide text-ink uppercase">
              {book.benefitsHeading}
            </h2>
            <ul className="mt-3 space-y-2">
              {book.benefits.map((b) => (
                <li key={b} className="flex gap-2 text-lg">
                  <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
                  {b}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap items-end gap-x-6 gap-y-2">
              <p className="flex flex-wrap items-baseline gap-x-3">
                {book.oldPrice !== undefined && (
                  <s className="text-xl text-muted">
                    <span className="sr-only">Was </span>
                    {formatNaira(book.oldPrice)}
                  </s>
                )}
                <span className="font-display text-4xl font-semibold text-teal-900">
                  {book.oldPrice !== undefined && <span className="sr-only">now </span>}
                  {formatNaira(book.price)}
                </span>
              </p>
              {save !== undefined && (
                <p className="mb-1 inline-block rounded-full bg-clay-100 px-3 py-0.5 text-sm font-semibold text-clay-700">
                  {`Save ${formatNaira(save)}`}
                </p>
              )}
              <p className="pb-1 text-muted">{book.copiesNote}</p>
            </div>
            <a
              href={book.buyUrl}
              className="btn-primary mt-6"
              rel="noopener noreferrer"
              target="_blank"
            >
              Buy on Selar
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
      </div>
      <section className="container-page py-14 text-center" aria-labelledby="more-heading">
        <h2 id="more-heading" className="text-3xl font-semibold">
          {book.support.heading}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-muted">{book.support.text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/marriage-tips" className="btn-outline">
            {book.support.button}
          </Link>
          <Link to="/schedule" className="btn-primary">
            {book.support.secondButton}
          </Link>
        </div>
      </section>
    </>
  );
}
