import { FILE_SUFFIX, chosenFileEntries } from "./uploads";

/**
 * The editor's photos, each sent on its own before the form (issue 29, item 7): a phone photo on
 * a 1 Mbit/s line takes seconds, not the whole request time of a form carrying several, and the
 * page shows how far each has got. The form then carries the stored photo's key in place of the
 * file (app/routes/admin/photos.ts). Editor bundle only.
 */
export const PHOTO_UPLOAD_FIELD = "photo";
export const PHOTO_UPLOAD_URL = "/admin/photos";

export type PhotoUploadAnswer = { ok: true; key: string } | { ok: false; message: string };

export interface PhotoProgress {
  /** 1-based */
  index: number;
  total: number;
  loaded: number;
  size: number;
}

/**
 * Why a photo did not arrive. Offline means the browser says it is offline; a line that carries
 * nothing for a while, or a request the server cut off as too slow, is "slow", never offline.
 */
export type PhotoSendFailure =
  | { outcome: "unreachable" }
  | { outcome: "slow" }
  | { outcome: "signed-out" | "too-large" | "rate-limited" | "busy" | "server-error" }
  | { outcome: "photo-refused"; message: string };

/** No byte acknowledged for this long while sending: the line is stalled. */
export const STALL_MS = 25_000;
/** Once sent, the photo's answer may wait for others being prepared before it. */
const ANSWER_MS = 90_000;

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

function sendOne(
  file: File,
  onProgress: (loaded: number, size: number) => void,
): Promise<PhotoUploadAnswer | PhotoSendFailure> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    let stalled = false;
    const watch = (ms = STALL_MS) => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, ms);
    };
    const done = (result: PhotoUploadAnswer | PhotoSendFailure) => {
      clearTimeout(stall);
      resolve(result);
    };
    const cut = () => done(isOffline() ? { outcome: "unreachable" } : { outcome: "slow" });
    xhr.open("POST", PHOTO_UPLOAD_URL);
    // Tells the editor guard this is a script: signed out, it answers 401, not the sign-in page.
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      watch();
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.upload.onload = () => watch(ANSWER_MS);
    xhr.onerror = cut;
    xhr.onabort = () => (stalled ? cut() : done({ outcome: "unreachable" }));
    xhr.onload = () => {
      const status = xhr.status;
      if (status === 401) return done({ outcome: "signed-out" });
      if (status === 413) return done({ outcome: "too-large" });
      if (status === 429) return done({ outcome: "rate-limited" });
      if (status === 408) return done({ outcome: "slow" });
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const answer = body as PhotoUploadAnswer | undefined;
      if (answer && typeof answer === "object" && "ok" in answer) {
        if (answer.ok) return done(answer);
        return done({ outcome: "photo-refused", message: answer.message });
      }
      // 502/504 from a proxy while the site restarts: it did not answer, so it is sent again.
      if (status === 502 || status === 504) return done({ outcome: "slow" });
      // The site had no room to read it (server/http/body-budget.ts): nothing was kept.
      if (status === 503) return done({ outcome: "busy" });
      done({ outcome: "server-error" });
    };
    const body = new FormData();
    body.set(PHOTO_UPLOAD_FIELD, file);
    watch();
    xhr.send(body);
  });
}

/**
 * Sends each chosen photo of `body` that has not been sent yet, one after another, and puts its
 * key in its place in `body`; a photo sent once is not sent again when the form is retried.
 * Resolves with the first failure, or nothing when every photo arrived.
 */
export async function sendChosenPhotos(
  body: FormData,
  onProgress: (progress: PhotoProgress) => void,
): Promise<PhotoSendFailure | undefined> {
  const chosen = chosenFileEntries(body);
  for (const [i, [field, file]] of chosen.entries()) {
    const answer = await sendOne(file, (loaded, size) =>
      onProgress({ index: i + 1, total: chosen.length, loaded, size }),
    );
    if ("outcome" in answer) return answer;
    if (!answer.ok) return { outcome: "photo-refused", message: answer.message };
    body.delete(field);
    body.set(`${field.slice(0, -FILE_SUFFIX.length)}.key`, answer.key);
  }
  return undefined;
}

const MB = 1_000_000;

/** "0.4 of 0.9 MB sent" (the photo it is names the line above it) */
export function progressText({ loaded, size }: PhotoProgress): string {
  const mb = (n: number) => (n / MB).toFixed(1);
  return `${mb(loaded)} of ${mb(size)} MB sent`;
}
