import { Quote } from "~/components/icons";
import type { Testimonial } from "~/lib/services/testimonials";

/** Stars as one image with a spoken label ("4 out of 5 stars"); the glyphs are decoration. */
export function Stars({ count }: { count: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(count)));
  return (
    <p role="img" aria-label={`${filled} out of 5 stars`} className="text-xl tracking-wider">
      <span className="text-gold">{"★".repeat(filled)}</span>
      <span className="text-linen">{"★".repeat(5 - filled)}</span>
    </p>
  );
}

/** One client's words. Reviews are shown as text, never as HTML. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-linen bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <Stars count={testimonial.stars} />
        <Quote aria-hidden="true" className="size-8 shrink-0 text-clay-100" />
      </div>
      <blockquote className="mt-4 flex-1 leading-relaxed">
        <p>{testimonial.review}</p>
      </blockquote>
      <figcaption className="mt-5 border-t border-linen pt-4">
        <span className="block font-semibold text-teal-900">{testimonial.name}</span>
        {testimonial.country && (
          <span className="block text-sm text-muted">{testimonial.country}</span>
        )}
      </figcaption>
    </figure>
  );
}
