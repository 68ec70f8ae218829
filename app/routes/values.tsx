import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { countWord } from "~/lib/count-words";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/values";

export const meta = metaFor(pages.values);

export function loader({ context }: Route.LoaderArgs) {
  return { values: context.content.values.values };
}

export default function Values({ loaderData }: Route.ComponentProps) {
  const { values } = loaderData;
  return (
    <>
      <PageHeader eyebrow="What guides us" title="Our Values">
        <p>
          {countWord(values.length, true)} values shape how we listen, how we speak and how we work
          with you, from the first phone call to the last session.
        </p>
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
