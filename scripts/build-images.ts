/**
 * Turns the image sources in app/content/images/ into responsive AVIF and WebP files in
 * public/images/<key>-<width>.<ext>, and writes app/content/images/manifest.json, which
 * app/lib/images.ts reads. Run by `npm run build`; by hand: `node --import tsx scripts/build-images.ts`.
 *
 * A source is `<key>.svg`, or a photo `<key>.jpg|.jpeg|.png|.webp` (a photo wins over an SVG of the
 * same key, so the practice can replace an illustration by dropping a file in).
 *
 * Encoding is most of a build's time (issue 25: 35 s of 53 s), so every image's outputs are kept in
 * a cache keyed by the source's content and the settings below (and sharp's version): a rebuild, a
 * fresh checkout or a new release folder on the same machine copies them instead of encoding them
 * again. The cache lives outside the checkout, so `npm ci` and a new clone keep it:
 * `$IMAGE_CACHE_DIR`, or `~/.cache/counselling-practice-site/images`. Deleting it is always safe.
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "app/content/images");
const outDir = path.join(root, "public/images");
const manifestPath = path.join(sourceDir, "manifest.json");
const cacheDir =
  process.env.IMAGE_CACHE_DIR ?? path.join(homedir(), ".cache/counselling-practice-site/images");

/** Everything that decides an output besides the source's bytes: a change here misses the cache. */
const SETTINGS = {
  version: 2,
  widths: [320, 480, 640, 960, 1280],
  avif: { quality: 50, effort: 2 },
  webp: { quality: 70, effort: 4, smartSubsample: true },
  background: "#fbf7f2",
  sharp: sharp.versions,
} as const;
const WIDTHS = SETTINGS.widths;
const FORMATS = {
  avif: (img: sharp.Sharp) => img.avif(SETTINGS.avif),
  webp: (img: sharp.Sharp) => img.webp(SETTINGS.webp),
} as const;
type Format = keyof typeof FORMATS;
const settingsText = JSON.stringify(SETTINGS);

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

const outName = (key: string, width: number, format: Format) => `${key}-${width}.${format}`;

/** Copies a cached output into public/images unless the same file is already there. */
async function place(from: string, to: string) {
  const [a, b] = await Promise.all([stat(from), stat(to).catch(() => undefined)]);
  if (b?.size !== a.size) await copyFile(from, to);
}

/**
 * The image's outputs in public/images and its manifest entry: from the cache when these bytes
 * were encoded with these settings before, else encoded into the cache first.
 */
async function buildOne(source: Source): Promise<{ entry: ManifestEntry; built: boolean }> {
  const input = await readFile(source.file);
  const hash = createHash("sha256")
    .update(settingsText)
    .update(source.vector ? "svg" : "raster")
    .update(input)
    .digest("hex")
    .slice(0, 32);
  const cached = path.join(cacheDir, hash);
  let built = false;
  let entry = await readFile(path.join(cached, "entry.json"), "utf8")
    .then((text) => JSON.parse(text) as ManifestEntry)
    .catch(() => undefined);
  if (!entry) {
    // Encoded into a folder of its own, then renamed into place: a build stopped half-way, or
    // two builds at once, never leave a cache entry with missing files.
    const temp = `${cached}.${process.pid}.tmp`;
    await rm(temp, { recursive: true, force: true });
    await mkdir(temp, { recursive: true });
    entry = await encode(source, input, temp);
    await writeFile(path.join(temp, "entry.json"), JSON.stringify(entry));
    await rename(temp, cached).catch(async () => {
      // Another build finished the same image first: its files are the same.
      await rm(temp, { recursive: true, force: true });
    });
    built = true;
  }
  for (const width of entry.widths) {
    for (const format of Object.keys(FORMATS) as Format[]) {
      await place(
        path.join(cached, `${width}.${format}`),
        path.join(outDir, outName(source.key, width, format)),
      );
    }
  }
  return { entry, built };
}

/** Encodes every width and format of one image into `folder` as <width>.<format>. */
async function encode(source: Source, input: Buffer, folder: string): Promise<ManifestEntry> {
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

  for (const width of widths) {
    // Rasterise an SVG at the target size (not a bitmap scaled up), so edges stay crisp.
    const density = source.vector ? (72 * width) / naturalWidth : undefined;
    const base = sharp(input, { density })
      .rotate()
      .resize({ width, height: heightAt(width), fit: "fill" })
      .flatten({ background: SETTINGS.background });
    const decoded = await base.raw().toBuffer({ resolveWithObject: true });
    for (const format of Object.keys(FORMATS) as Format[]) {
      const img = sharp(decoded.data, { raw: decoded.info });
      await FORMATS[format](img).toFile(path.join(folder, `${width}.${format}`));
    }
  }
  return entry;
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
  await mkdir(cacheDir, { recursive: true });
  const sources = await findSources();

  const manifest: Record<string, ManifestEntry> = {};
  let built = 0;
  const queue = [...sources];
  const workers = Array.from(
    { length: Math.max(1, Math.min(4, availableParallelism())) },
    async () => {
      for (let source = queue.shift(); source; source = queue.shift()) {
        const result = await buildOne(source);
        manifest[source.key] = result.entry;
        if (result.built) built += 1;
      }
    },
  );
  await Promise.all(workers);

  // Remove files of images that no longer exist or no longer need a width.
  const wanted = new Set(
    Object.entries(manifest).flatMap(([key, e]) =>
      e.widths.flatMap((w) => (Object.keys(FORMATS) as Format[]).map((f) => outName(key, w, f))),
    ),
  );
  for (const name of await readdir(outDir)) {
    if (!wanted.has(name)) await rm(path.join(outDir, name), { force: true });
  }

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
    `images: ${sources.length} sources, ${built} encoded, ${sources.length - built} from the cache ` +
      `in ${path.relative(root, cacheDir).startsWith("..") ? cacheDir : path.relative(root, cacheDir)} (${seconds} s)`,
  );
}

await main();
