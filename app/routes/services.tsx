import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { ServiceTabs } from "~/components/ServiceTabs";
import { pages } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/services";

export const meta = metaFor(pages.services);

export function loader({ context }: Route.LoaderArgs) {
  return { categories: context.content.services.categories };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Our services" title="Support for every season of love">
        <p>
          From a single conversation to a full programme, every service is led by a trained
          counsellor, in person in Lekki or online. Prices are in naira; if cost is a worry, talk to
          us, and we will help you find a way.
        </p>
      </PageHeader>
      <div className="container-page py-12 sm:py-14">
        <ServiceTabs categories={loaderData.categories} />
        <div className="mt-16 rounded-3xl bg-teal-800 p-8 text-center text-teal-50 sm:p-10">
          <h2 className="text-3xl font-semibold text-white">Not sure which is right for you?</h2>
          <p className="mx-auto mt-3 max-w-xl">
            Tell us a little about what is happening and we will recommend the service that fits,
            with no obligation.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/contact" className="btn-primary">
              Ask us a question
            </Link>
            <Link to="/schedule" className="btn border-2 border-white text-white hover:bg-teal-900">
              Book a first session
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
