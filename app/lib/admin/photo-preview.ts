import { hasImage, imageMeta } from "~/lib/images";

/**
 * Where the editor shows a picture from: a shipped image from its generated files, an upload
 * from /media/ (server/content's photo store serves it).
 */
export function photoPreviewSrc(key: string): string {
  if (hasImage(key)) return imageMeta(key).src;
  return `/media/${encodeURIComponent(key)}`;
}
