import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import express from "express";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageMeta } from "~/lib/images";
import type { PhotoUploads } from "~/lib/services/photos";
import type { Database } from "../../server/db/client";
import {
  contentAudit,
  contentDrafts,
  contentVersions,
  photoFiles,
  photos,
} from "../../server/db/schema";
import { UNUSED_PHOTO_GRACE_MS, purgeUnusedPhotos } from "../../server/operations/retention";
import { createLogger } from "../../server/operations/logger";
import { ENCODERS } from "../../server/content/photos/encoding";
import { mediaFiles } from "../../server/content/photos/media";
import {
  MAX_WAITING_PHOTOS,
  UPLOAD_MESSAGES,
  createPhotoUploads,
} from "../../server/content/photos/uploads";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
// A fresh PGlite takes 15-25 s on a busy machine; AVIF encoding adds a few seconds per photo.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const editor = { email: "editor@example.com" };
const silent = createLogger("silent");

/** A photo-like picture: a gradient, so the encoders have something to encode. */
function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c0392b"/><stop offset="1" stop-color="#2980b9"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="20%" fill="#f1c40f"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** What a browser posts: a name and a type the server must not believe. */
function upload(bytes: Buffer | string, name: string, type: string): File {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

const kinds: Record<string, OpenDatabase | undefined> = {
  PGlite: openTempPglite("site-photos-"),
  Postgres: hasPostgres ? openTempPostgres : undefined,
};

for (const [kind, open] of Object.entries(kinds)) {
  describe.runIf(open)(`photo uploads on ${kind}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let photosService: PhotoUploads;
    let jpeg: Buffer;

    beforeAll(async () => {
      ({ database, cleanup } = await open!());
      photosService = createPhotoUploads({ db: database.db, logger: silent });
      jpeg = await picture(1600, 1200).jpeg({ quality: 90 }).toBuffer();
    });
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("re-encodes a JPEG into AVIF and WebP at every standard width, named by its hash and size", async () => {
      const result = await photosService.upload(upload(jpeg, "team.jpg", "image/jpeg"), editor);
      expect(result).toEqual({ ok: true, key: expect.stringMatching(/^p-[0-9a-f]{16}-1280x960$/) });
      const key = (result as { key: string }).key;
      const [photo] = await database.db.select().from(photos).where(eq(photos.key, key));
      expect(photo).toMatchObject({ width: 1280, height: 960, createdBy: editor.email });
      const files = await database.db.select().from(photoFiles).where(eq(photoFiles.photoKey, key));
      expect(files.map((f) => `${f.width}.${f.format}`).sort()).toEqual(
        [320, 480, 640, 960, 1280].flatMap((w) => [`${w}.avif`, `${w}.webp`]).sort(),
      );
      for (const file of files) {
        expect((await fileTypeFromBuffer(file.bytes))?.ext).toBe(file.format);
        const meta = await sharp(file.bytes).metadata();
        expect(meta.width).toBe(file.width);
        expect(meta.height).toBe(Math.round((file.width * 1200) / 1600));
        expect(meta.exif).toBeUndefined();
      }
      // A team photo at phone width weighs a few KB, not the upload's hundreds.
      const small = files.find((f) => f.width === 480 && f.format === "avif")!;
      expect(small.bytes.length).toBeLessThan(jpeg.length / 4);
      // <Picture> finds the same widths from the key alone.
      expect(imageMeta(key)!.avifSrcSet.split(", ")).toHaveLength(5);
      const audit = await database.db.select().from(contentAudit);
      expect(audit).toEqual([
        expect.objectContaining({ editor: editor.email, action: "upload", detail: key }),
      ]);
    });

    it("the same photo uploaded twice is one photo, and both uploads are in the audit list", async () => {
      const first = await photosService.upload(upload(jpeg, "a.jpg", "image/jpeg"), editor);
      const again = await photosService.upload(upload(jpeg, "b.jpeg", "image/jpeg"), editor);
      expect(again).toEqual(first);
      expect(await database.db.$count(photos)).toBe(1);
      expect(await database.db.$count(photoFiles)).toBe(10);
      expect(await database.db.$count(contentAudit)).toBe(3);
    });

    it("turns a photo upright by its EXIF orientation and drops its metadata", async () => {
      // Stored 1600 × 1200 with "rotate 90°": the photo is 1200 wide and 1600 high.
      const sideways = await picture(1600, 1200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      expect((await sharp(sideways).metadata()).orientation).toBe(6);
      const result = await photosService.upload(upload(sideways, "phone.jpg", ""), editor);
      expect(result).toEqual({ ok: true, key: expect.stringMatching(/-960x1280$/) });
      const [file] = await database.db
        .select()
        .from(photoFiles)
        .where(eq(photoFiles.photoKey, (result as { key: string }).key));
      const meta = await sharp(file!.bytes).metadata();
      expect(meta.height! > meta.width!).toBe(true);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
    });

    it("accepts a PNG (transparency laid on the page's background) and a WebP, never made wider than they are", async () => {
      const png = await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .png()
        .toBuffer();
      const webp = await picture(500, 400).webp().toBuffer();
      // The type the browser claims is ignored both ways.
      const a = await photosService.upload(upload(png, "shot.webp", "image/webp"), editor);
      const b = await photosService.upload(
        upload(webp, "card", "application/octet-stream"),
        editor,
      );
      expect(a).toEqual({ ok: true, key: expect.stringMatching(/-640x480$/) });
      expect(b).toEqual({ ok: true, key: expect.stringMatching(/-480x384$/) });
      const widths = await database.db
        .select({ width: photoFiles.width })
        .from(photoFiles)
        .where(eq(photoFiles.photoKey, (b as { key: string }).key));
      expect(widths.map((w) => w.width).sort()).toEqual([320, 320, 480, 480]);
      const [file] = await database.db
        .select()
        .from(photoFiles)
        .where(eq(photoFiles.photoKey, (a as { key: string }).key));
      const { data } = await sharp(file!.bytes).raw().toBuffer({ resolveWithObject: true });
      // #fbf7f2, give or take the encoder's rounding
      expect(Math.abs(data[0]! - 0xfb)).toBeLessThan(6);
      expect(Math.abs(data[2]! - 0xf2)).toBeLessThan(6);
    });

    it("encodes one photo at a time, tells a flood to come back later, and skips a photo whose editor left", async () => {
      const distinct = await Promise.all(
        Array.from({ length: MAX_WAITING_PHOTOS + 4 }, (_, i) =>
          picture(800 + i * 8, 600)
            .jpeg()
            .toBuffer(),
        ),
      );
      const leftBefore = new AbortController();
      leftBefore.abort();
      const leftWhileWaiting = new AbortController();
      const signals: Record<number, AbortSignal> = {
        1: leftBefore.signal,
        3: leftWhileWaiting.signal,
      };
      const pending = distinct.map((bytes, i) =>
        photosService.upload(upload(bytes, `p${i}.jpg`, "image/jpeg"), editor, signals[i]),
      );
      // Photo 3 was admitted and is waiting behind photo 0 when its editor leaves.
      leftWhileWaiting.abort();
      const results = await Promise.all(pending);
      expect(results[1]).toEqual({ ok: false, message: UPLOAD_MESSAGES.aborted });
      expect(results[3]).toEqual({ ok: false, message: UPLOAD_MESSAGES.aborted });
      // Photos 0, 2 and 3-7 are in hand (one encoding, six waiting); 8 and 9 are told to come back.
      for (const i of [8, 9]) {
        expect(results[i]).toMatchObject({
          ok: false,
          message: UPLOAD_MESSAGES.busy,
          busy: { retryAfterSeconds: 60 },
        });
      }
      expect(results.filter((r) => r.ok)).toHaveLength(MAX_WAITING_PHOTOS);
    });

    it("deletes a photo nothing names after a day, keeping those a version or draft names", async () => {
      const make = (i: number) =>
        picture(700 + i * 4, 500)
          .jpeg()
          .toBuffer();
      const keys: string[] = [];
      for (let i = 0; i < 4; i++) {
        const result = await photosService.upload(
          upload(await make(i), `g${i}.jpg`, "image/jpeg"),
          editor,
        );
        keys.push((result as { key: string }).key);
      }
      const [inVersion, inDraft, unusedOld, unusedNew] = keys as [string, string, string, string];
      await database.db.insert(contentVersions).values({
        doc: "photo-gc-test",
        version: 1,
        value: { cover: { key: inVersion, alt: "x" } },
        createdBy: editor.email,
      });
      await database.db.insert(contentDrafts).values({
        doc: "photo-gc-test",
        value: { cover: { key: inDraft, alt: "x" } },
        baseVersion: 1,
        updatedBy: editor.email,
      });
      const dayAgo = new Date(Date.now() - UNUSED_PHOTO_GRACE_MS - 60_000);
      await database.db
        .update(photos)
        .set({ createdAt: dayAgo })
        .where(inArray(photos.key, [inVersion, inDraft, unusedOld]));
      expect(await purgeUnusedPhotos(database.db)).toBe(1);
      const left = (await database.db.select({ key: photos.key }).from(photos)).map((p) => p.key);
      expect(left).toEqual(expect.arrayContaining([inVersion, inDraft, unusedNew]));
      expect(left).not.toContain(unusedOld);
      expect(await database.db.$count(photoFiles, eq(photoFiles.photoKey, unusedOld))).toBe(0);
    });

    describe("refuses a bad file with a message for the field, storing nothing", () => {
      let before: { photos: number; files: number; audit: number };
      beforeAll(async () => {
        before = {
          photos: await database.db.$count(photos),
          files: await database.db.$count(photoFiles),
          audit: await database.db.$count(contentAudit),
        };
      });
      afterAll(async () => {
        expect(await database.db.$count(photos)).toBe(before.photos);
        expect(await database.db.$count(photoFiles)).toBe(before.files);
        expect(await database.db.$count(contentAudit)).toBe(before.audit);
      });

      it("a GIF named .jpg", async () => {
        const gif = await picture(640, 480).gif().toBuffer();
        expect(await photosService.upload(upload(gif, "photo.jpg", "image/jpeg"), editor)).toEqual({
          ok: false,
          message: UPLOAD_MESSAGES.type,
        });
        expect(UPLOAD_MESSAGES.type).toBe("Choose a JPEG, PNG or WebP photo.");
      });

      it("a text file named .png, and an empty file", async () => {
        for (const file of [
          upload("<script>alert(1)</script>", "photo.png", "image/png"),
          upload("", "empty.jpg", "image/jpeg"),
        ]) {
          expect(await photosService.upload(file, editor)).toEqual({
            ok: false,
            message: "Choose a JPEG, PNG or WebP photo.",
          });
        }
      });

      it("an SVG, which could carry a script", async () => {
        const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
        expect(await photosService.upload(upload(svg, "logo.png", "image/png"), editor)).toEqual({
          ok: false,
          message: "Choose a JPEG, PNG or WebP photo.",
        });
      });

      it("a file over 10 MB", async () => {
        const big = Buffer.alloc(11 * 1024 * 1024);
        jpeg.copy(big);
        expect(await photosService.upload(upload(big, "big.jpg", "image/jpeg"), editor)).toEqual({
          ok: false,
          message: "The photo is larger than 10 MB.",
        });
      });

      it("a 50-megapixel PNG", async () => {
        const huge = await sharp({
          create: { width: 8000, height: 6250, channels: 3, background: "#808080" },
        })
          .png({ compressionLevel: 1 })
          .toBuffer();
        expect(huge.length).toBeLessThan(10 * 1024 * 1024);
        expect(await photosService.upload(upload(huge, "huge.png", "image/png"), editor)).toEqual({
          ok: false,
          message: "The photo is too large: at most 40 megapixels.",
        });
      });

      it("a corrupt JPEG: cut short, or garbage after its header", async () => {
        const noisy = await sharp({
          create: {
            width: 800,
            height: 600,
            channels: 3,
            background: "#000",
            noise: { type: "gaussian", mean: 128, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        const cut = noisy.subarray(0, Math.floor(noisy.length / 2));
        const garbage = Buffer.concat([noisy.subarray(0, 4), Buffer.alloc(4000, 0x41)]);
        for (const bytes of [cut, garbage]) {
          expect(
            await photosService.upload(upload(bytes, "photo.jpg", "image/jpeg"), editor),
          ).toEqual({ ok: false, message: "This file could not be read as a photo." });
        }
      });

      it("a tiny picture", async () => {
        const tiny = await picture(100, 80).png().toBuffer();
        expect(await photosService.upload(upload(tiny, "icon.png", "image/png"), editor)).toEqual({
          ok: false,
          message: UPLOAD_MESSAGES.small,
        });
      });
    });

    it("a database that cannot store it is a message too, never an exception", async () => {
      const broken = createPhotoUploads({
        db: {
          ...database.db,
          query: { photos: { findFirst: () => Promise.reject(new Error("connection lost")) } },
        } as unknown as Database["db"],
        logger: silent,
      });
      const other = await picture(700, 500).jpeg().toBuffer();
      expect(await broken.upload(upload(other, "x.jpg", "image/jpeg"), editor)).toEqual({
        ok: false,
        message: UPLOAD_MESSAGES.unavailable,
      });
    });

    describe("GET /media/", () => {
      let base: string;
      let close: () => void;
      let key: string;
      beforeAll(async () => {
        key = (
          (await photosService.upload(upload(jpeg, "team.jpg", "image/jpeg"), editor)) as {
            key: string;
          }
        ).key;
        const app = express();
        app.use("/media", mediaFiles(database.db, { https: true }));
        const server = app.listen(0, "127.0.0.1");
        await new Promise((resolve) => server.once("listening", resolve));
        base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
        close = () => server.close();
      });
      afterAll(() => close?.());

      it("serves each width and format from the database, immutable for a year", async () => {
        for (const format of ["avif", "webp"] as const) {
          const response = await fetch(`${base}/media/${key}-480.${format}`);
          expect(response.status).toBe(200);
          expect(response.headers.get("content-type")).toBe(`image/${format}`);
          expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
          expect(response.headers.get("x-content-type-options")).toBe("nosniff");
          expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
          expect(response.headers.get("strict-transport-security")).toContain("max-age=");
          const bytes = Buffer.from(await response.arrayBuffer());
          const [row] = await database.db
            .select()
            .from(photoFiles)
            .where(eq(photoFiles.photoKey, key));
          expect(row).toBeDefined();
          expect((await sharp(bytes).metadata()).width).toBe(480);
          expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
        }
      });

      it("answers a HEAD without a body and a repeat with its ETag by 304", async () => {
        const url = `${base}/media/${key}-320.webp`;
        const head = await fetch(url, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
        expect(await head.text()).toBe("");
        const etag = head.headers.get("etag")!;
        expect(etag).toMatch(/^"p-/);
        const again = await fetch(url, { headers: { "If-None-Match": etag } });
        expect(again.status).toBe(304);
      });

      it.each([
        ["a width not stored", (k: string) => `${k}-1000.webp`],
        [
          "a width above the photo's",
          (k: string) => `${k.replace(/-\d+x\d+$/, "-640x480")}-960.webp`,
        ],
        ["a photo never uploaded", () => "p-0000000000000000-1280x960-320.webp"],
        ["another format", (k: string) => `${k}-320.jpg`],
        ["a malformed name", () => "..%2f..%2fetc%2fpasswd"],
        ["the folder itself", () => ""],
      ])("answers 404 for %s", async (_what, name) => {
        const response = await fetch(`${base}/media/${name(key)}`);
        expect(response.status).toBe(404);
        expect(response.headers.get("cache-control")).not.toContain("immutable");
      });

      it("refuses anything but GET and HEAD", async () => {
        const response = await fetch(`${base}/media/${key}-320.webp`, { method: "POST" });
        expect(response.status).toBe(405);
      });
    });
  });
}

describe("encoding settings", () => {
  it("are the shipped images' (scripts/build-images.ts)", () => {
    const script = readFileSync(
      path.resolve(import.meta.dirname, "../../scripts/build-images.ts"),
      "utf8",
    );
    const shipped = /const FORMATS = \{\n([\s\S]*?)\n\} as const;/.exec(script)?.[1];
    const ours = /export const ENCODERS = \{\n([\s\S]*?)\n\} as const;/.exec(
      readFileSync(
        path.resolve(import.meta.dirname, "../../server/content/photos/encoding.ts"),
        "utf8",
      ),
    )?.[1];
    expect(shipped).toBeDefined();
    expect(ours).toBe(shipped);
    // The quality settings themselves, read from both files' own lines.
    const line = (text: string, format: string) =>
      new RegExp(`^  ${format}: \\{[^}]*\\},$`, "m").exec(text)?.[0];
    const encoding = readFileSync(
      path.resolve(import.meta.dirname, "../../server/content/photos/encoding.ts"),
      "utf8",
    );
    for (const format of ["avif", "webp"]) {
      expect(line(encoding, format), format).toBeDefined();
      expect(line(encoding, format), format).toBe(line(script, format));
    }
    expect(Object.keys(ENCODERS)).toEqual(["avif", "webp"]);
    expect(script).toContain("widths: [320, 480, 640, 960, 1280],");
  });
});
