import { REDUCED_MOTION, savingData } from "~/lib/device-preferences";
import { targetOf } from "./disclosure";
import { icon } from "./icon";

const PAUSE_ICON = "M6 4h4v16H6zM14 4h4v16h-4z";
const PLAY_ICON = "M7 4v16l13-8z";

/**
 * The home page's two videos (docs/decisions/025): the YouTube film plays in a player made only
 * when the visitor presses play (components/VideoEmbed.tsx), and the moving hero plays on wide
 * screens only (components/HeroVideo.tsx). Both write into elements React leaves empty.
 */
const EMBED_ORIGIN = "https://www.youtube-nocookie.com";
const WIDE = "(min-width: 1024px)";
const OFFLINE_TEXT = "You are offline, so the video cannot play here just now. ";

/** The poster link becomes a play button: the player comes from YouTube only when it is pressed. */
function upgradePosters(): void {
  for (const poster of document.querySelectorAll<HTMLElement>(
    '[data-video] [data-video-play]:not([role="button"])',
  )) {
    const title = poster.closest<HTMLElement>("[data-video]")?.dataset.videoTitle ?? "";
    poster.setAttribute("role", "button");
    poster.setAttribute("aria-label", `Play video: ${title}`);
  }
}

function wireEmbeds(): void {
  const play = (poster: HTMLElement) => {
    const box = poster.closest<HTMLElement>("[data-video]");
    const slot = box?.querySelector<HTMLElement>("[data-video-frame]");
    if (!box || !slot) return;
    const offline = box.querySelector("[data-video-offline]");
    if (!navigator.onLine) {
      if (offline) offline.textContent = OFFLINE_TEXT;
      return;
    }
    if (offline) offline.textContent = "";
    const frame = document.createElement("div");
    frame.className = "aspect-video overflow-hidden rounded-3xl bg-ink shadow-lg";
    const iframe = document.createElement("iframe");
    iframe.src = `${EMBED_ORIGIN}/embed/${encodeURIComponent(box.dataset.video ?? "")}?autoplay=1&rel=0&modestbranding=1`;
    iframe.title = box.dataset.videoTitle ?? "";
    iframe.className = "size-full";
    iframe.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
    iframe.allowFullscreen = true;
    iframe.referrerPolicy = "strict-origin-when-cross-origin";
    frame.append(iframe);
    slot.replaceChildren(frame);
    poster.hidden = true;
    // The link to YouTube under the poster was for until it played.
    const note = box.querySelector<HTMLElement>("[data-video-note]");
    if (note) note.hidden = true;
    // The button that started the video is gone; keep keyboard users where they were.
    iframe.focus();
  };
  document.addEventListener("click", (event) => {
    const poster = targetOf(event)?.closest<HTMLElement>("[data-video] [data-video-play]");
    if (!poster) return;
    event.preventDefault();
    play(poster);
  });
  // A link acting as a button answers the space bar too (Enter already clicks it).
  document.addEventListener("keydown", (event) => {
    const poster = targetOf(event)?.closest<HTMLElement>("[data-video] [data-video-play]");
    if (!poster || event.key !== " ") return;
    event.preventDefault();
    play(poster);
  });
}

const wide = window.matchMedia(WIDE);
const reduced = window.matchMedia(REDUCED_MOTION);

/** The moving hero, made once the screen is wide (now or after a resize), never on a phone. */
function startHeroVideo(): void {
  const slot = document.querySelector<HTMLElement>("[data-hero-video]");
  if (!slot || slot.firstChild || !wide.matches || reduced.matches || savingData()) return;
  const video = document.createElement("video");
  video.className =
    "absolute inset-0 size-full rounded-3xl object-cover opacity-0 transition-opacity duration-700";
  video.muted = true;
  video.loop = true;
  video.autoplay = true;
  video.playsInline = true;
  video.preload = "auto";
  video.setAttribute("aria-hidden", "true");
  video.tabIndex = -1;
  video.dataset.testid = "hero-video";
  for (const type of ["webm", "mp4"] as const) {
    const source = document.createElement("source");
    source.type = `video/${type}`;
    source.src = slot.dataset[type] ?? "";
    video.append(source);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className =
    "absolute top-3 right-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-teal-950/75 px-4 text-sm font-semibold text-white backdrop-blur hover:bg-teal-950";
  button.hidden = true;
  const show = () =>
    button.replaceChildren(
      icon(video.paused ? PLAY_ICON : PAUSE_ICON, "size-4", "fill"),
      video.paused ? "Play background video" : "Pause background video",
    );
  button.addEventListener("click", () => {
    if (video.paused) void video.play();
    else video.pause();
  });
  video.addEventListener("playing", () => {
    video.classList.replace("opacity-0", "opacity-100");
    button.hidden = false;
    show();
  });
  video.addEventListener("pause", show);
  slot.append(video, button);
}

/** Listens for play; called once. */
export function wireVideos(): void {
  wireEmbeds();
  wide.addEventListener("change", startHeroVideo);
}

/** Upgrades the videos on the page (app/enhance/widgets.ts calls it as content arrives). */
export function upgradeVideos(): void {
  upgradePosters();
  startHeroVideo();
}
