import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { books } from "~/content/book";
import manifest from "~/content/images/manifest.json";
import { serviceCategories } from "~/content/services";
import { stories } from "~/content/stories";
import { leadCounsellor, teamMembers } from "~/content/team";
import { imageMeta } from "~/lib/images";

const sourceDir = path.resolve(import.meta.dirname, "../../app/content/images");
const sources = readdirSync(sourceDir).filter((f) => /\.(svg|jpe?g|png|webp)$/i.test(f));
const sourceKeys = new Set(sources.map((f) => f.replace(/\.[^.]+$/, "")));
const entries = manifest as Record<string, { width: number; height: number; widths: number[] }>;

/** Every image the practice's content names, with where it is named. */
const contentImages: [string, string][] = [
  ...serviceCategories.flatMap((c) =>
    c.services.map((s): [string, string] => [s.image, `service ${s.id}`]),
  ),
  ...stories.map((s): [string, string] => [s.image, `story ${s.id}`]),
  ...[leadCounsellor, ...teamMembers].map((m): [string, string] => [m.image, `team ${m.name}`]),
  ...books.map((b): [string, string] => [b.cover, `book ${b.id}`]),
];

/** Images the pages use directly (banner, posters, programme and tile art). */
const pageImages = [
  "hero-1",
  "hero-2",
  "hero-3",
  "hero-poster",
  "video-poster",
  "heal",
  "map-plans",
  "about-mission",
  "tile-couples",
  "tile-individual",
  "tile-online",
  "program-happier-marriage",
  "program-singles",
];

describe("image sources and manifest", () => {
  it.each(contentImages)("%s (%s) has a source file and a manifest entry", (key) => {
    expect(sourceKeys.has(key), `app/content/images/${key}.svg is missing`).toBe(true);
    expect(
      entries[key],
      `run scripts/build-images.ts: ${key} is not in the manifest`,
    ).toBeDefined();
  });

  it.each(pageImages)("page image %s has a source file and a manifest entry", (key) => {
    expect(sourceKeys.has(key)).toBe(true);
    expect(entries[key]).toBeDefined();
  });

  it("the manifest lists exactly the source files (it is not stale)", () => {
    expect(Object.keys(entries).sort()).toEqual([...sourceKeys].sort());
  });

  it("every entry has ascending widths and the intrinsic size of its largest width", () => {
    for (const [key, e] of Object.entries(entries)) {
      expect(e.widths.length, key).toBeGreaterThan(0);
      expect(
        [...e.widths].sort((a, b) => a - b),
        key,
      ).toEqual(e.widths);
      expect(e.width, key).toBe(e.widths[e.widths.length - 1]);
      expect(e.height, key).toBeGreaterThan(0);
    }
  });

  it.each(sources.filter((f) => f.endsWith(".svg")))(
    "%s is a small, self-contained SVG",
    (file) => {
      const text = readFileSync(path.join(sourceDir, file), "utf8");
      expect(statSync(path.join(sourceDir, file)).size).toBeLessThan(10_000);
      expect(text).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/,
      );
      expect(text.trimEnd().endsWith("</svg>")).toBe(true);
      // No remote references, and words only on the book cover.
      expect(text).not.toMatch(/href=|url\((?!#)/);
      if (file !== "book-cover.svg") expect(text).not.toContain("<text");
    },
  );
});

describe("imageMeta", () => {
  it("gives the intrinsic size and AVIF and WebP srcsets listing every width", () => {
    const meta = imageMeta("hero-1");
    const entry = entries["hero-1"]!;
    expect(meta).toMatchObject({ width: entry.width, height: entry.height });
    for (const w of entry.widths) {
      expect(meta.avifSrcSet).toContain(`/images/hero-1-${w}.avif ${w}w`);
      expect(meta.webpSrcSet).toContain(`/images/hero-1-${w}.webp ${w}w`);
    }
    expect(meta.avifSrcSet.split(", ")).toHaveLength(entry.widths.length);
    expect(meta.src).toMatch(/^\/images\/hero-1-\d+\.webp$/);
  });

  it("throws a clear error for an unknown key", () => {
    expect(() => imageMeta("no-such-image")).toThrow(/Unknown image "no-such-image"/);
    // Keys are looked up as own properties only.
    expect(() => imageMeta("constructor")).toThrow(/Unknown image/);
  });
});
