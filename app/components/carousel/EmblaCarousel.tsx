import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useRef, useState } from "react";
import { type EngineOptions, createCarousel } from "./CarouselFrame";

/** Embla moves the slides (with its autoplay plugin, which never decides when to run). */
function useEmblaEngine({ delay, autoplay, reducedMotion, slideCount }: EngineOptions) {
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
  const [snapCount, setSnapCount] = useState(0);
  const [inView, setInView] = useState<number[] | null>(null);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slideCount > 1);
  const running = autoplay && snapCount > 1;
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
  }, [running]);

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
    const plugin = api?.plugins().autoplay;
    if (!api || !plugin) return;
    if (running && api.scrollSnapList().length > 1) plugin.play();
    else plugin.stop();
  }, [api, running, snapCount]);

  return {
    viewportRef,
    viewportClassName: "overflow-hidden",
    snapCount,
    canPrev,
    canNext,
    inView,
    go(direction: "prev" | "next") {
      if (!api) return;
      if (direction === "prev") api.scrollPrev(reducedMotion);
      else api.scrollNext(reducedMotion);
      api.plugins().autoplay?.reset();
    },
  };
}

/** The carousel of /services (the choice of Embla: drag physics, resize handling). */
export const EmblaCarousel = createCarousel(useEmblaEngine);
