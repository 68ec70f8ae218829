import { Pause, Play } from "lucide-react";
import { useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { REDUCED_MOTION, useMediaQuery } from "~/lib/use-media-query";

/** The clip made by scripts/make-hero-video.ts from the hero picture. */
export const heroVideo = { webm: "/video/hero.webm", mp4: "/video/hero.mp4" } as const;

const WIDE = "(min-width: 1024px)";

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * The moving hero on wide screens, laid over the poster picture once it can play. The `<video>`
 * exists only after hydration, and only at ≥ 1024 px without reduced motion or Save-Data, so a
 * phone never downloads it and the poster stays the page's LCP image. Pause/Play is always
 * visible while it plays (WCAG 2.2.2).
 */
export function HeroVideo() {
  const wide = useMediaQuery(WIDE);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  const [paused, setPaused] = useState(false);
  const ref = useRef<HTMLVideoElement>(null);

  if (!hydrated || !wide || reducedMotion || saveData()) return null;

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) {
      void video.play();
      setPaused(false);
    } else {
      video.pause();
      setPaused(true);
    }
  };

  return (
    <>
      <video
        ref={ref}
        className={`absolute inset-0 size-full rounded-3xl object-cover transition-opacity duration-700 ${
          ready ? "opacity-100" : "opacity-0"
        }`}
        autoPlay
        muted
        loop
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="hero-video"
        onPlaying={() => setReady(true)}
      >
        <source src={heroVideo.webm} type="video/webm" />
        <source src={heroVideo.mp4} type="video/mp4" />
      </video>
      {ready && (
        <button
          type="button"
          onClick={toggle}
          className="absolute top-3 right-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-teal-950/75 px-4 text-sm font-semibold text-white backdrop-blur hover:bg-teal-950"
        >
          {paused ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          {paused ? "Play background video" : "Pause background video"}
        </button>
      )}
    </>
  );
}
