import { ChevronLeft, ChevronRight, Pause, Play } from "~/components/icons";
import { Children, type ReactNode, useId } from "react";

/**
 * An accessible slider (WAI-ARIA APG carousel pattern). React writes its markup only; the site's
 * small script moves it (app/enhance/carousel.ts, docs/decisions/025), so a page with sliders
 * needs no React: it auto-advances every `delay` ms unless the visitor paused it with the visible
 * button (WCAG 2.2.2), the pointer is over the slides, focus is inside them, a dialog opened from
 * it is open, or the visitor asked for reduced motion. Slides out of view are `inert`. Every slide
 * is in the server's HTML; without JavaScript the viewport is a horizontal scroll-snap list
 * (app.css) and the buttons are not shown.
 *
 * Nothing here changes after the first render, so React, when a form on the page starts it, never
 * rewrites what the script set (the button's label, `inert`, `data-autoplay`).
 */
export interface CarouselProps {
  /** names the region, e.g. "Client testimonials" */
  label: string;
  /** milliseconds between automatic moves */
  delay: number;
  /** one child per slide */
  children: ReactNode;
  /** slide widths per breakpoint, e.g. "basis-full md:basis-1/2 lg:basis-1/3" */
  slideClassName?: string;
  className?: string;
  /**
   * The slider opens the page: its later slides' pictures wait until the page has loaded, so
   * that on a slow line they do not share it with the first slide, the page's largest picture
   * (app.css, app/enhance/carousel.ts). Without JavaScript every picture loads as it comes near.
   */
  firstPictureFirst?: boolean;
}

const buttonClass =
  "inline-flex size-11 items-center justify-center rounded-full border-2 border-teal-800 bg-white text-teal-900 hover:bg-teal-50 disabled:cursor-not-allowed disabled:border-linen disabled:text-muted";

export function Carousel({
  label,
  delay,
  children,
  slideClassName = "basis-full",
  className,
  firstPictureFirst = false,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const slidesId = useId();
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel
      data-delay={delay}
      data-autoplay="paused"
      data-later-pictures={firstPictureFirst ? "wait" : undefined}
      className={`min-w-0 ${firstPictureFirst ? "first-picture-first " : ""}${className ?? ""}`}
    >
      <div className="carousel-viewport relative overflow-hidden" data-carousel-viewport>
        <div id={slidesId} className="-ml-4 flex touch-pan-y touch-pinch-zoom" aria-live="polite">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className={`carousel-slide min-w-0 shrink-0 grow-0 pl-4 ${slideClassName}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="js-only mt-5 flex items-center justify-center gap-3">
        <button
          type="button"
          className={buttonClass}
          aria-controls={slidesId}
          aria-label="Previous slide"
          data-carousel-prev
          disabled
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          className={buttonClass}
          aria-label="Pause slides"
          data-carousel-play
          data-playing="true"
          disabled={slides.length < 2}
        >
          <Pause aria-hidden="true" className="carousel-pause size-5" />
          <Play aria-hidden="true" className="carousel-play size-5" />
        </button>
        <button
          type="button"
          className={buttonClass}
          aria-controls={slidesId}
          aria-label="Next slide"
          data-carousel-next
          disabled={slides.length < 2}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
