import { Link } from "react-router";
import { FaqAccordion } from "~/components/FaqAccordion";
import { JsonLd } from "~/components/JsonLd";
import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { markdownToText, renderMarkdown } from "~/lib/markdown.server";
import { metaFor } from "~/lib/seo";
import { faqJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/faq";

export const meta = metaFor(pages.faq);

export function loader({ context }: Route.LoaderArgs) {
  const { top, items, end, search } = context.content.faq;
  return {
    top,
    items: items.map((f) => ({ question: f.question, answerHtml: renderMarkdown(f.answer) })),
    end,
    search,
    jsonLd: faqJsonLd(items.map((f) => ({ ...f, answer: markdownToText(f.answer) }))),
  };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { top, end } = loaderData;
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page max-w-3xl py-14">
        <FaqAccordion items={loaderData.items} />
        <div className="mt-12 rounded-3xl bg-teal-50 p-8 text-center">
          <h2 className="text-2xl font-semibold">{end.heading}</h2>
          <p className="mx-auto mt-2 max-w-lg text-muted">{end.text}</p>
          {/* SPEC.md's "Contact Us" button, word for word. */}
          <Link to="/contact" className="btn-primary mt-5">
            Contact Us
          </Link>
        </div>
      </div>
    </>
  );
}
