import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";
import type { Deferred } from "~/lib/defer";
import type { Testimonial } from "~/lib/services/testimonials";

export const LOADING_TEXT = "Loading testimonials...";
export const FAILED_TEXT = "Failed to load testimonials.";

/**
 * Waits for the testimonials the loader started fetching, streaming them into the page: a loading
 * line first, then `children` with the list, or the spec's error text when there is nothing to
 * show (the sheet is down and nothing is cached). An empty list shows the practice's words for
 * that (`empty`).
 */
export function TestimonialList({
  testimonials,
  empty,
  children,
}: {
  testimonials: Deferred<Testimonial[] | null>;
  empty: string;
  children: (list: Testimonial[]) => ReactNode;
}) {
  const failed = (
    <p role="alert" className="rounded-2xl bg-clay-100 p-6 text-center font-semibold text-clay-700">
      {FAILED_TEXT}
    </p>
  );
  const show = (list: Testimonial[] | null) =>
    list === null ? (
      failed
    ) : list.length === 0 ? (
      <p className="py-10 text-center text-muted">{empty}</p>
    ) : (
      children(list)
    );
  // Already here: no Suspense boundary at all, because React may stream even a finished boundary
  // separately, and that copy is only revealed by JavaScript.
  if (!(testimonials instanceof Promise)) return show(testimonials);
  return (
    <Suspense
      fallback={
        <p role="status" className="py-10 text-center text-muted">
          {LOADING_TEXT}
        </p>
      }
    >
      <Await resolve={testimonials} errorElement={failed}>
        {show}
      </Await>
    </Suspense>
  );
}
