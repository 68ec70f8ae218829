import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import {
  Children,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useId,
  useState,
} from "react";
import { REDUCED_MOTION, useMediaQuery } from "~/lib/use-media-query";

/**
 * An accessible slider (WAI-ARIA APG carousel pattern), whatever moves the slides. Auto-advances
 * every `delay` ms unless the visitor paused it with the visible button (WCAG 2.2.2), the pointer
 * is over the slides, focus is inside them, something inside holds it (an open dialog), or the
 * visitor asked for reduced motion. Slides out of view are `inert`, so neither Tab nor a screen
 * reader lands on content the eye cannot see. Every slide is in the server's HTML; without
 * JavaScript the viewport is a horizontal scroll-snap list (app.css).
 *
 * Two engines move the slides (docs/decisions/008): Embla on /services, the browser's own
 * scroll-snap on the home page, where every kilobyte of script counts.
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
  /** false while the carousel cannot be seen (an inactive tab): it does not move */
  active?: boolean;
  className?: string;
}

export interface EngineOptions {
  delay: number;
  /** the frame wants the slides to move by themselves now */
  autoplay: boolean;
  reducedMotion: boolean;
  slideCount: number;
}

export interface Engine {
  viewportRef: (element: HTMLElement | null) => void;
  /** classes that make the viewport work with this engine */
  viewportClassName: string;
  /** how many resting positions there are (1 when everything fits) */
  snapCount: number;
  canPrev: boolean;
  canNext: boolean;
  /** indexes of the slides in view; null until measured (the server shows them all) */
  inView: number[] | null;
  go: (direction: "prev" | "next") => void;
}

export type UseEngine = (options: EngineOptions) => Engine;

/** Lets content inside a slide stop the autoplay while it needs the slide to stay put. */
const HoldContext = createContext<(held: boolean) => void>(() => {});

export function useCarouselHold() {
  return useContext(HoldContext);
}

const buttonClass =
  "inline-flex size-11 items-center justify-center rounded-full border-2 border-teal-800 bg-white text-teal-900 hover:bg-teal-50 disabled:cursor-not-allowed disabled:border-linen disabled:text-muted";

/** A carousel component driven by the given engine hook. */
export function createCarousel(useEngine: UseEngine) {
  return function Carousel({
    label,
    delay,
    children,
    slideClassName = "basis-full",
    active = true,
    className,
  }: CarouselProps) {
    const slides = Children.toArray(children);
    const reducedMotion = useMediaQuery(REDUCED_MOTION);
    const [choice, setChoice] = useState<boolean | null>(null);
    const playing = choice ?? !reducedMotion;
    const [hovered, setHovered] = useState(false);
    const [focused, setFocused] = useState(false);
    const [holds, setHolds] = useState(0);
    const wantsToMove = playing && active && !hovered && !focused && holds === 0;
    const engine = useEngine({
      delay,
      autoplay: wantsToMove,
      reducedMotion,
      slideCount: slides.length,
    });
    const running = wantsToMove && engine.snapCount > 1;
    const slidesId = useId();

    const hold = useCallback(
      (held: boolean) => setHolds((n) => Math.max(0, n + (held ? 1 : -1))),
      [],
    );

    return (
      <HoldContext.Provider value={hold}>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label={label}
          data-autoplay={running ? "playing" : "paused"}
          className={`min-w-0 ${className ?? ""}`}
        >
          {/* Pointer and focus only pause the rotation; the slides stay fully operable. */}
          {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
          <div
            ref={engine.viewportRef}
            className={`carousel-viewport ${engine.viewportClassName}`}
            onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
            onPointerLeave={(e) => e.pointerType === "mouse" && setHovered(false)}
            onFocus={() => setFocused(true)}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
            }}
          >
            <div
              id={slidesId}
              className="-ml-4 flex touch-pan-y touch-pinch-zoom"
              aria-live={running ? "off" : "polite"}
            >
              {slides.map((slide, i) => {
                const hidden = engine.inView !== null && !engine.inView.includes(i);
                return (
                  <div
                    key={i}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={`${i + 1} of ${slides.length}`}
                    aria-hidden={hidden || undefined}
                    inert={hidden}
                    className={`carousel-slide min-w-0 shrink-0 grow-0 pl-4 ${slideClassName}`}
                  >
                    {slide}
                  </div>
                );
              })}
            </div>
          </div>
          <div className="js-only mt-5 flex items-center justify-center gap-3">
            <button
              type="button"
              className={buttonClass}
              aria-controls={slidesId}
              aria-label="Previous slide"
              disabled={!engine.canPrev}
              onClick={() => engine.go("prev")}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              className={buttonClass}
              aria-label={playing ? "Pause slides" : "Play slides"}
              disabled={engine.snapCount === 1}
              onClick={() => setChoice(!playing)}
            >
              {playing ? (
                <Pause aria-hidden="true" className="size-5" />
              ) : (
                <Play aria-hidden="true" className="size-5" />
              )}
            </button>
            <button
              type="button"
              className={buttonClass}
              aria-controls={slidesId}
              aria-label="Next slide"
              disabled={!engine.canNext}
              onClick={() => engine.go("next")}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      </HoldContext.Provider>
    );
  };
}
