import { Check, CreditCard, MessageCircle } from "~/components/icons";
import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { Picture } from "~/components/Picture";
import { pages } from "~/content/pages";
import { checkoutHref, mapPlanItemId } from "~/lib/checkout-items";
import { formatNaira } from "~/lib/money";
import { metaFor } from "~/lib/seo";
import { useSite, whatsappLink } from "~/lib/site";
import type { Route } from "./+types/marriage-with-a-map";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const meta = metaFor(pages.marriageWithAMap);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ context }: Route.LoaderArgs) {
  // The pay buttons appear only when online payment is configured.
  const { search, ...map } = context.content.map;
  return { payOnline: Boolean(context.services.payments), map, search };
}

export default function MarriageWithAMap({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { map } = loaderData;
  return (
    <>
      <PageHeader eyebrow={map.top.eyebrow} title={map.top.title}>
        <p>{map.top.intro}</p>
      </PageHeader>
      <div className="container-page py-14">
        <section
          aria-labelledby="how-heading"
          className="mb-14 grid items-center gap-8 lg:grid-cols-2 lg:gap-12"
        >
          <Picture
            image={map.image.key}
            alt={map.image.alt}
            // On a phone this is the largest thing in the first view: fetch it at once.
            priority
            sizes="(min-width: 1152px) 544px, (min-width: 1024px) 45vw, 100vw"
            imgClassName="aspect-[3/2] w-full rounded-3xl object-cover shadow-md"
          />
          <div>
            <h2 id="how-heading" className="text-3xl font-semibold">
              {map.how.heading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">{map.how.first}</p>
            <p className="mt-4 text-lg leading-relaxed">{map.how.second}</p>
          </div>
        </section>
        <h2 className="text-3xl font-semibold">{map.plansWords.heading}</h2>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {map.plans.map((plan) => (
            <li
              key={plan.id}
              className="flex flex-col rounded-3xl border border-linen bg-white p-7"
            >
              <h3 className="text-2xl font-semibold">{plan.tier}</h3>
              <p className="mt-1 font-semibold text-clay-700">{plan.sessions} sessions</p>
              <p className="mt-4 text-3xl font-semibold text-teal-900">
                {formatNaira(plan.original)}
              </p>
              <p className="mt-3 text-muted">{plan.description}</p>
              <ul className="mt-5 flex-1 space-y-2">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
                    {f}
                  </li>
                ))}
              </ul>
              <a
                href={whatsappLink(
                  site,
                  `Hello, I would like to register for the Marriage with a Map ${plan.tier} (${plan.sessions} sessions).`,
                )}
                className="btn-primary mt-6"
                rel="noopener noreferrer"
                target="_blank"
              >
                <MessageCircle aria-hidden="true" className="size-5" />
                {map.plansWords.register}
                <span className="sr-only">: {plan.tier}</span>
              </a>
              {loaderData.payOnline && (
                <Link to={checkoutHref(mapPlanItemId(plan.id))} className="btn-outline mt-3">
                  <CreditCard aria-hidden="true" className="size-5" />
                  {map.plansWords.pay}
                  <span className="sr-only">: {plan.tier}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
