import type sharp from "sharp";
import { IMAGE_WIDTHS } from "../../../app/lib/images";

/**
 * How an uploaded photo is encoded: the same formats, quality and background as the shipped
 * images of scripts/build-images.ts (tests/unit/photos.test.ts checks the two agree), so an
 * uploaded team photo weighs what a shipped one does.
 */
export const SETTINGS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 70, effort: 4, smartSubsample: true },
} as const;
export const ENCODERS = {
  avif: (img: sharp.Sharp) => img.avif(SETTINGS.avif),
  webp: (img: sharp.Sharp) => img.webp(SETTINGS.webp),
} as const;

export type PhotoFormat = keyof typeof ENCODERS;
export const PHOTO_FORMATS = Object.keys(ENCODERS) as PhotoFormat[];

/** A transparent PNG is laid on the page's background, as the shipped images are. */
export const BACKGROUND = "#fbf7f2";

export interface EncodedPhoto {
  /** the largest stored width and its height */
  width: number;
  height: number;
  files: { width: number; format: PhotoFormat; bytes: Buffer }[];
}

/**
 * sharp (libvips) is loaded on the first upload, not at start: a site whose practice never
 * uploads keeps its memory (docs/decisions/022 does the same for the database drivers).
 */
export async function loadSharp(): Promise<typeof sharp> {
  const module = await import("sharp");
  // libvips' own cache of decoded images helps a batch build, not a server decoding one upload.
  module.default.cache(false);
  return module.default;
}

export class UnreadablePhoto extends Error {
  override name = "UnreadablePhoto";
}

/**
 * Decodes `input` (already known to be a JPEG, PNG or WebP of a sane size), turns it upright by
 * its EXIF orientation, converts it to sRGB, drops its metadata (a phone's GPS position among it)
 * and encodes it at every standard width not wider than it, in AVIF and WebP. The photo is
 * decoded once, at the largest width; the smaller widths are made from that.
 */
export async function encodePhoto(
  input: Buffer,
  naturalWidth: number,
  naturalHeight: number,
  limits: { maxPixels: number },
) {
  const sharp = await loadSharp();
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= naturalWidth);
  const heightAt = (w: number) => Math.max(1, Math.round((w * naturalHeight) / naturalWidth));
  const largest = widths[widths.length - 1]!;
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: "truncated" })
      .rotate()
      .resize({ width: largest, height: heightAt(largest), fit: "fill" })
      .flatten({ background: BACKGROUND })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnreadablePhoto((error as Error).message);
  }
  const files: EncodedPhoto["files"] = [];
  for (const width of widths) {
    for (const format of PHOTO_FORMATS) {
      const img = sharp(decoded.data, { raw: decoded.info }).resize({
        width,
        height: heightAt(width),
        fit: "fill",
      });
      files.push({ width, format, bytes: await ENCODERS[format](img).toBuffer() });
    }
  }
  return { width: largest, height: heightAt(largest), files } satisfies EncodedPhoto;
}
