import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { Picture } from "~/components/Picture";
import { pages } from "~/content/pages";
import { checkoutHref } from "~/lib/checkout-items";
import { formatNaira, savings } from "~/lib/money";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta = metaFor(pages.about);

export function loader({ context }: Route.LoaderArgs) {
  const { search, ...about } = context.content.about;
  return { about, search };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <>
      <PageHeader eyebrow={about.top.eyebrow} title={about.top.title}>
        <p>{about.intro}</p>
      </PageHeader>

      <section className="container-page py-14" aria-labelledby="mission-heading">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="mission-heading" className="text-3xl font-semibold">
              {about.missionHeading}
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed">
              {about.missionParagraphs.map((p) => (
                <p key={p.slice(0, 24)}>{p}</p>
              ))}
            </div>
          </div>
          <Picture
            image={about.missionImage.key}
            alt={about.missionImage.alt}
            sizes="(min-width: 1152px) 544px, (min-width: 1024px) 45vw, 100vw"
            imgClassName="aspect-[4/3] w-full rounded-3xl object-cover shadow-lg"
          />
        </div>
        <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {about.stats.map((s) => (
            <div key={s.label} className="rounded-2xl bg-teal-50 p-6 text-center">
              <dt className="text-muted">{s.label}</dt>
              <dd className="order-first font-display text-4xl font-semibold text-teal-900">
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="bg-sand py-14" aria-labelledby="programs-heading">
        <div className="container-page">
          <h2 id="programs-heading" className="text-3xl font-semibold">
            {about.headings.programmes}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {about.corePrograms.map((p) => (
              <li
                key={p.id}
                className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm"
              >
                <Picture
                  image={p.image.key}
                  alt={p.image.alt}
                  sizes="(min-width: 1152px) 540px, (min-width: 768px) 45vw, 100vw"
                  imgClassName="aspect-[2/1] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-7">
                  <h3 className="text-2xl font-semibold">{p.title}</h3>
                  <p className="mt-1 font-semibold text-clay-700">{p.duration}</p>
                  <p className="mt-3 text-muted">{p.summary}</p>
                  <ul className="mt-4 flex-1 list-disc space-y-1 pl-5">
                    {p.includes.map((i) => (
                      <li key={i}>{i}</li>
                    ))}
                  </ul>
                  <p className="mt-5">
                    {p.oldPrice !== undefined && (
                      <s className="mr-2 text-muted">
                        <span className="sr-only">Was </span>
                        {formatNaira(p.oldPrice)}
                      </s>
                    )}
                    <span className="text-2xl font-semibold text-teal-900">
                      {formatNaira(p.price)}
                    </span>
                  </p>
                  {p.oldPrice !== undefined && (
                    <p className="text-sm font-semibold text-clay-700">
                      {`Save ${formatNaira(savings(p.price, p.oldPrice) ?? 0)}`}
                    </p>
                  )}
                  <Link to={checkoutHref(p.id)} className="btn-primary mt-5">
                    Proceed to Payment<span className="sr-only">: {p.title}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-14" aria-labelledby="values-heading">
        <h2 id="values-heading" className="text-3xl font-semibold">
          {about.headings.values}
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {about.values.map((v) => (
            <li key={v.name} className="rounded-2xl border border-linen bg-white p-6">
              <h3 className="text-xl font-semibold">{v.name}</h3>
              <p className="mt-2 text-muted">{v.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-3xl bg-teal-800 p-8 text-center text-teal-50">
          <h2 className="text-3xl font-semibold text-white">{about.end.heading}</h2>
          <p className="mx-auto mt-3 max-w-xl">{about.end.text}</p>
          <Link to="/schedule" className="btn-primary mt-6">
            {about.end.button}
          </Link>
        </div>
      </section>
    </>
  );
}
