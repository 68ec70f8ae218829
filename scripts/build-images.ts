/**
 * Turns the image sources in app/content/images/ into responsive AVIF and WebP files in
 * public/images/<key>-<width>.<ext>, and writes app/content/images/manifest.json, which
 * app/lib/images.ts reads. Run by `npm run build`; by hand: `node --import tsx scripts/build-images.ts`.
 *
 * A source is `<key>.svg`, or a photo `<key>.jpg|.jpeg|.png|.webp` (a photo wins over an SVG of the
 * same key, so the practice can replace an illustration by dropping a file in). An image is skipped
 * when all its outputs exist and were made from the same source file (name, size, modification
 * time) by the same version of this script, so repeated builds take a second.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "app/content/images");
const outDir = path.join(root, "public/images");
const manifestPath = path.join(sourceDir, "manifest.json");
/** What each image's outputs were made from: key -> source name, size, mtime and script mtime. */
const stampPath = path.join(outDir, ".stamps.json");
const thisScript = fileURLToPath(import.meta.url);

const WIDTHS = [320, 480, 640, 960, 1280] as const;
const FORMATS = {
  avif: (img: sharp.Sharp) => img.avif({ quality: 50, effort: 2 }),
  webp: (img: sharp.Sharp) => img.webp({ quality: 70, effort: 4, smartSubsample: true }),
} as const;
type Format = keyof typeof FORMATS;

const RASTER = [".jpg", ".jpeg", ".png", ".webp"];

interface Source {
  key: string;
  file: string;
  vector: boolean;
}

export interface ManifestEntry {
  width: number;
  height: number;
  widths: number[];
}

async function findSources(): Promise<Source[]> {
  const byKey = new Map<string, Source>();
  for (const name of (await readdir(sourceDir)).sort()) {
    const ext = path.extname(name).toLowerCase();
    const vector = ext === ".svg";
    if (!vector && !RASTER.includes(ext)) continue;
    const key = path.basename(name, path.extname(name));
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key)) {
      throw new Error(`Image file name "${name}": use lower-case letters, digits and dashes only.`);
    }
    const existing = byKey.get(key);
    if (existing && !existing.vector && !vector) {
      throw new Error(`Two photos for image "${key}": keep one of them in app/content/images/.`);
    }
    // A photo wins over an illustration of the same key.
    if (!existing || (existing.vector && !vector)) {
      byKey.set(key, { key, file: path.join(sourceDir, name), vector });
    }
  }
  return [...byKey.values()];
}

/** The widths to generate: never upscale a photo, and an SVG at most to twice its natural size. */
function widthsFor(naturalWidth: number, vector: boolean): number[] {
  const max = vector ? naturalWidth * 2 : naturalWidth;
  const widths: number[] = WIDTHS.filter((w) => w <= max);
  return widths.length > 0 ? widths : [Math.round(max)];
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

const outFile = (key: string, width: number, format: Format) =>
  path.join(outDir, `${key}-${width}.${format}`);

async function buildOne(
  source: Source,
  upToDate: boolean,
): Promise<{ entry: ManifestEntry; built: boolean }> {
  const input = await readFile(source.file);
  const meta = await sharp(input).metadata();
  // EXIF orientation 5-8 swaps the sides of a photo.
  const swap = (meta.orientation ?? 1) >= 5;
  const naturalWidth = swap ? meta.height : meta.width;
  const naturalHeight = swap ? meta.width : meta.height;
  if (!naturalWidth || !naturalHeight) {
    throw new Error(`Cannot read the size of ${path.relative(root, source.file)}.`);
  }
  const widths = widthsFor(naturalWidth, source.vector);
  const heightAt = (w: number) => Math.round((w * naturalHeight) / naturalWidth);
  const largest = widths[widths.length - 1]!;
  const entry = { width: largest, height: heightAt(largest), widths };

  const jobs: { width: number; format: Format; file: string }[] = [];
  for (const width of widths) {
    for (const format of Object.keys(FORMATS) as Format[]) {
      const file = outFile(source.key, width, format);
      if (!upToDate || !(await exists(file))) jobs.push({ width, format, file });
    }
  }
  if (jobs.length === 0) return { entry, built: false };

  for (const width of new Set(jobs.map((j) => j.width))) {
    // Rasterise an SVG at the target size (not a bitmap scaled up), so edges stay crisp.
    const density = source.vector ? (72 * width) / naturalWidth : undefined;
    const base = sharp(input, { density })
      .rotate()
      .resize({ width, height: heightAt(width), fit: "fill" })
      .flatten({ background: "#fbf7f2" });
    const decoded = await base.raw().toBuffer({ resolveWithObject: true });
    for (const job of jobs.filter((j) => j.width === width)) {
      const img = sharp(decoded.data, { raw: decoded.info });
      await FORMATS[job.format](img).toFile(job.file);
    }
  }
  return { entry, built: true };
}

/** JSON laid out the way Prettier lays it out, so the committed manifest passes `prettier --check`. */
function formatManifest(manifest: Record<string, ManifestEntry>): string {
  const entries = Object.entries(manifest).map(
    ([key, e]) =>
      `  ${JSON.stringify(key)}: {\n    "width": ${e.width},\n    "height": ${e.height},\n` +
      `    "widths": [${e.widths.join(", ")}]\n  }`,
  );
  return entries.length === 0 ? "{}\n" : `{\n${entries.join(",\n")}\n}\n`;
}

async function main() {
  const started = performance.now();
  await mkdir(outDir, { recursive: true });
  const sources = await findSources();
  const scriptTime = (await stat(thisScript)).mtimeMs;
  const previousStamps = JSON.parse(await readFile(stampPath, "utf8").catch(() => "{}")) as Record<
    string,
    string
  >;
  const stamps: Record<string, string> = {};

  const manifest: Record<string, ManifestEntry> = {};
  let built = 0;
  const queue = [...sources];
  const workers = Array.from(
    { length: Math.max(1, Math.min(4, availableParallelism())) },
    async () => {
      for (let source = queue.shift(); source; source = queue.shift()) {
        const info = await stat(source.file);
        const stamp = [path.basename(source.file), info.size, info.mtimeMs, scriptTime].join("|");
        const result = await buildOne(source, previousStamps[source.key] === stamp);
        stamps[source.key] = stamp;
        manifest[source.key] = result.entry;
        if (result.built) built += 1;
      }
    },
  );
  await Promise.all(workers);

  // Remove files of images that no longer exist or no longer need a width.
  const wanted = new Set(
    Object.entries(manifest).flatMap(([key, e]) =>
      e.widths.flatMap((w) => (Object.keys(FORMATS) as Format[]).map((f) => `${key}-${w}.${f}`)),
    ),
  );
  for (const name of await readdir(outDir)) {
    if (!wanted.has(name) && !name.startsWith(".")) await rm(path.join(outDir, name));
  }
  await writeFile(stampPath, JSON.stringify(stamps, null, 2) + "\n");

  const sorted = Object.fromEntries(
    Object.keys(manifest)
      .sort()
      .map((key) => [key, manifest[key]!]),
  );
  const text = formatManifest(sorted);
  const previous = await readFile(manifestPath, "utf8").catch(() => "");
  if (text !== previous) await writeFile(manifestPath, text);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `images: ${sources.length} sources, ${built} rebuilt, ${sources.length - built} up to date (${seconds} s)`,
  );
}

await main();
