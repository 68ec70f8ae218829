import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import { documentAt, documents } from "~/content/documents";
import type { DocumentVersion } from "../services/content-editing";
import { editorServices } from "./editor-action.server";
import { type VersionSummary, noticeFromQuery, previewPath } from "./editor-data";
import { type FieldNode, describeDocument } from "./field-tree";
import { type ScheduleOutcome, scheduleOutcome } from "./schedule-outcome";

/** How long a scheduled version's merge or refusal is announced at the top of its editor. */
const OUTCOME_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

function summary(v: DocumentVersion, fields: [string, FieldNode][]): VersionSummary {
  const scheduled = !v.live && !v.cancelled && v.scheduleState === "pending";
  const outcome = scheduleOutcome(v, fields);
  return {
    version: v.version,
    publishAt: v.publishAt,
    createdAt: v.createdAt,
    createdBy: v.createdBy,
    ...(v.restoredFrom !== undefined ? { restoredFrom: v.restoredFrom } : {}),
    ...(v.cancelled ? { cancelled: true } : {}),
    live: v.live,
    scheduled,
    ...(outcome ? { outcome } : {}),
    ...(!v.scheduleState && v.scheduleNote ? { fromScheduled: v.scheduleNote.scheduled } : {}),
  };
}

/** The document an /admin path edits, or a 404. */
export function documentFor(request: Request) {
  const doc = documentAt(new URL(request.url).pathname);
  if (!doc) throw data(null, { status: 404 });
  return doc;
}

/** What the editor page of a document shows: the form's start, the history, a notice. */
export async function editorLoader(request: Request, context: AppLoadContext) {
  const services = editorServices(context);
  const doc = documentFor(request);
  const editor = await services.auth.requireEditor(request);
  const url = new URL(request.url);
  const { title, adminPath, paths } = documents[doc];
  const [{ published, draft, otherDrafts }, history] = await Promise.all([
    services.content.load(doc, editor),
    services.content.history(doc),
  ]);
  const now = Date.now();
  const fields = describeDocument(documents[doc].schema);

  const wanted = Number(url.searchParams.get("version"));
  let viewing: { version: VersionSummary; value: unknown } | undefined;
  if (Number.isInteger(wanted) && wanted > 0) {
    const found = await services.content.version(doc, wanted);
    if (!found) throw data(null, { status: 404 });
    viewing = { version: summary(found, fields), value: found.value };
  }
  const from = Number(url.searchParams.get("from"));

  return {
    doc,
    title,
    adminPath,
    publicPath: previewPath(paths),
    editor: editor.email,
    live: summary(published, fields),
    start: draft
      ? { value: draft.value, baseVersion: draft.baseVersion }
      : { value: published.value, baseVersion: published.version },
    draft: draft
      ? { updatedAt: draft.updatedAt, updatedBy: draft.updatedBy, baseVersion: draft.baseVersion }
      : undefined,
    /** other editors' drafts of this page: kept apart from this editor's, and named (issue 29) */
    otherDrafts,
    history: history.map((v) => summary(v, fields)),
    scheduleOutcomes: history
      .map((v) => scheduleOutcome(v, fields))
      .filter(
        (o): o is ScheduleOutcome =>
          o !== undefined && now - Date.parse(o.settledAt) < OUTCOME_NOTICE_MS,
      ),
    notice: noticeFromQuery(url.searchParams),
    sentFrom: Number.isInteger(from) && from > 0 ? from : undefined,
    discarded: url.searchParams.get("discarded") === "1",
    view: url.searchParams.get("view") === "preview" ? ("preview" as const) : undefined,
    viewing,
  };
}
