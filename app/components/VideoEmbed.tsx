import { Play } from "~/components/icons";
import { Picture } from "./Picture";

/** React never fills these: the small script does, after React's first render (docs/decisions/025). */
const scriptOwned = { __html: "" };

/**
 * A YouTube video that costs nothing until it is wanted: our own poster and a play button; the
 * iframe (from the privacy-enhanced domain) is created only when the visitor presses play
 * (app/enhance/video.ts). Until then a plain link to the video on YouTube sits under the poster
 * (the YouTube app opens it on a phone, and it works when the embedded player cannot). Without
 * JavaScript the poster is that link too; with it, the script makes the poster a play button.
 * Offline, play says so instead of opening a player that cannot load.
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
  const watchUrl = `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`;
  return (
    <div data-video={youtubeId} data-video-title={title}>
      <a
        href={watchUrl}
        className="group relative block aspect-video w-full overflow-hidden rounded-3xl bg-ink shadow-lg"
        aria-label={`Watch on YouTube: ${title}`}
        data-video-play
      >
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
      </a>
      <div data-video-frame dangerouslySetInnerHTML={scriptOwned} />
      <p className="mt-3 text-teal-100" role="status" data-video-note>
        <span data-video-offline dangerouslySetInnerHTML={scriptOwned} />
        <a href={watchUrl} className="font-semibold text-white underline underline-offset-4">
          Watch “{title}” on YouTube
        </a>
      </p>
    </div>
  );
}
