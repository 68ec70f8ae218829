import type { Editor } from "./auth";

/** Photos the practice uploads in its editor (server/photos/). */
export interface PhotoUploads {
  /**
   * checks an uploaded file (JPEG, PNG or WebP by its bytes, up to 10 MB and a pixel cap),
   * re-encodes it into the site's AVIF and WebP widths and stores it; the key is what a content
   * document names. A bad file gets a message for the field, never an exception. Photos are
   * encoded one at a time; when too many wait, `busy` says to try again in `retryAfterSeconds`.
   * Nothing is encoded once `signal` is aborted (the editor went away).
   */
  upload(
    file: File,
    editor: Editor,
    signal?: AbortSignal,
  ): Promise<
    { ok: true; key: string } | { ok: false; message: string; busy?: { retryAfterSeconds: number } }
  >;
}
