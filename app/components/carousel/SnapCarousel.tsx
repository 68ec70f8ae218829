import { useCallback, useEffect, useRef, useState } from "react";
import { type EngineOptions, createCarousel } from "./CarouselFrame";

const SWIPE_PX = 40;
/** a slide counts as in view when this much of it shows (as Embla's inViewThreshold) */
const IN_VIEW = 0.7;

interface Layout {
  positions: number[];
  canPrev: boolean;
  canNext: boolean;
  inView: number[];
}

/** Where each slide's content starts, and which slides show, at the viewport's scroll offset. */
function measure(viewport: HTMLElement, target = viewport.scrollLeft): Layout {
  const box = viewport.getBoundingClientRect();
  const max = viewport.scrollWidth - viewport.clientWidth;
  const slides = [...(viewport.firstElementChild?.children ?? [])] as HTMLElement[];
  const edges = slides.map((slide) => {
    // Slides carry their gutter as left padding; the content starts after it.
    const content = (slide.firstElementChild as HTMLElement | null) ?? slide;
    const rect = content.getBoundingClientRect();
    return { left: rect.left - box.left + viewport.scrollLeft, width: rect.width };
  });
  const positions = [
    ...new Set(edges.map((e) => Math.round(Math.min(Math.max(e.left, 0), max)))),
  ].sort((a, b) => a - b);
  const index = positions.findIndex((p) => Math.abs(p - target) < 2);
  const inView = edges.flatMap((e, i) => {
    const shown = Math.min(e.left + e.width, target + box.width) - Math.max(e.left, target);
    return shown >= e.width * IN_VIEW - 1 ? [i] : [];
  });
  return {
    positions,
    canPrev: index > 0,
    canNext: index >= 0 && index < positions.length - 1,
    inView,
  };
}

/**
 * The browser moves the slides: an overflow-hidden viewport scrolled to each slide (smoothly,
 * unless reduced motion is asked for), a horizontal swipe moves by one, a timer plays it. About
 * 1 KB, where Embla is 9: the home page uses this one.
 */
function useSnapEngine({ delay, autoplay, reducedMotion, slideCount }: EngineOptions) {
  const viewport = useRef<HTMLElement | null>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const [moves, setMoves] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const snapCount = layout?.positions.length ?? (slideCount > 1 ? 0 : 1);

  const current = useRef(0);

  const scrollTo = useCallback(
    (index: number, instant = false) => {
      const element = viewport.current;
      if (!element) return;
      const positions = measure(element).positions;
      current.current = Math.min(index, positions.length - 1);
      const left = positions[current.current] ?? 0;
      element.scrollTo({ left, behavior: instant || reducedMotion ? "instant" : "smooth" });
      // Measured at the destination, so the slides arriving are live at once.
      setLayout(measure(element, left));
    },
    [reducedMotion],
  );

  const go = useCallback(
    (direction: "prev" | "next", wrap = false) => {
      const element = viewport.current;
      if (!element) return;
      const count = measure(element).positions.length;
      const next = current.current + (direction === "next" ? 1 : -1);
      if (next >= count) {
        if (wrap) scrollTo(0);
      } else if (next >= 0) scrollTo(next);
      setMoves((n) => n + 1);
    },
    [scrollTo],
  );

  const viewportRef = useCallback(
    (element: HTMLElement | null) => {
      viewport.current = element;
      if (!element) return;
      // Measured now and on every resize, staying on the same slide.
      const resize = new ResizeObserver(() => scrollTo(current.current, true));
      resize.observe(element);
      const onPointerDown = (e: PointerEvent) => {
        swipeStart.current = e.clientX;
      };
      const onPointerUp = (e: PointerEvent) => {
        const start = swipeStart.current;
        swipeStart.current = null;
        if (start === null || Math.abs(e.clientX - start) < SWIPE_PX) return;
        go(e.clientX < start ? "next" : "prev");
      };
      // A mouse drag would otherwise pick up the picture (and cancel the pointer) instead.
      const onDragStart = (e: DragEvent) => e.preventDefault();
      element.addEventListener("pointerdown", onPointerDown);
      element.addEventListener("pointerup", onPointerUp);
      element.addEventListener("dragstart", onDragStart);
      return () => {
        resize.disconnect();
        element.removeEventListener("pointerdown", onPointerDown);
        element.removeEventListener("pointerup", onPointerUp);
        element.removeEventListener("dragstart", onDragStart);
      };
    },
    [go, scrollTo],
  );

  // Each move, by hand or by the timer, starts the wait for the next one afresh.
  useEffect(() => {
    if (!autoplay || snapCount < 2) return;
    const timer = setTimeout(() => go("next", true), delay);
    return () => clearTimeout(timer);
  }, [autoplay, snapCount, delay, moves, go]);

  return {
    viewportRef,
    viewportClassName: "overflow-hidden",
    snapCount,
    canPrev: layout?.canPrev ?? false,
    canNext: layout?.canNext ?? slideCount > 1,
    inView: layout?.inView ?? null,
    go,
  };
}

export const SnapCarousel = createCarousel(useSnapEngine);
