import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { ServiceTabs } from "~/components/ServiceTabs";
import { pages } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/services";

export const meta = metaFor(pages.services);

export function loader({ context }: Route.LoaderArgs) {
  const { categories, top, noPrice, end, search } = context.content.services;
  return { categories, top, noPrice: noPrice.text, end, search };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { top, end } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page py-12 sm:py-14">
        <ServiceTabs categories={loaderData.categories} noPrice={loaderData.noPrice} />
        <div className="mt-16 rounded-3xl bg-teal-800 p-8 text-center text-teal-50 sm:p-10">
          <h2 className="text-3xl font-semibold text-white">{end.heading}</h2>
          <p className="mx-auto mt-3 max-w-xl">{end.text}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/contact" className="btn-primary">
              {end.button}
            </Link>
            <Link to="/schedule" className="btn border-2 border-white text-white hover:bg-teal-900">
              {end.secondButton}
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
