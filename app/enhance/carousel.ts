/**
 * Moves the sliders React wrote (components/carousel/Carousel.tsx; docs/decisions/025). The
 * browser does the moving: an overflow-hidden viewport scrolled to each slide (smoothly, unless
 * the visitor asked for reduced motion), a horizontal swipe moves by one, a timer plays it. Each
 * slider's state lives in its own attributes (`data-autoplay`, the buttons' labels, `inert` on the
 * slides out of view), which React never writes again after its first render.
 */
import { REDUCED_MOTION } from "~/lib/device-preferences";

const SWIPE_PX = 40;
/** a slide counts as in view when this much of it shows */
const IN_VIEW = 0.7;
/** Set on a slider while something opened from it needs it to stay put (a service's dialog). */
export const HELD = "carouselHeld";
export const HOLD_CHANGED = "carousel:hold";

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

function wireCarousel(region: HTMLElement): void {
  const viewport = region.querySelector<HTMLElement>("[data-carousel-viewport]");
  const track = viewport?.firstElementChild as HTMLElement | null | undefined;
  const prev = region.querySelector<HTMLButtonElement>("[data-carousel-prev]");
  const next = region.querySelector<HTMLButtonElement>("[data-carousel-next]");
  const play = region.querySelector<HTMLButtonElement>("[data-carousel-play]");
  if (!viewport || !track || !prev || !next || !play) return;
  const slides = () => [...track.children] as HTMLElement[];
  const delay = Number(region.dataset.delay) || 5000;
  const motion = window.matchMedia(REDUCED_MOTION);

  /** the visitor's choice with the button; until then, moving unless reduced motion is asked */
  let choice: boolean | null = null;
  let hovered = false;
  let focused = false;
  let current = 0;
  let layout: Layout | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const playing = () => choice ?? !motion.matches;
  /** measured and moving only once it is near the screen (a slider far down costs no layout) */
  let started = false;
  // A slider in a hidden tab panel (or the phone banner on a wide screen) has no boxes.
  const shown = () => started && region.getClientRects().length > 0;

  /** Writes the state into the page and restarts the wait for the next move. */
  const render = () => {
    clearTimeout(timer);
    if (!region.isConnected) return stop();
    const count = layout?.positions.length ?? (slides().length > 1 ? 0 : 1);
    const running =
      playing() && shown() && !hovered && !focused && !region.dataset[HELD] && count > 1;
    region.dataset.autoplay = running ? "playing" : "paused";
    track.setAttribute("aria-live", running ? "off" : "polite");
    play.setAttribute("aria-label", playing() ? "Pause slides" : "Play slides");
    play.dataset.playing = String(playing());
    play.disabled = count === 1;
    prev.disabled = !(layout?.canPrev ?? false);
    next.disabled = !(layout?.canNext ?? slides().length > 1);
    if (layout) {
      const inView = layout.inView;
      slides().forEach((slide, i) => {
        const hidden = !inView.includes(i);
        slide.inert = hidden;
        if (hidden) slide.setAttribute("aria-hidden", "true");
        else slide.removeAttribute("aria-hidden");
      });
    }
    if (running) timer = setTimeout(() => go("next", true), delay);
  };

  const scrollTo = (index: number, instant = false) => {
    const positions = measure(viewport).positions;
    current = Math.max(0, Math.min(index, positions.length - 1));
    const left = positions[current] ?? 0;
    viewport.scrollTo({ left, behavior: instant || motion.matches ? "instant" : "smooth" });
    // Measured at the destination, so the slides arriving are live at once.
    layout = measure(viewport, left);
    render();
  };

  function go(direction: "prev" | "next", wrap = false) {
    const count = measure(viewport!).positions.length;
    const target = current + (direction === "next" ? 1 : -1);
    if (target >= count) {
      if (wrap) return scrollTo(0);
    } else if (target >= 0) return scrollTo(target);
    render();
  }

  // Measured once near the screen, then on every resize (a tab panel shown is one), staying on
  // the same slide.
  const resize = new ResizeObserver(() => scrollTo(current, true));
  // The later slides' pictures, held back by app.css while the first one loads, come once the
  // page has: before the slider first moves, on every line but the slowest.
  if (region.dataset.laterPictures === "wait") {
    const release = () => region.setAttribute("data-later-pictures", "now");
    if (document.readyState === "complete") release();
    else window.addEventListener("load", release, { once: true });
  }
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      started = true;
      resize.observe(viewport);
    },
    { rootMargin: "100% 0px" },
  );
  near.observe(region);
  function stop() {
    clearTimeout(timer);
    near.disconnect();
    resize.disconnect();
    motion.removeEventListener("change", render);
  }
  motion.addEventListener("change", render);

  prev.addEventListener("click", () => go("prev"));
  next.addEventListener("click", () => go("next"));
  play.addEventListener("click", () => {
    choice = !playing();
    render();
  });
  region.addEventListener(HOLD_CHANGED, render);

  // Pointer and focus only pause the rotation; the slides stay fully operable.
  viewport.addEventListener("pointerenter", (e) => {
    if (e.pointerType !== "mouse") return;
    hovered = true;
    render();
  });
  viewport.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "mouse") return;
    hovered = false;
    render();
  });
  viewport.addEventListener("focusin", () => {
    focused = true;
    render();
  });
  viewport.addEventListener("focusout", (e) => {
    if (viewport.contains(e.relatedTarget as Node | null)) return;
    focused = false;
    render();
  });

  let swipeStart: number | null = null;
  viewport.addEventListener("pointerdown", (e) => {
    swipeStart = e.clientX;
  });
  viewport.addEventListener("pointerup", (e) => {
    const start = swipeStart;
    swipeStart = null;
    if (start === null || Math.abs(e.clientX - start) < SWIPE_PX) return;
    go(e.clientX < start ? "next" : "prev");
  });
  // A mouse drag would otherwise pick up the picture (and cancel the pointer) instead.
  viewport.addEventListener("dragstart", (e) => e.preventDefault());

  render();
}

const wired = new WeakSet<Element>();

/** Wires the sliders on the page not wired yet (app/enhance/widgets.ts calls it as content arrives). */
export function wireNewCarousels(): void {
  for (const region of document.querySelectorAll<HTMLElement>("[data-carousel]")) {
    if (wired.has(region)) continue;
    wired.add(region);
    wireCarousel(region);
  }
}
