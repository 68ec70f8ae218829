import { imageMeta } from "~/lib/images";

export interface PictureProps {
  /**
   * image key: a file name (without extension) in app/content/images/, or an uploaded photo's key;
   * an unknown key renders nothing rather than breaking the page
   */
  image: string;
  /** describe the picture; pass "" for a decorative image */
  alt: string;
  /** the rendered width, e.g. "(min-width: 768px) 50vw, 100vw" */
  sizes: string;
  /**
   * the widths to offer, of IMAGE_WIDTHS (all when left out): a picture drawn small and many
   * times over lists fewer, since each width is a URL in the page's first flight
   */
  widths?: readonly number[];
  /** above the fold: load at once with high priority instead of lazily */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}

/**
 * A responsive image with intrinsic width and height so nothing shifts: AVIF at every width, and
 * one mid-size WebP for the few browsers without AVIF (Safari before 16.4). A second list of
 * WebP widths cost every page with pictures 0.2–0.4 KB brotli of its first flight for them
 * (docs/decisions/037).
 */
export function Picture({
  image,
  alt,
  sizes,
  widths,
  priority = false,
  className,
  imgClassName,
}: PictureProps) {
  const meta = imageMeta(image, widths);
  if (!meta) return null;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={meta.avifSrcSet} sizes={sizes} />
      <img
        src={meta.src}
        width={meta.width}
        height={meta.height}
        alt={alt}
        // The largest picture is painted as soon as it arrives; the others decode off the main
        // thread whenever they come (docs/decisions/037).
        decoding={priority ? undefined : "async"}
        loading={priority ? undefined : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        className={imgClassName}
      />
    </picture>
  );
}
