import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { withCount } from "~/lib/count-words";
import { renderMarkdown } from "~/lib/markdown.server";
import { metaFor } from "~/lib/seo";
import { Markdown } from "~/components/Markdown";
import type { Route } from "./+types/dating-tips";

export const meta = metaFor(pages.datingTips);

export function loader({ context }: Route.LoaderArgs) {
  const { top, tips, search } = context.content.datingTips;
  return {
    top: { ...top, intro: withCount(top.intro, tips.length) },
    tips: tips.map(({ body, ...tip }) => ({ ...tip, bodyHtml: renderMarkdown(body) })),
    search,
  };
}

export default function DatingTips({ loaderData }: Route.ComponentProps) {
  const { top, tips } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page py-14">
        <ul className="grid gap-6 md:grid-cols-2">
          {tips.map((tip) => (
            <li key={tip.title} className="rounded-2xl border border-linen bg-white p-6">
              <p className="inline-block rounded-full bg-teal-50 px-3 py-1 text-sm font-semibold text-teal-800">
                {tip.category}
              </p>
              <h2 className="mt-3 text-2xl font-semibold">{tip.title}</h2>
              <Markdown html={tip.bodyHtml} className="mt-2 leading-relaxed text-muted" />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
