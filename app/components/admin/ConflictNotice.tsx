import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ACTION_FIELD, type ConflictInfo, type RebasedForm } from "~/lib/admin/editor-data";
import type { FieldDifference } from "~/lib/admin/field-differences";
import { formatWat } from "~/lib/admin/wat";
import { Notice } from "./Notice";

/**
 * "Not published: someone else published first" (issue 29, item 10): who published, what differs
 * field by field, and "Continue from the newer version", which keeps the editor's changes and
 * puts them on top of it. Drawn inside the editor's form, so that the button sends the form as
 * typed, with or without JavaScript.
 */
export function ConflictNotice({
  adminPath,
  conflict,
}: {
  adminPath: string;
  conflict: ConflictInfo;
}) {
  const { version, by, at } = conflict;
  return (
    <div id="editor-conflict" className="scroll-mt-4">
      <Notice tone="error" title="Not published: someone else published first.">
        <p>
          {by} published a newer version (version {version}) at {formatWat(at)} while you were
          editing. Your changes are still below and were not published.
        </p>
        {conflict.differences && (
          <Differences
            version={version}
            differences={conflict.differences}
            more={conflict.moreDifferences ?? 0}
            alsoChanged={conflict.alsoChanged ?? []}
          />
        )}
        <p className="mt-3">
          <button type="submit" name={ACTION_FIELD} value="rebase" className="btn-primary">
            Continue from the newer version
          </button>
        </p>
        <p className="mt-2">
          This keeps your changes and puts them on top of version {version}. Nothing is published
          until you press Publish.{" "}
          <Link
            to={`${adminPath}?version=${version}`}
            target="_blank"
            className="font-semibold underline"
          >
            See the newer version (version {version}, opens in a new tab)
          </Link>
        </p>
      </Notice>
    </div>
  );
}

/** The form after "Continue from the newer version": her changes on top of the newer one. */
export function RebasedNotice({ rebased }: { rebased: RebasedForm }) {
  const ref = useRef<HTMLDivElement>(null);
  // The button she pressed is gone with the old form: the notice that replaces it takes focus.
  useEffect(() => ref.current?.focus(), []);
  const { version, by, at, differences } = rebased;
  return (
    <div id="editor-conflict" ref={ref} tabIndex={-1} className="scroll-mt-4 outline-none">
      <Notice tone="info" title={`Your changes are now on top of version ${version}.`}>
        <p>
          The form below is version {version} ({by}, {formatWat(at)}) with your changes kept.{" "}
          {differences.length > 0
            ? "Check what differs, then press Publish to put your changes live."
            : `Your changes and version ${version} are now the same: there is nothing left to publish.`}
        </p>
        {differences.length > 0 && (
          <Differences
            version={version}
            differences={differences}
            more={rebased.moreDifferences}
            alsoChanged={rebased.alsoChanged}
            continued
          />
        )}
      </Notice>
    </div>
  );
}

function Differences({
  version,
  differences,
  more,
  alsoChanged,
  continued = false,
}: {
  version: number;
  differences: FieldDifference[];
  more: number;
  alsoChanged: string[];
  /** the form already stands on the newer version */
  continued?: boolean;
}) {
  return (
    <>
      {differences.length > 0 ? (
        <>
          <p className="mt-3 font-semibold">
            Your changes, beside version {version} ({differences.length + more}{" "}
            {differences.length + more === 1 ? "field" : "fields"}):
          </p>
          <dl className="mt-2 space-y-2">
            {differences.map((d) => (
              <div
                key={d.label}
                className="rounded-xl border border-slate-300 bg-white p-3 break-words text-ink"
              >
                <dt className="font-semibold">
                  {d.label}
                  {d.bothChanged && (
                    <span className="font-normal"> (also changed in version {version})</span>
                  )}
                </dt>
                <dd className="mt-1 whitespace-pre-line">
                  <span className="font-semibold">Yours:</span> {d.yours}
                </dd>
                <dd className="whitespace-pre-line">
                  <span className="font-semibold">Version {version}:</span> {d.theirs}
                </dd>
              </div>
            ))}
          </dl>
          {more > 0 && (
            <p className="mt-2">
              And {more} more {more === 1 ? "field" : "fields"}: check the form below.
            </p>
          )}
        </>
      ) : (
        <p className="mt-3">Your form and version {version} do not differ.</p>
      )}
      {alsoChanged.length > 0 && (
        <p className="mt-2">
          Version {version} also changed {alsoChanged.join(", ")}:{" "}
          {continued ? "the form has" : "continuing takes"}{" "}
          {alsoChanged.length === 1 ? "that change" : "those changes"} as published.
        </p>
      )}
    </>
  );
}
