import { readFileSync } from "node:fs";
import path from "node:path";

/** Where scripts/build-enhance.ts writes the URL of the site's small script, in the build folder. */
export const ENHANCE_MANIFEST = "enhance.json";

/**
 * The text of built files under /assets/, read once each: the stylesheet is written into every
 * page (docs/decisions/017). Anything else, or a file that is not there, is undefined, and the
 * page links the file instead.
 */
export function assetReader(clientDir: string): (href: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (href) => {
    if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
    if (!texts.has(href)) {
      let text: string | undefined;
      try {
        text = readFileSync(path.join(clientDir, href), "utf8");
      } catch {
        text = undefined;
      }
      texts.set(href, text);
    }
    return texts.get(href);
  };
}

function enhanceManifest(buildDir: string): { src?: unknown; files?: unknown } {
  try {
    return JSON.parse(readFileSync(path.join(buildDir, ENHANCE_MANIFEST), "utf8")) as object;
  } catch {
    return {};
  }
}

/** The built script's URL, or undefined when the build did not make one. */
export function enhanceScriptUrl(buildDir: string): string | undefined {
  const { src } = enhanceManifest(buildDir);
  return typeof src === "string" ? src : undefined;
}

/**
 * The built files that write markup without React, under the client directory: the small script
 * with its pieces, and the service worker. Undefined when the build did not list them.
 */
export function markupScriptFiles(buildDir: string): string[] | undefined {
  const { files } = enhanceManifest(buildDir);
  if (!Array.isArray(files) || !files.every((f) => typeof f === "string")) return undefined;
  return [...files, "/sw.js"];
}
