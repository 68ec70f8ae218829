import { Form } from "react-router";
import { ACTION_FIELD } from "~/lib/admin/editor-data";
import { formatWat, publishedBy } from "~/lib/admin/wat";
import { Notice } from "./Notice";

interface DraftSummary {
  updatedAt: string;
  updatedBy: string;
  baseVersion: number;
}

interface LiveSummary {
  version: number;
  publishAt: string;
  createdBy: string;
}

/**
 * The signed-in editor's own saved draft, which the form starts from. When the page has been
 * published since she saved it, she is told by whom and when, and can put her draft on top of
 * the newer version (the button sends the form below, which holds the draft).
 */
export function OwnDraftNotice({
  draft,
  live,
  adminPath,
  formId,
}: {
  draft: DraftSummary;
  live: LiveSummary;
  adminPath: string;
  formId: string;
}) {
  const stale = draft.baseVersion !== live.version;
  return (
    <Notice tone={stale ? "warning" : "info"} title="You are editing a saved draft.">
      <p>
        You saved it {formatWat(draft.updatedAt)}, from version {draft.baseVersion}. Visitors do not
        see it until you publish.
      </p>
      {stale && (
        <p className="mt-2">
          The page has been published since you saved this draft: version {live.version},{" "}
          {publishedBy(live)}. Your draft is kept as it was. Press Continue from the newer version
          to put your changes on top of it, then check them and publish.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        {stale && (
          <button
            type="submit"
            form={formId}
            name={ACTION_FIELD}
            value="rebase"
            className="btn-primary"
          >
            Continue from the newer version
          </button>
        )}
        <Form method="post" action={adminPath}>
          <button type="submit" name={ACTION_FIELD} value="discard" className="btn-outline">
            Discard draft
          </button>
        </Form>
      </div>
    </Notice>
  );
}

/**
 * Another editor's draft of the same page (issue 29, item 8): drafts are kept per editor, so
 * neither replaces the other, and each editor sees who else has one.
 */
export function OtherDraftNotice({ draft, live }: { draft: DraftSummary; live: LiveSummary }) {
  const stale = draft.baseVersion !== live.version;
  return (
    <Notice
      tone="info"
      title={`${draft.updatedBy} also has an unpublished draft of this page, saved ${formatWat(draft.updatedAt)}.`}
    >
      <p>
        Both drafts are kept: your Save draft never replaces theirs, and your Publish does not
        delete it.{" "}
        {stale
          ? `Theirs was started from version ${draft.baseVersion}, before version ${live.version} was published: they are told so when they next open this page.`
          : "If you publish first, they are told so when they next open this page, and can put their changes on top of yours."}
      </p>
    </Notice>
  );
}
