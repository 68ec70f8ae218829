import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { TestimonialCard } from "~/components/TestimonialCard";
import { TestimonialList } from "~/components/TestimonialList";
import { pages } from "~/content/pages";
import { TESTIMONIALS_WAIT_MS, deferUnlessQuick } from "~/lib/defer";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/testimonials";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const meta = metaFor(pages.testimonials);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export async function loader({ context }: Route.LoaderArgs) {
  // A slow sheet does not hold the page: past the wait, the list streams in behind its loading text.
  const { value } = await deferUnlessQuick(context.services.testimonials(), TESTIMONIALS_WAIT_MS);
  const { top, empty, end, search } = context.content.testimonials;
  return { testimonials: value, top, empty: empty.text, end, search };
}

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { top, end } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page py-14">
        <TestimonialList testimonials={loaderData.testimonials} empty={loaderData.empty}>
          {(list) => (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {list.map((t) => (
                <li key={`${t.name}-${t.review.slice(0, 20)}`}>
                  <TestimonialCard testimonial={t} />
                </li>
              ))}
            </ul>
          )}
        </TestimonialList>
        <div className="mt-14 rounded-3xl bg-sand p-8 text-center">
          <h2 className="text-2xl font-semibold sm:text-3xl">{end.heading}</h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">{end.text}</p>
          <Link to="/schedule" className="btn-primary mt-6">
            {end.button}
          </Link>
        </div>
      </div>
    </>
  );
}
