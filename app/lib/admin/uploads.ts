/**
 * A photo field posts its new file as `<photo>.file` beside `<photo>.key` and `<photo>.alt`.
 * Before the form is checked, each chosen file becomes the photo's key: on the server the
 * stored upload's key; in the browser a stand-in, so that a new item with a photo chosen is not
 * refused for having none yet.
 */

export const FILE_SUFFIX = ".file";

/**
 * New photos one post may carry (issue 29, M5): the largest real need is a page's every photo
 * replaced at once: the home page's hero and its six phone slides, seven. The server's body limit
 * (server/http/form-body.ts, EDITOR_FORM_LIMITS.files) is the same number.
 */
export const MAX_PHOTOS_PER_POST = 8;

/** The stand-in key the browser's check uses for a chosen, not yet uploaded, file. */
export const PENDING_UPLOAD_KEY = "upload-pending";

export interface ChosenFile {
  /** the photo field's name, e.g. "team.members[1].photo" */
  photo: string;
  /** the file input's name */
  field: string;
  file: File;
}

/** The form's chosen (non-empty) photo files, by their file input's name, left in the form. */
export function chosenFileEntries(formData: FormData): [string, File][] {
  return [...formData.entries()].filter(
    (entry): entry is [string, File] =>
      typeof entry[1] !== "string" && entry[0].endsWith(FILE_SUFFIX) && entry[1].size > 0,
  );
}

/** The non-empty files of a form, by photo field; every file entry is taken out of the form. */
export function takeFiles(formData: FormData): ChosenFile[] {
  const chosen: ChosenFile[] = [];
  for (const [field, value] of [...formData.entries()]) {
    if (typeof value === "string" || !field.endsWith(FILE_SUFFIX)) continue;
    formData.delete(field);
    // A file input left empty still posts an empty, nameless file.
    if (value.size > 0)
      chosen.push({ photo: field.slice(0, -FILE_SUFFIX.length), field, file: value });
  }
  return chosen;
}

/** For the browser's check: each chosen file stands in for its photo's key. */
export function markChosenFiles(formData: FormData): void {
  for (const { photo } of takeFiles(formData)) formData.set(`${photo}.key`, PENDING_UPLOAD_KEY);
}
