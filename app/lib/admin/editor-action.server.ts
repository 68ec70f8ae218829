import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { type DocumentId, documents } from "~/content/documents";
import type { EditorServices } from "../load-context";
import type { Editor } from "../services/auth";
import type { PublishResult } from "../services/content-editing";
import {
  ACTION_FIELD,
  BASE_VERSION_FIELD,
  type EditorActionData,
  PUBLISH_AT_FIELD,
  REQUEST_KEY_FIELD,
  type RebasedForm,
} from "./editor-data";
import { MAX_DIFFERENCES, fieldDifferences } from "./field-differences";
import { describeDocument, isPhotoName, pathToName } from "./field-tree";
import { formNamesProblem, parseDocument } from "./parse-document";
import { FILE_SUFFIX, MAX_PHOTOS_PER_POST, PENDING_UPLOAD_KEY, takeFiles } from "./uploads";
import { watInputToIso } from "./wat";

/** The editor's server side, or a 404 when editing is off (EDITOR_EMAILS unset). */
export function editorServices(context: AppLoadContext): EditorServices {
  if (!context.editor) throw data(null, { status: 404 });
  return context.editor;
}

function positiveInt(value: FormDataEntryValue | null): number | undefined {
  const n = Number(value);
  return typeof value === "string" && Number.isInteger(n) && n > 0 ? n : undefined;
}

const hasKeys = (record: object) => Object.keys(record).length > 0;
const nonNull = (errors: Record<string, string[] | null>) =>
  Object.fromEntries(Object.entries(errors).filter((e): e is [string, string[]] => e[1] !== null));

const badRequest = (message: string) => data<EditorActionData>({ message }, { status: 400 });

/**
 * One post of the editor of `doc`: publish, save a draft, preview, discard the draft, restore a
 * version or call off a scheduled one. What changes anything answers with a redirect to the
 * editor and a notice in its query (Post/Redirect/Get); a refusal answers the form as it was
 * sent, with each message at its field.
 */
export async function editorAction(request: Request, context: AppLoadContext, doc: DocumentId) {
  const services = editorServices(context);
  const editor = await services.auth.requireEditor(request);
  const { adminPath } = documents[doc];
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return badRequest("We could not read that form. Please try again.");
  }
  // Bounded before anything is built from the names (issue 29, M1).
  const namesProblem = formNamesProblem(formData, documents[doc].schema);
  if (namesProblem) return badRequest(`${namesProblem} Please reload the page and try again.`);
  const action = formData.get(ACTION_FIELD);
  const baseVersion = positiveInt(formData.get(BASE_VERSION_FIELD));

  if (action === "discard") {
    await services.content.discardDraft(doc, editor);
    return redirect(`${adminPath}?discarded=1`, 303);
  }
  if (action === "restore" || action === "cancel") {
    const version = positiveInt(formData.get("version"));
    if (!version) return badRequest("That version could not be found.");
    if (action === "cancel") {
      await services.content.cancelScheduled(doc, version, editor);
      return redirect(`${adminPath}?cancelled=${version}`, 303);
    }
    if (!baseVersion) return badRequest("Please reload the page and try again.");
    const result = await services.content.restore(doc, version, { baseVersion, editor });
    if (result.status === "ok")
      return redirect(`${adminPath}?restored=${result.version}&from=${version}`, 303);
    if (result.status === "conflict") return conflictAnswer(result.current);
    return badRequest("That version no longer fits the page's rules and was not restored.");
  }
  return saveOrPublish(
    formData,
    services,
    editor,
    doc,
    baseVersion,
    String(action ?? "publish"),
    request.signal,
  );
}

async function saveOrPublish(
  formData: FormData,
  services: EditorServices,
  editor: Editor,
  doc: DocumentId,
  baseVersion: number | undefined,
  action: string,
  signal?: AbortSignal,
) {
  const { schema, adminPath } = documents[doc];
  // Only the photo fields this page has; a file under any other name is dropped unread.
  const fields = describeDocument(schema);
  const chosen = takeFiles(formData).filter((c) => isPhotoName(fields, c.photo));
  if (chosen.length > MAX_PHOTOS_PER_POST) {
    return badRequest(
      `At most ${MAX_PHOTOS_PER_POST} new photos can be sent at once. Please publish these changes in two goes.`,
    );
  }
  const uploadErrors: Record<string, string[]> = {};
  // The browser's stand-in for a chosen file must never be saved as a key.
  for (const [name, value] of formData.entries()) {
    if (name.endsWith(".key") && value === PENDING_UPLOAD_KEY)
      uploadErrors[`${name.slice(0, -".key".length)}${FILE_SUFFIX}`] = [
        "Please choose the picture again.",
      ];
  }
  // The form is checked before any photo is encoded (issue 29, M5), each chosen photo standing in
  // for its key. (Add, remove and move buttons answer the changed form: their photos are kept.)
  const standIn = new FormData();
  for (const [name, value] of formData.entries()) standIn.append(name, value);
  for (const { photo } of chosen) standIn.set(`${photo}.key`, PENDING_UPLOAD_KEY);
  const check = parseDocument(standIn, schema);
  if (check.status !== undefined && (check.status !== "success" || hasKeys(uploadErrors))) {
    for (const { field } of chosen)
      uploadErrors[field] ??= ["Please choose the picture again once the form is corrected."];
    const checkErrors = check.status === "success" ? {} : (check.error ?? {});
    return data<EditorActionData>(
      {
        result: parseDocument(formData, schema).reply({
          fieldErrors: { ...nonNull(checkErrors), ...uploadErrors },
        }),
      },
      { status: 400 },
    );
  }
  // Each chosen photo is stored, one at a time; its key then takes the stand-in's place.
  for (const photo of chosen) {
    if (signal?.aborted) return badRequest("The page was left before the photos arrived.");
    const uploaded = await services.photos.upload(photo.file, editor, signal);
    if (uploaded.ok) formData.set(`${photo.photo}.key`, uploaded.key);
    else if (uploaded.busy) {
      return data<EditorActionData>(
        { message: uploaded.message },
        {
          status: 503,
          headers: { "Retry-After": String(uploaded.busy.retryAfterSeconds) },
        },
      );
    } else uploadErrors[photo.field] = [uploaded.message];
  }
  const submission = parseDocument(formData, schema);
  // Add, remove and move buttons (without JavaScript): the form comes back changed.
  if (submission.status === undefined) return { result: submission.reply() } as EditorActionData;
  if (submission.status !== "success" || hasKeys(uploadErrors)) {
    return data<EditorActionData>(
      { result: submission.reply({ fieldErrors: uploadErrors }) },
      { status: 400 },
    );
  }
  if (!baseVersion) return badRequest("Please reload the page and try again.");

  const value = submission.value;
  // "Continue from the newer version": nothing is saved; the form comes back on top of it.
  if (action === "rebase")
    return { rebased: await onTopOfLive(services, doc, value, baseVersion) } as EditorActionData;
  let result: PublishResult;
  if (action === "publish") {
    const requestKey = formData.get(REQUEST_KEY_FIELD);
    const publishAt = watInputToIso(String(formData.get(PUBLISH_AT_FIELD) ?? ""));
    result = await services.content.publish(doc, value, {
      baseVersion,
      editor,
      ...(typeof requestKey === "string" && requestKey ? { requestKey } : {}),
      ...(publishAt ? { publishAt } : {}),
    });
  } else {
    result = await services.content.saveDraft(doc, value, baseVersion, editor);
  }

  if (result.status === "invalid") {
    const fieldErrors = Object.fromEntries(
      Object.entries(result.fieldErrors).map(([path, messages]) => [pathToName(path), messages]),
    );
    return data<EditorActionData>({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  if (result.status === "conflict") {
    const { differences, moreDifferences, alsoChanged } = await onTopOfLive(
      services,
      doc,
      value,
      baseVersion,
    );
    return conflictAnswer(result.current, submission.reply(), {
      from: baseVersion,
      differences,
      moreDifferences,
      alsoChanged,
    });
  }
  if (result.status === "key-reused")
    return data<EditorActionData>(
      {
        result: submission.reply(),
        message:
          "Not published: this page sent an earlier request again with different content. Press Publish once more.",
      },
      { status: 409 },
    );
  if (action === "preview") return redirect(`${adminPath}?view=preview`, 303);
  if (action === "publish") {
    const kind = result.scheduled ? "scheduled" : "published";
    return redirect(`${adminPath}?${kind}=${result.version}&from=${baseVersion}`, 303);
  }
  return redirect(`${adminPath}?saved=1&from=${baseVersion}`, 303);
}

function conflictAnswer(
  current: Extract<PublishResult, { status: "conflict" }>["current"],
  result?: EditorActionData["result"],
  compared?: Pick<
    NonNullable<EditorActionData["conflict"]>,
    "from" | "differences" | "moreDifferences" | "alsoChanged"
  >,
) {
  return data<EditorActionData>(
    {
      result,
      conflict: {
        version: current.version,
        by: current.createdBy,
        at: current.publishAt,
        ...compared,
      },
    },
    { status: 409 },
  );
}

/**
 * The editor's form, built on `baseVersion`, moved on top of the live version (issue 29, item
 * 10): her changes kept, the rest as published, and field by field where it still differs from
 * the live version, in words.
 */
async function onTopOfLive(
  services: EditorServices,
  doc: DocumentId,
  value: unknown,
  baseVersion: number,
): Promise<RebasedForm> {
  const moved = await services.content.onTopOfLive(doc, value, baseVersion);
  const fields = describeDocument(documents[doc].schema);
  const differences = fieldDifferences(fields, moved.base, moved.value, moved.live.value);
  const mine = new Set(differences.map((d) => d.label));
  const alsoChanged = fieldDifferences(fields, moved.base, moved.base, moved.live.value)
    .map((d) => d.label)
    .filter((label, i, all) => !mine.has(label) && all.indexOf(label) === i);
  return {
    from: baseVersion,
    version: moved.live.version,
    by: moved.live.createdBy,
    at: moved.live.publishAt,
    value: moved.value,
    differences: differences.slice(0, MAX_DIFFERENCES),
    moreDifferences: Math.max(0, differences.length - MAX_DIFFERENCES),
    alsoChanged: alsoChanged.slice(0, MAX_DIFFERENCES),
  };
}
