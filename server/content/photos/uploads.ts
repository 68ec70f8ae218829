import { createHash } from "node:crypto";
import type sharp from "sharp";
import type { Editor } from "../../../app/lib/services/auth";
import type { PhotoUploads } from "../../../app/lib/services/photos";
import type { Db } from "../../db/client";
import { contentAudit, photoFiles, photos } from "../../db/schema";
import { jobFinished } from "../../operations/job-runs";
import type { Logger } from "../../operations/logger";
import { IMAGE_WIDTHS, uploadedKey } from "../../../app/lib/images";
import { UnreadablePhoto, encodePhoto, loadSharp } from "./encoding";

export const MAX_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
/** A photo narrower than the smallest width the pages use would be shown blurred. */
export const MIN_WIDTH = IMAGE_WIDTHS[0];
export const MIN_HEIGHT = 100;

/** What the editor's photo field says; every refusal is one of these, never an error page. */
export const UPLOAD_MESSAGES = {
  type: "Choose a JPEG, PNG or WebP photo.",
  bytes: "The photo is larger than 10 MB.",
  pixels: "The photo is too large: at most 40 megapixels.",
  small: `The photo is too small: at least ${MIN_WIDTH} pixels wide and ${MIN_HEIGHT} high.`,
  unreadable: "This file could not be read as a photo.",
  unavailable: "The photo could not be saved just now. Please try again in a minute.",
  busy: "Other photos are being prepared just now. Please press the button again in a minute: your changes are still here.",
  aborted: "The photo was not saved: the page was left before it arrived.",
} as const;

/**
 * Photos waiting for their turn to be encoded, beyond the one being encoded (issue 29, M5): two
 * editors each publishing a page of new photos fit; a flood is told to come back. A photo counts
 * from the moment it arrives, because its bytes are held in memory from then on.
 */
export const MAX_WAITING_PHOTOS = 6;
const BUSY_RETRY_SECONDS = 60;

/** Judged by the file's first bytes, never by its name or the type the browser claims. */
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);

type UploadResult = Awaited<ReturnType<PhotoUploads["upload"]>>;

/**
 * Editors' photo uploads: checked, re-encoded into the site's widths and formats and stored in
 * the database (photos + photo_files), so backups and every instance carry them. The key is the
 * first 16 hex of the SHA-256 of the uploaded bytes and the largest stored size, so the same file
 * uploaded twice is one photo and <Picture> knows the size from the key alone.
 *
 * One photo is decoded at a time: a 40-megapixel photo takes about 160 MB while it is decoded,
 * and the site runs in 1 GB beside its database.
 */
export function createPhotoUploads({ db, logger }: { db: Db; logger: Logger }): PhotoUploads {
  let queue: Promise<unknown> = Promise.resolve();
  let inHand = 0;
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  async function upload(file: File, editor: Editor, signal?: AbortSignal): Promise<UploadResult> {
    if (file.size > MAX_BYTES) return refuse("bytes");
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length > MAX_BYTES) return refuse("bytes");
    const { fileTypeFromBuffer } = await import("file-type");
    const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
    if (!type || !ACCEPTED.has(type.mime)) return refuse("type");

    let meta: sharp.Metadata;
    try {
      // Reads the header only: the size is known before anything is decoded.
      meta = await (await loadSharp())(bytes).metadata();
    } catch {
      return refuse("unreadable");
    }
    if (!meta.width || !meta.height) return refuse("unreadable");
    if (meta.width * meta.height > MAX_PIXELS) return refuse("pixels");
    // EXIF orientations 5-8 turn the photo a quarter, swapping its sides.
    const swap = (meta.orientation ?? 1) >= 5;
    const width = swap ? meta.height : meta.width;
    const height = swap ? meta.width : meta.height;
    if (width < MIN_WIDTH || height < MIN_HEIGHT) return refuse("small");

    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
    try {
      return await oneAtATime(async () => {
        // Its turn came after the editor left: nobody will use it.
        if (signal?.aborted) return refuse("aborted");
        const existing = await db.query.photos.findFirst({
          where: (p, { like }) => like(p.key, `p-${hash}-%`),
        });
        const encoded = existing
          ? undefined
          : await encodePhoto(bytes, width, height, { maxPixels: MAX_PIXELS });
        const key = existing?.key ?? uploadedKey(hash, encoded!.width, encoded!.height);
        await db.transaction(async (tx) => {
          if (encoded) {
            await tx
              .insert(photos)
              .values({
                key,
                width: encoded.width,
                height: encoded.height,
                createdBy: editor.email,
              })
              .onConflictDoNothing();
            await tx
              .insert(photoFiles)
              .values(encoded.files.map((f) => ({ photoKey: key, ...f })))
              .onConflictDoNothing();
          }
          await tx
            .insert(contentAudit)
            .values({ editor: editor.email, action: "upload", detail: key });
        });
        logger.info(
          {
            key,
            inputBytes: bytes.length,
            storedBytes: encoded?.files.reduce((sum, f) => sum + f.bytes.length, 0),
            again: Boolean(existing),
          },
          "photo uploaded",
        );
        await jobFinished(db, "photos", { ok: true }).catch(() => {});
        return { ok: true as const, key };
      });
    } catch (error) {
      if (error instanceof UnreadablePhoto) {
        logger.info({ reason: error.message }, "photo refused: could not be decoded");
        return refuse("unreadable");
      }
      logger.error({ err: { message: (error as Error).message } }, "photo upload failed");
      await jobFinished(db, "photos", { ok: false, error }).catch(() => {});
      return refuse("unavailable");
    }
  }

  return {
    upload: async (file, editor, signal) => {
      if (signal?.aborted) return refuse("aborted");
      // One being encoded and MAX_WAITING_PHOTOS behind it; counted before the first await, so
      // photos arriving together are admitted in the order they came.
      if (inHand > MAX_WAITING_PHOTOS) {
        return {
          ...refuse("busy"),
          busy: { retryAfterSeconds: BUSY_RETRY_SECONDS },
        } as UploadResult;
      }
      inHand++;
      try {
        return await upload(file, editor, signal);
      } catch (error) {
        // Reading the upload itself failed (the request was cut short): nothing was stored.
        logger.warn({ err: { message: (error as Error).message } }, "photo upload not read");
        return refuse("unreadable");
      } finally {
        inHand--;
      }
    },
  };
}

function refuse(reason: keyof typeof UPLOAD_MESSAGES): UploadResult {
  return { ok: false, message: UPLOAD_MESSAGES[reason] };
}
