import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { withCount } from "~/lib/count-words";
import { renderMarkdown } from "~/lib/markdown.server";
import { metaFor } from "~/lib/seo";
import { Markdown } from "~/components/Markdown";
import type { Route } from "./+types/marriage-tips";

export const meta = metaFor(pages.marriageTips);

export function loader({ context }: Route.LoaderArgs) {
  const { top, tips, end, search } = context.content.marriageTips;
  return {
    top: { ...top, intro: withCount(top.intro, tips.length) },
    tips: tips.map(({ body, ...tip }) => ({ ...tip, bodyHtml: renderMarkdown(body) })),
    end,
    search,
  };
}

export default function MarriageTips({ loaderData }: Route.ComponentProps) {
  const { top, tips, end } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
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
          <h2 className="text-2xl font-semibold">{end.heading}</h2>
          <p className="mx-auto mt-2 max-w-xl text-muted">{end.text}</p>
          <Link to="/book" className="btn-primary mt-5">
            Get our Book
          </Link>
        </div>
      </div>
    </>
  );
}
