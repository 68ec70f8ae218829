import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import {
  Children,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { REDUCED_MOTION, useMediaQuery } from "~/lib/use-media-query";

/**
 * An accessible slider on Embla (WAI-ARIA APG carousel pattern). Auto-advances every `delay` ms
 * unless the visitor paused it with the visible button (WCAG 2.2.2), the pointer is over the
 * slides, focus is inside them, something inside holds it (an open dialog), or the visitor asked
 * for reduced motion. Slides out of view are `inert`, so neither Tab nor a screen reader lands on
 * content the eye cannot see. Without JavaScript the same markup is a horizontal scroll-snap list
 * (app.css), and every slide is in the server's HTML.
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

/** Lets content inside a slide stop the autoplay while it needs the slide to stay put. */
const HoldContext = createContext<(held: boolean) => void>(() => {});

export function useCarouselHold() {
  return useContext(HoldContext);
}

export function Carousel({
  label,
  delay,
  children,
  slideClassName = "basis-full",
  active = true,
  className,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [plugins] = useState(() => [
    Autoplay({
      delay,
      playOnInit: false,
      stopOnInteraction: true,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [viewportRef, api] = useEmblaCarousel(
    { align: "start", containScroll: "trimSnaps", inViewThreshold: 0.7 },
    plugins,
  );

  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [holds, setHolds] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [inView, setInView] = useState<number[] | null>(null);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);
  const running = playing && active && !hovered && !focused && holds === 0 && snapCount > 1;
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
  }, [running]);
  const slidesId = useId();

  const hold = useCallback(
    (held: boolean) => setHolds((n) => Math.max(0, n + (held ? 1 : -1))),
    [],
  );

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSnapCount(api.scrollSnapList().length);
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
      setInView(api.slidesInView());
    };
    const restart = () => {
      if (runningRef.current) api.plugins().autoplay?.play();
    };
    sync();
    api.on("select", sync).on("reInit", sync).on("slidesInView", sync).on("pointerUp", restart);
    return () => {
      api
        .off("select", sync)
        .off("reInit", sync)
        .off("slidesInView", sync)
        .off("pointerUp", restart);
    };
  }, [api]);

  // Embla re-creates the plugin's state on reInit (a resize), so this also runs on snapCount.
  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!api || !autoplay) return;
    if (running && api.scrollSnapList().length > 1) autoplay.play();
    else autoplay.stop();
  }, [api, running, snapCount]);

  const go = (direction: "prev" | "next") => {
    if (!api) return;
    if (direction === "prev") api.scrollPrev(reducedMotion);
    else api.scrollNext(reducedMotion);
    api.plugins().autoplay?.reset();
  };

  const buttonClass =
    "inline-flex size-11 items-center justify-center rounded-full border-2 border-teal-800 bg-white text-teal-900 hover:bg-teal-50 disabled:cursor-not-allowed disabled:border-linen disabled:text-muted";

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
          ref={viewportRef}
          className="carousel-viewport overflow-hidden"
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
              const hidden = inView !== null && !inView.includes(i);
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
            disabled={!canPrev}
            onClick={() => go("prev")}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={buttonClass}
            aria-label={playing ? "Pause slides" : "Play slides"}
            disabled={snapCount === 1}
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
            disabled={!canNext}
            onClick={() => go("next")}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </HoldContext.Provider>
  );
}
