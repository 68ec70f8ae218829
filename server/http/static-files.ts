import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type Response, Router } from "express";
import { chooseEncoding } from "./accept-encoding";

/** Kinds of file worth compressing; the build writes .br and .gz beside them (scripts/compress-assets.ts). */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|xml|txt|ico|map)$/;

/** Every file below `dir`, as URL paths ("/assets/app-1234.js"). */
function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`)
      : [`${prefix}/${entry.name}`],
  );
}

/** The security headers every file gets (served from disk here, or uploaded photos from /media/). */
export function setFileSecurityHeaders(res: Response, https: boolean) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  if (https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

/**
 * Headers for files (not pages): a script, a style sheet or a picture needs no Content-Security-
 * Policy of its own, except an SVG opened on its own, which may not run anything. Kept short
 * because phones on slow networks pay for every header of the forty-odd files of a first view.
 */
function setFileHeaders(res: Response, urlPath: string, https: boolean) {
  setFileSecurityHeaders(res, https);
  if (urlPath.endsWith(".svg"))
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  const immutable = urlPath.startsWith("/assets/");
  res.setHeader(
    "Cache-Control",
    immutable
      ? "public, max-age=31536000, immutable"
      : // The service worker is checked on every visit, so a deploy reaches phones at once.
        urlPath === "/sw.js"
        ? "no-cache"
        : "public, max-age=3600",
  );
}

/**
 * The built browser files: hashed /assets/* cached for a year, the rest for an hour, each sent
 * brotli- or gzip-compressed ahead of time when the browser accepts it (smaller than compressing
 * per request, and no work for the server). Unknown files fall through to the pages (a 404 page),
 * except under /assets/, where a missing file is a plain 404.
 */
export function staticFiles(clientDir: string, options: { https: boolean }): Router {
  const files = new Set(listFiles(clientDir));
  const router = Router();
  const isFile = (p: string) => files.has(p) && !p.endsWith(".br") && !p.endsWith(".gz");

  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!isFile(urlPath)) return next();
    setFileHeaders(res, urlPath, options.https);
    if (!COMPRESSIBLE.test(urlPath)) return next();
    res.vary("Accept-Encoding");
    const extensions = { br: ".br", gzip: ".gz" } as const;
    const name = chooseEncoding(
      req,
      (["br", "gzip"] as const).filter((e) => files.has(urlPath + extensions[e])),
    );
    if (name === "identity") return next();
    const ext = extensions[name];
    res.type(path.extname(urlPath));
    res.setHeader("Content-Encoding", name);
    res.sendFile(
      path.join(clientDir, urlPath + ext),
      { cacheControl: false, dotfiles: "deny" },
      (error) => {
        if (error) next(error);
      },
    );
  });
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      cacheControl: false,
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(clientDir, { cacheControl: false, index: false }));
  return router;
}
