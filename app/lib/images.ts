/**
 * The image manifest, written by scripts/build-images.ts from the sources in app/content/images/.
 * Each key has AVIF and WebP files at several widths in public/images/<key>-<width>.<ext>.
 */
import manifestJson from "~/content/images/manifest.json";

export interface ImageEntry {
  /** intrinsic width at the largest generated width */
  width: number;
  /** intrinsic height at the largest generated width */
  height: number;
  /** generated widths, ascending */
  widths: number[];
}

export interface ImageMeta {
  width: number;
  height: number;
  /** the smallest generated WebP, for the <img> fallback src */
  src: string;
  avifSrcSet: string;
  webpSrcSet: string;
}

export type ImageFormat = "avif" | "webp";

const manifest = manifestJson as Record<string, ImageEntry>;

/** The public URL of one generated file. */
export function imageUrl(key: string, width: number, format: ImageFormat): string {
  return `/images/${key}-${width}.${format}`;
}

function srcSet(key: string, widths: number[], format: ImageFormat): string {
  return widths.map((w) => `${imageUrl(key, w, format)} ${w}w`).join(", ");
}

export function hasImage(key: string): boolean {
  return Object.hasOwn(manifest, key);
}

/** Size and srcsets of one image; throws for a key that has no entry in the manifest. */
export function imageMeta(key: string): ImageMeta {
  const entry = Object.hasOwn(manifest, key) ? manifest[key] : undefined;
  if (!entry || entry.widths.length === 0) {
    throw new Error(
      `Unknown image "${key}": add app/content/images/${key}.svg (or .jpg/.png/.webp) and run ` +
        "`node --import tsx scripts/build-images.ts`.",
    );
  }
  const widths = [...entry.widths].sort((a, b) => a - b);
  // The fallback <img> (no <picture> support) gets a mid-size WebP: good enough on any screen.
  const fallback = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
  return {
    width: entry.width,
    height: entry.height,
    src: imageUrl(key, fallback, "webp"),
    avifSrcSet: srcSet(key, widths, "avif"),
    webpSrcSet: srcSet(key, widths, "webp"),
  };
}
