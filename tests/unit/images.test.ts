import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { books } from "~/content/book";
import manifest from "~/content/images/manifest.json";
import { serviceCategories } from "~/content/services";
import { stories } from "~/content/stories";
import { leadCounsellor, teamMembers } from "~/content/team";
import { IMAGE_WIDTHS, hasImage, imageMeta, uploadedEntry, uploadedKey } from "~/lib/images";

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
  it("gives the intrinsic size, an AVIF srcset listing every width and one WebP", () => {
    const meta = imageMeta("hero-1")!;
    const entry = entries["hero-1"]!;
    expect(meta).toMatchObject({ width: entry.width, height: entry.height });
    for (const w of entry.widths) {
      expect(meta.avifSrcSet).toContain(`/images/hero-1-${w}.avif ${w}w`);
    }
    expect(meta.avifSrcSet.split(", ")).toHaveLength(entry.widths.length);
    expect(meta.src).toMatch(/^\/images\/hero-1-\d+\.webp$/);
  });

  it("offers only the widths asked for that the picture has, or all when it has none of them", () => {
    expect(imageMeta("hero-1", [640, 960, 1280])!.avifSrcSet).toBe(
      "/images/hero-1-640.avif 640w, /images/hero-1-960.avif 960w, /images/hero-1-1280.avif 1280w",
    );
    // an upload only 480 wide has none of them: it keeps what it has
    const key = "p-0123456789abcdef-480x320";
    expect(imageMeta(key, [640, 960])!.avifSrcSet).toBe(
      `/media/${key}-320.avif 320w, /media/${key}-480.avif 480w`,
    );
  });

  it("answers undefined for an unknown key, warning once, instead of breaking the page", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(imageMeta("no-such-image")).toBeUndefined();
    expect(imageMeta("no-such-image")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/Unknown image "no-such-image"/);
    // Keys are looked up as own properties only.
    expect(imageMeta("constructor")).toBeUndefined();
    warn.mockRestore();
  });
});

describe("imageMeta of an uploaded photo", () => {
  it("computes the size and the /media/ srcsets from the key alone", () => {
    const meta = imageMeta("p-0123456789abcdef-960x1280")!;
    expect(meta).toMatchObject({ width: 960, height: 1280 });
    expect(meta.avifSrcSet).toBe(
      [320, 480, 640, 960]
        .map((w) => `/media/p-0123456789abcdef-960x1280-${w}.avif ${w}w`)
        .join(", "),
    );
    expect(meta.src).toBe("/media/p-0123456789abcdef-960x1280-640.webp");
    expect(hasImage("p-0123456789abcdef-960x1280")).toBe(true);
  });

  it("lists only the standard widths not wider than the photo", () => {
    expect(uploadedEntry("p-0123456789abcdef-320x200")).toEqual({
      width: 320,
      height: 200,
      widths: [320],
    });
    expect(uploadedEntry("p-0123456789abcdef-1280x853")!.widths).toEqual([...IMAGE_WIDTHS]);
    expect(imageMeta("p-0123456789abcdef-320x200")!.src).toBe(
      "/media/p-0123456789abcdef-320x200-320.webp",
    );
  });

  it.each([
    "p-0123456789abcdef-1000x800", // not a stored width
    "p-0123456789abcdef-200x100", // narrower than the smallest width
    "p-0123456789ABCDEF-640x480",
    "p-0123456789abcde-640x480",
    "p-0123456789abcdef-640x0",
    "p-0123456789abcdef-0640x480",
  ])("refuses the malformed upload key %s", (key) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(uploadedEntry(key)).toBeUndefined();
    expect(imageMeta(key)).toBeUndefined();
    warn.mockRestore();
  });

  it("makes keys that the photo() field accepts", () => {
    const key = uploadedKey("0123456789abcdef", 1280, 853);
    expect(key).toBe("p-0123456789abcdef-1280x853");
    expect(key).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(key.length).toBeLessThanOrEqual(80);
  });
});
