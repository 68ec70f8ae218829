import { and, eq } from "drizzle-orm";
import { type RequestHandler, Router } from "express";
import { uploadedEntry } from "../../../app/lib/images";
import type { Db } from "../../db/client";
import { photoFiles } from "../../db/schema";
import { setFileSecurityHeaders } from "../../http/static-files";

/** /media/<key>-<width>.<avif|webp>; the key's own shape is checked by uploadedEntry. */
const MEDIA_PATH = /^\/(p-[0-9a-f]{16}-\d+x\d+)-(\d+)\.(avif|webp)$/;

const TYPES = { avif: "image/avif", webp: "image/webp" } as const;

/**
 * Bytes of the most recently served files kept in memory: a team page's photos at the widths
 * phones ask for are a few hundred KB, so the database is asked once per file, not per visitor.
 */
export const MEDIA_CACHE_BYTES = 8 * 1024 * 1024;

/** A byte-bounded least-recently-used map (a Map iterates in insertion order). */
function lruCache(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let size = 0;
  return {
    get(key: string): Buffer | undefined {
      const value = entries.get(key);
      if (value) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: Buffer) {
      if (value.length > maxBytes || entries.has(key)) return;
      entries.set(key, value);
      size += value.length;
      for (const [oldest, old] of entries) {
        if (size <= maxBytes) break;
        entries.delete(oldest);
        size -= old.length;
      }
    },
    get size() {
      return size;
    },
  };
}

/**
 * Uploaded photos (server/content/photos/uploads.ts), served from the database under /media/. A file's
 * name carries its photo's hash, so it never changes: cached for a year, immutable, like the
 * hashed assets. Anything else under /media/ is a plain 404.
 */
export function mediaFiles(
  db: Db,
  options: { https: boolean; cacheBytes?: number },
): RequestHandler {
  const cache = lruCache(options.cacheBytes ?? MEDIA_CACHE_BYTES);
  const router = Router();
  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      setFileSecurityHeaders(res, options.https);
      return res.status(405).type("text/plain").send("Method not allowed");
    }
    setFileSecurityHeaders(res, options.https);
    const match = MEDIA_PATH.exec(req.path);
    const entry = match ? uploadedEntry(match[1]!) : undefined;
    const width = Number(match?.[2]);
    if (!match || !entry || !entry.widths.includes(width)) return notFound(res);
    const format = match[3] as keyof typeof TYPES;
    const name = `${match[1]}-${width}.${format}`;
    let bytes = cache.get(name);
    if (!bytes) {
      try {
        const [row] = await db
          .select({ bytes: photoFiles.bytes })
          .from(photoFiles)
          .where(
            and(
              eq(photoFiles.photoKey, match[1]!),
              eq(photoFiles.width, width),
              eq(photoFiles.format, format),
            ),
          );
        if (!row) return notFound(res);
        bytes = row.bytes;
        cache.set(name, bytes);
      } catch (error) {
        return next(error);
      }
    }
    res.setHeader("Content-Type", TYPES[format]);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    // The name says what the bytes are, and they never change.
    const etag = `"${name}"`;
    res.setHeader("ETag", etag);
    const known = req.get("If-None-Match");
    if (known && known.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
      return res.status(304).end();
    res.setHeader("Content-Length", bytes.length);
    if (req.method === "HEAD") return res.end();
    res.end(bytes);
  });
  return router;
}

function notFound(res: Parameters<RequestHandler>[1]) {
  // A photo may yet be uploaded under a name that is missing now: no caching of the 404.
  res.setHeader("Cache-Control", "no-cache");
  res.status(404).type("text/plain").send("Not found");
}
