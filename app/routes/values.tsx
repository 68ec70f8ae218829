import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { coreValues } from "~/content/values";
import { metaFor } from "~/lib/seo";

export const meta = metaFor(pages.values);

export default function Values() {
  return (
    <>
      <PageHeader eyebrow="What guides us" title="Our Values">
        <p>
          Five values shape how we listen, how we speak and how we work with you, from the first
          phone call to the last session.
        </p>
      </PageHeader>
      <div className="container-page py-14">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {coreValues.map((v, i) => (
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
