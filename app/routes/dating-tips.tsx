import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { datingTips } from "~/content/tips";
import { metaFor } from "~/lib/seo";

export const meta = metaFor(pages.datingTips);

export default function DatingTips() {
  return (
    <>
      <PageHeader eyebrow="Tips" title="Dating Tips">
        <p>
          Dating well starts with knowing yourself. Four pieces of advice we give the singles we
          work with, whether you are just starting out or starting again.
        </p>
      </PageHeader>
      <div className="container-page py-14">
        <ul className="grid gap-6 md:grid-cols-2">
          {datingTips.map((tip) => (
            <li key={tip.title} className="rounded-2xl border border-linen bg-white p-6">
              <p className="inline-block rounded-full bg-teal-50 px-3 py-1 text-sm font-semibold text-teal-800">
                {tip.category}
              </p>
              <h2 className="mt-3 text-2xl font-semibold">{tip.title}</h2>
              <p className="mt-2 leading-relaxed text-muted">{tip.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
