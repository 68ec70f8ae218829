import { imageMeta } from "~/lib/images";

/**
 * Where the editor shows a picture from: a shipped image's or an upload's generated files (an
 * upload's key names its size, app/lib/images.ts); nothing for a key the site does not know.
 */
export function photoPreviewSrc(key: string): string | undefined {
  return imageMeta(key)?.src;
}
