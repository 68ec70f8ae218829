import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { countWord } from "~/lib/count-words";
import { renderMarkdown } from "~/lib/markdown.server";
import { metaFor } from "~/lib/seo";
import { Markdown } from "~/components/Markdown";
import type { Route } from "./+types/marriage-tips";

export const meta = metaFor(pages.marriageTips);

export function loader({ context }: Route.LoaderArgs) {
  return {
    tips: context.content.marriageTips.tips.map(({ body, ...tip }) => ({
      ...tip,
      bodyHtml: renderMarkdown(body),
    })),
  };
}

export default function MarriageTips({ loaderData }: Route.ComponentProps) {
  const { tips } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Tips" title="Marriage Tips">
        <p>
          Strong marriages are built in ordinary moments. Here are {countWord(tips.length)} small
          habits we see again and again in couples who stay close.
        </p>
      </PageHeader>
      <div className="container-page py-14">
        <ol className="grid gap-5 md:grid-cols-2">
          {tips.map((tip, i) => (
            <li key={tip.title} className="flex gap-4 rounded-2xl border border-linen bg-white p-6">
              <span
                aria-hidden="true"
                className="font-display text-3xl font-semibold text-clay-600"
              >
                {i + 1}
              </span>
              <div>
                <h2 className="text-xl font-semibold">{tip.title}</h2>
                <Markdown html={tip.bodyHtml} className="mt-2 leading-relaxed text-muted" />
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-12 rounded-3xl bg-sand p-8 text-center">
          <h2 className="text-2xl font-semibold">Want to go deeper?</h2>
          <p className="mx-auto mt-2 max-w-xl text-muted">
            Our book, Marriage Can Work, turns these habits into a practical plan for the two of
            you.
          </p>
          <Link to="/book" className="btn-primary mt-5">
            Get our Book
          </Link>
        </div>
      </div>
    </>
  );
}
