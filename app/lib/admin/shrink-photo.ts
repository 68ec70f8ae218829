import { chosenFileEntries } from "./uploads";

/**
 * A phone photo made small enough to send on a slow line (issue 29, item 7): at 1 Mbit/s a 4.5 MB
 * photo took longer than the server's 30 s for a request. The site never shows a photo wider
 * than 2,400 px (app/lib/images.ts), so the browser scales it to that long edge and sends a JPEG
 * at quality 0.85, about a tenth of the bytes. A file the browser cannot decode (HEIC on most
 * browsers) is sent as it is; the server judges it by its bytes either way. Editor bundle only.
 */
export const SHRINK_LONG_EDGE = 2_400;
const QUALITY = 0.85;
/** Smaller than this and already within the long edge: sent as chosen. */
const SMALL_ENOUGH_BYTES = 1_000_000;

export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    if (long <= SHRINK_LONG_EDGE && file.size <= SMALL_ENOUGH_BYTES) return file;
    const scale = Math.min(1, SHRINK_LONG_EDGE / long);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", QUALITY),
    );
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]*$/, "") + ".jpg";
    return new File([blob], name, { type: "image/jpeg" });
  } finally {
    bitmap.close();
  }
}

/** Every chosen photo of a form, shrunk in place (`.file` entries: app/lib/admin/uploads.ts). */
export async function shrinkChosenPhotos(body: FormData): Promise<void> {
  for (const [name, file] of chosenFileEntries(body)) body.set(name, await shrinkPhoto(file));
}
