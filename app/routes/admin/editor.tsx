import { Link } from "react-router";
import { DocumentForm } from "~/components/admin/DocumentForm";
import { OtherDraftNotice, OwnDraftNotice } from "~/components/admin/DraftNotices";
import { EditorNoticeBanner, ScheduleOutcomeNotice } from "~/components/admin/EditorNoticeBanner";
import { PreviewFrames } from "~/components/admin/PreviewFrames";
import { RestoreButton, VersionHistory } from "~/components/admin/VersionHistory";
import { VersionView } from "~/components/admin/VersionView";
import { documents } from "~/content/documents";
import { editorAction } from "~/lib/admin/editor-action.server";
import { editorClientAction, keepPageAfterSendFailure } from "~/lib/admin/editor-client-action";
import { documentFor, editorLoader } from "~/lib/admin/editor-loader.server";
import { describeDocument } from "~/lib/admin/field-tree";
import { publishedBy } from "~/lib/admin/wat";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/editor";

// The editor needs React from the start; being imported only here, it is a bundle of its own.
export const handle: RouteHandle = { hydrate: true };

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `Edit: ${data.title} | Site editor` : "Site editor" },
    { name: "robots", content: "noindex" },
  ];
}

// A send the site did not take (offline, signed out, too large…) changed nothing: the page
// stays as typed, and a signed-out editor is not carried off to the sign-in form.
export const shouldRevalidate = keepPageAfterSendFailure;

export function loader({ request, context }: Route.LoaderArgs) {
  return editorLoader(request, context);
}

export const clientAction = editorClientAction;

export function action({ request, context }: Route.ActionArgs) {
  return editorAction(request, context, documentFor(request));
}

export default function Editor({ loaderData: page }: Route.ComponentProps) {
  const { adminPath, publicPath, title } = page;
  const fields = describeDocument(documents[page.doc].schema);
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          All pages
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">{title}</h1>
      <p className="mt-1 text-muted">
        Live now: version {page.live.version}, {publishedBy(page.live)}.{" "}
        <a href={publicPath} className="font-semibold text-teal-900 underline">
          View the public page
        </a>
      </p>
      <div className="mt-6 space-y-4">
        {page.notice && <EditorNoticeBanner notice={page.notice} publicPath={publicPath} />}
        {!page.viewing &&
          page.otherDrafts.map((d) => (
            <OtherDraftNotice key={d.updatedBy} draft={d} live={page.live} />
          ))}
        {page.scheduleOutcomes.map((o) => (
          <ScheduleOutcomeNotice key={o.version} outcome={o} />
        ))}
      </div>

      {page.view === "preview" ? (
        <div className="mt-6">
          <PreviewFrames adminPath={adminPath} publicPath={publicPath} title={title} />
        </div>
      ) : page.viewing ? (
        <section aria-labelledby="version-heading" className="mt-6 space-y-4">
          <h2 id="version-heading" className="text-2xl font-semibold">
            Version {page.viewing.version.version}
            {page.viewing.version.live ? " (live now)" : ""}
          </h2>
          <p className="text-muted">
            Version {page.viewing.version.version}: {publishedBy(page.viewing.version)}. This is a
            read-only view.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={adminPath} className="btn-primary">
              Back to editing
            </Link>
            {!page.viewing.version.live && !page.viewing.version.scheduled && (
              <RestoreButton
                adminPath={adminPath}
                version={page.viewing.version.version}
                liveVersion={page.live.version}
              />
            )}
          </div>
          <VersionView fields={fields} value={page.viewing.value} />
        </section>
      ) : (
        <>
          {page.draft && (
            <div className="mt-6">
              <OwnDraftNotice
                draft={page.draft}
                live={page.live}
                adminPath={adminPath}
                formId={`editor-${page.doc}`}
              />
            </div>
          )}
          <div className="mt-6">
            <DocumentForm
              key={`${page.start.baseVersion}-${page.draft?.updatedAt ?? "published"}`}
              doc={page.doc}
              baseVersion={page.start.baseVersion}
              value={page.start.value}
              sentFrom={page.discarded ? page.start.baseVersion : page.sentFrom}
            />
          </div>
          <VersionHistory
            adminPath={adminPath}
            versions={page.history}
            liveVersion={page.live.version}
          />
        </>
      )}
    </div>
  );
}
