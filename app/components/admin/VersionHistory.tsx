import { Form, Link } from "react-router";
import { ACTION_FIELD, BASE_VERSION_FIELD, type VersionSummary } from "~/lib/admin/editor-data";
import { formatWat, publishedBy } from "~/lib/admin/wat";

/**
 * Every version of a document, newest first: who published it and when. Each earlier version
 * can be viewed and restored (as a new version); a version set for later can be called off.
 */
export function VersionHistory({
  adminPath,
  versions,
  liveVersion,
}: {
  adminPath: string;
  versions: VersionSummary[];
  liveVersion: number;
}) {
  return (
    <section aria-labelledby="history-heading" className="mt-12">
      <h2 id="history-heading" className="text-2xl font-semibold">
        History
      </h2>
      <p className="mt-1 text-muted">
        Every published version, newest first. Restoring one publishes it again as a new version;
        nothing is ever deleted.
      </p>
      <ol className="mt-4 space-y-3">
        {versions.map((v) => (
          <li
            key={v.version}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-300 p-3"
          >
            <p className="min-w-0 flex-1">
              <span className="font-semibold">Version {v.version}</span>
              {v.scheduled
                ? `, goes live ${formatWat(v.publishAt)}, set by ${v.createdBy}`
                : v.outcome
                  ? `, set by ${v.createdBy}. ${v.outcome.text}`
                  : `, ${publishedBy(v)}`}
              {v.restoredFrom !== undefined && ` (restored from version ${v.restoredFrom})`}
              {v.fromScheduled !== undefined &&
                ` (the scheduled change of version ${v.fromScheduled}, on top of the version before)`}
              {v.live && <span className="ml-2 font-semibold text-teal-800">Live now</span>}
              {v.scheduled && <span className="ml-2 font-semibold text-amber-800">Scheduled</span>}
              {v.cancelled && <span className="ml-2 text-muted">Cancelled</span>}
              {v.outcome?.kind === "refused" && (
                <span className="ml-2 font-semibold text-clay-700">Not published</span>
              )}
            </p>
            <Link
              to={`${adminPath}?version=${v.version}`}
              className="font-semibold text-teal-900 underline"
              aria-label={`View version ${v.version}`}
            >
              View
            </Link>
            {v.scheduled && (
              <Form method="post" action={adminPath}>
                <input type="hidden" name="version" value={v.version} />
                <button
                  type="submit"
                  name={ACTION_FIELD}
                  value="cancel"
                  className="btn-outline"
                  aria-label={`Cancel version ${v.version}`}
                >
                  Cancel
                </button>
              </Form>
            )}
            {!v.live && !v.scheduled && (
              <RestoreButton adminPath={adminPath} version={v.version} liveVersion={liveVersion} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RestoreButton({
  adminPath,
  version,
  liveVersion,
}: {
  adminPath: string;
  version: number;
  liveVersion: number;
}) {
  return (
    <Form method="post" action={adminPath}>
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name={BASE_VERSION_FIELD} value={liveVersion} />
      <button
        type="submit"
        name={ACTION_FIELD}
        value="restore"
        className="btn-outline"
        aria-label={`Restore version ${version}`}
      >
        Restore
      </button>
    </Form>
  );
}
