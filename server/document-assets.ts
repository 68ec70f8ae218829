import { readFileSync } from "node:fs";
import path from "node:path";

/** Where scripts/build-enhance.ts writes the URL of the site's small script. */
export const ENHANCE_MANIFEST = "build/enhance.json";

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

/** The built script's URL, or undefined when the build did not make one. */
export function enhanceScriptUrl(root: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, ENHANCE_MANIFEST), "utf8")) as {
      src?: unknown;
    };
    return typeof manifest.src === "string" ? manifest.src : undefined;
  } catch {
    return undefined;
  }
}
