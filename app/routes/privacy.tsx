import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { Markdown } from "~/components/Markdown";
import { renderMarkdown } from "~/lib/markdown.server";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta = metaFor(pages.privacy);

export function loader({ context }: Route.LoaderArgs) {
  const { top, lastUpdated, cards, sections, search } = context.content.privacy;
  return {
    top,
    search,
    lastUpdated,
    lastUpdatedText: new Intl.DateTimeFormat("en-NG", {
      dateStyle: "long",
      timeZone: "UTC",
    }).format(new Date(lastUpdated)),
    cards: cards.map((c) => ({ title: c.title, html: renderMarkdown(c.description) })),
    sections: sections.map((s) => ({
      heading: s.heading,
      paragraphs: s.paragraphs.map(renderMarkdown),
      items: s.items,
    })),
  };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { top, lastUpdated, lastUpdatedText, cards, sections } = loaderData;
  /** The first section introduces the others: its heading is the h2 they sit under. */
  const [commitmentIntro, ...commitmentSections] = sections;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
        <p className="mt-2 text-base">
          Last updated: <time dateTime={lastUpdated}>{lastUpdatedText}</time>
        </p>
      </PageHeader>
      <div className="container-page py-14">
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {cards.map((c) => (
            <li key={c.title} className="rounded-2xl bg-teal-50 p-6">
              <h2 className="text-xl font-semibold">{c.title}</h2>
              <Markdown html={c.html} className="mt-2 text-muted" />
            </li>
          ))}
        </ul>
        <div className="mt-14 max-w-3xl space-y-10">
          {commitmentIntro && (
            <section>
              <h2 className="text-3xl font-semibold">{commitmentIntro.heading}</h2>
              {commitmentIntro.paragraphs.map((html, i) => (
                <Markdown key={i} html={html} className="mt-3 leading-relaxed" />
              ))}
            </section>
          )}
          {commitmentSections.map((section) => (
            <section key={section.heading}>
              <h3 className="text-2xl font-semibold">{section.heading}</h3>
              {section.paragraphs.map((html, i) => (
                <Markdown key={i} html={html} className="mt-3 leading-relaxed" />
              ))}
              {section.items.length > 0 && (
                <ul className="mt-3 list-disc space-y-1 pl-6">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
