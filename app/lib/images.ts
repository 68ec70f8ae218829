/**
 * Where a picture's files are, from its key alone:
 * - a shipped image: the manifest written by scripts/build-images.ts from app/content/images/, its
 *   AVIF and WebP files at several widths in public/images/<key>-<width>.<ext>;
 * - an uploaded photo (server/content/photos/): a key `p-<16 hex>-<W>x<H>` that carries its largest width
 *   and height, its files served from the database at /media/<key>-<width>.<ext>.
 */
import manifestJson from "~/content/images/manifest.json";

/** The widths every picture is made in, shipped or uploaded; a picture is never made wider than it is. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;

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
  /** a mid-size WebP, for the <img> of a browser without AVIF */
  src: string;
  avifSrcSet: string;
}

export type ImageFormat = "avif" | "webp";

const manifest = manifestJson as Record<string, ImageEntry>;

/** An uploaded photo's key: the first 16 hex of its bytes' SHA-256, then its largest size. */
const UPLOADED_KEY = /^p-[0-9a-f]{16}-([1-9]\d{0,4})x([1-9]\d{0,4})$/;

/** The key of an uploaded photo whose largest stored file is `width` × `height`. */
export function uploadedKey(hash16: string, width: number, height: number): string {
  return `p-${hash16}-${width}x${height}`;
}

/** The widths stored for a picture whose largest file is `width` wide. */
export function widthsUpTo(width: number): number[] {
  return IMAGE_WIDTHS.filter((w) => w <= width);
}

/** Size and widths of an uploaded photo from its key, or undefined for any other key. */
export function uploadedEntry(key: string): ImageEntry | undefined {
  const match = UPLOADED_KEY.exec(key);
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const widths = widthsUpTo(width);
  // Uploads are stored at the standard widths only, so the largest must be one of them.
  if (widths[widths.length - 1] !== width) return undefined;
  return { width, height, widths };
}

/** The public URL of one generated file. */
export function imageUrl(key: string, width: number, format: ImageFormat): string {
  return `${key.startsWith("p-") ? "/media" : "/images"}/${key}-${width}.${format}`;
}

function srcSet(key: string, widths: number[], format: ImageFormat): string {
  return widths.map((w) => `${imageUrl(key, w, format)} ${w}w`).join(", ");
}

export function hasImage(key: string): boolean {
  return Object.hasOwn(manifest, key) || uploadedEntry(key) !== undefined;
}

const warned = new Set<string>();

/**
 * Size and srcsets of one image (at the `only` widths it has, when given), or undefined for a key
 * that is neither shipped nor an upload's: a content document may name a photo uploaded on another
 * instance or a key since removed, and that must not break the page. Warned about once per key.
 */
export function imageMeta(key: string, only?: readonly number[]): ImageMeta | undefined {
  const entry = Object.hasOwn(manifest, key) ? manifest[key] : uploadedEntry(key);
  if (!entry || entry.widths.length === 0) {
    if (!warned.has(key)) {
      warned.add(key);
      console.warn(
        `Unknown image "${key}": neither an uploaded photo nor a shipped image ` +
          "(app/content/images/, then `node --import tsx scripts/build-images.ts`).",
      );
    }
    return undefined;
  }
  const all = [...entry.widths].sort((a, b) => a - b);
  const chosen = only ? all.filter((w) => only.includes(w)) : all;
  const widths = chosen.length > 0 ? chosen : all;
  // A browser without AVIF gets a mid-size WebP: good enough on any screen.
  const fallback = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
  return {
    width: entry.width,
    height: entry.height,
    src: imageUrl(key, fallback, "webp"),
    avifSrcSet: srcSet(key, widths, "avif"),
  };
}
