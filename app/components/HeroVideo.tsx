/** The clip made by scripts/make-hero-video.ts from the hero picture. */
export const heroVideo = { webm: "/video/hero.webm", mp4: "/video/hero.mp4" } as const;

/** React never fills it: the small script does (docs/decisions/025). */
const scriptOwned = { __html: "" };

/**
 * Where the moving hero goes on wide screens, laid over the poster picture once it can play. The
 * small script (app/enhance/video.ts) makes the `<video>` only at ≥ 1024 px without reduced motion
 * or Save-Data, so a phone never downloads it and the poster stays the page's LCP image. Pause/Play
 * is always visible while it plays (WCAG 2.2.2).
 */
export function HeroVideo() {
  return (
    <div
      data-hero-video
      data-webm={heroVideo.webm}
      data-mp4={heroVideo.mp4}
      dangerouslySetInnerHTML={scriptOwned}
    />
  );
}
