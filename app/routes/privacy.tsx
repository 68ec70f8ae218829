import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { privacyCards, privacyCommitment, privacyLastUpdated } from "~/content/privacy";
import { metaFor } from "~/lib/seo";

export const meta = metaFor(pages.privacy);

const lastUpdated = new Intl.DateTimeFormat("en-NG", { dateStyle: "long", timeZone: "UTC" }).format(
  new Date(privacyLastUpdated),
);

/** The first section introduces the others: its heading is the h2 they sit under. */
const [commitmentIntro, ...commitmentSections] = privacyCommitment as [
  (typeof privacyCommitment)[number],
  ...typeof privacyCommitment,
];

export default function Privacy() {
  return (
    <>
      <PageHeader eyebrow="Your privacy" title="Privacy Policy">
        <p>
          What you share with us is precious. This page explains how we protect it, in plain words.
        </p>
        <p className="mt-2 text-base">
          Last updated: <time dateTime={privacyLastUpdated}>{lastUpdated}</time>
        </p>
      </PageHeader>
      <div className="container-page py-14">
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {privacyCards.map((c) => (
            <li key={c.title} className="rounded-2xl bg-teal-50 p-6">
              <h2 className="text-xl font-semibold">{c.title}</h2>
              <p className="mt-2 text-muted">{c.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-14 max-w-3xl space-y-10">
          <section>
            <h2 className="text-3xl font-semibold">{commitmentIntro.heading}</h2>
            {commitmentIntro.paragraphs.map((p) => (
              <p key={p.slice(0, 30)} className="mt-3 leading-relaxed">
                {p}
              </p>
            ))}
          </section>
          {commitmentSections.map((section) => (
            <section key={section.heading}>
              <h3 className="text-2xl font-semibold">{section.heading}</h3>
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 30)} className="mt-3 leading-relaxed">
                  {p}
                </p>
              ))}
              {section.items && (
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
