import { Play } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Picture } from "./Picture";

const EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * A YouTube video that costs nothing until it is wanted: our own poster and a play button; the
 * iframe (from the privacy-enhanced domain) is created only when the visitor presses play. Until
 * then a plain link to the video on YouTube sits under the poster (the YouTube app opens it on a
 * phone, and it works when the embedded player cannot); without JavaScript the poster is that
 * link too. Offline, play says so instead of opening a player that cannot load.
 */
export function VideoEmbed({
  youtubeId,
  title,
  poster,
}: {
  youtubeId: string;
  title: string;
  /** image key of the poster */
  poster: string;
}) {
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(false);
  const [offline, setOffline] = useState(false);
  const id = encodeURIComponent(youtubeId);
  const watchUrl = `https://www.youtube.com/watch?v=${id}`;

  if (playing) {
    return (
      <div className="aspect-video overflow-hidden rounded-3xl bg-ink shadow-lg">
        <iframe
          // The button that started the video is gone; keep keyboard users where they were.
          ref={(el) => el?.focus()}
          src={`${EMBED_ORIGIN}/embed/${id}?autoplay=1&rel=0&modestbranding=1`}
          title={title}
          className="size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const face = (
    <>
      <Picture
        image={poster}
        alt=""
        sizes="(min-width: 1152px) 704px, (min-width: 1024px) 60vw, 100vw"
        className="block size-full"
        imgClassName="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
      />
      <span className="absolute inset-0 flex items-center justify-center bg-ink/20">
        <span className="flex size-20 items-center justify-center rounded-full bg-clay-600 text-white shadow-xl transition-colors group-hover:bg-clay-700">
          <Play aria-hidden="true" className="ml-1 size-9" fill="currentColor" />
        </span>
      </span>
    </>
  );
  const frame =
    "group relative block aspect-video w-full overflow-hidden rounded-3xl bg-ink shadow-lg";

  return (
    <div>
      {hydrated ? (
        <button
          type="button"
          className={frame}
          aria-label={`Play video: ${title}`}
          onClick={() => {
            const connected = navigator.onLine;
            setOffline(!connected);
            if (connected) setPlaying(true);
          }}
        >
          {face}
        </button>
      ) : (
        <a href={watchUrl} className={frame} aria-label={`Watch on YouTube: ${title}`}>
          {face}
        </a>
      )}
      <p className="mt-3 text-teal-100" role="status">
        {offline && "You are offline, so the video cannot play here just now. "}
        <a href={watchUrl} className="font-semibold text-white underline underline-offset-4">
          Watch “{title}” on YouTube
        </a>
      </p>
    </div>
  );
}
