import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { withCount } from "~/lib/count-words";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/values";

export const meta = metaFor(pages.values);

export function loader({ context }: Route.LoaderArgs) {
  const { top, values, search } = context.content.values;
  return { top: { ...top, intro: withCount(top.intro, values.length) }, values, search };
}

export default function Values({ loaderData }: Route.ComponentProps) {
  const { top, values } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page py-14">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {values.map((v, i) => (
            <li key={v.name} className="rounded-2xl border border-linen bg-white p-6">
              <p className="font-display text-3xl font-semibold text-clay-600">
                {String(i + 1).padStart(2, "0")}
              </p>
              <h2 className="mt-2 text-2xl font-semibold">{v.name}</h2>
              <p className="mt-2 leading-relaxed text-muted">{v.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
