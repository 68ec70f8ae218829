import type { EditorNotice } from "~/lib/admin/editor-data";
import type { ScheduleOutcome } from "~/lib/admin/schedule-outcome";
import { Notice } from "./Notice";

/** What the last change did, shown after its redirect. */
export function EditorNoticeBanner({
  notice,
  publicPath,
}: {
  notice: EditorNotice;
  publicPath: string;
}) {
  const view = (
    <a href={publicPath} className="font-semibold underline">
      View the public page
    </a>
  );
  switch (notice.kind) {
    case "published":
      return (
        <Notice tone="success" title="Published. The page is live.">
          <p>
            Version {notice.version} is what visitors see now. {view}
          </p>
        </Notice>
      );
    case "scheduled":
      return (
        <Notice tone="success" title="Scheduled.">
          <p>
            Version {notice.version} will go live at the time you set. It is in the history below.
          </p>
        </Notice>
      );
    case "restored":
      return (
        <Notice tone="success" title="Restored. The page is live.">
          <p>
            Version {notice.from} was published again as version {notice.version}. {view}
          </p>
        </Notice>
      );
    case "saved":
      return (
        <Notice tone="success" title="Draft saved. Visitors do not see it until you publish." />
      );
    case "discarded":
      return <Notice tone="success" title="Draft discarded. The form shows the live version." />;
    case "cancelled":
      return <Notice tone="success" title={`Version ${notice.version} will not go live.`} />;
  }
}

/**
 * A scheduled change that met a newer version at its time (docs/decisions/027): it went live on
 * top of it, or was not published. Shown for a week on the page's editor and on /admin.
 */
export function ScheduleOutcomeNotice({ outcome }: { outcome: ScheduleOutcome }) {
  return outcome.kind === "merged" ? (
    <Notice tone="info" title="A scheduled change went live on top of a newer version.">
      <p>{outcome.text}</p>
    </Notice>
  ) : (
    <Notice tone="warning" title="A scheduled change was not published.">
      <p>{outcome.text}</p>
    </Notice>
  );
}
