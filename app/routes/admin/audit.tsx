import { Link } from "react-router";
import { documents, isDocumentId } from "~/content/documents";
import { editorServices } from "~/lib/admin/editor-action.server";
import { formatWat, watInText } from "~/lib/admin/wat";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/audit";

export const handle: RouteHandle = { hydrate: true };

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export function meta() {
  return [{ title: "Who changed what | Site editor" }, { name: "robots", content: "noindex" }];
}

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = editorServices(context);
  await services.auth.requireEditor(request);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const entries = await services.content.audit(
    PAGE_SIZE,
    Number.isInteger(before) && before > 0 ? before : undefined,
  );
  return {
    entries,
    older: entries.length === PAGE_SIZE ? entries[entries.length - 1]!.id : undefined,
    paged: Number.isInteger(before) && before > 0,
  };
}

const actionWords: Record<string, string> = {
  publish: "published",
  schedule: "scheduled",
  restore: "restored",
  draft: "saved a draft of",
  discard: "discarded the draft of",
  cancel: "called off a scheduled version of",
  upload: "uploaded a photo",
  "sign-in": "signed in",
  "sign-out": "signed out",
  "sign-out-device": "signed out another of their devices",
  "sign-out-everywhere": "signed out everywhere",
  "sign-in-passkey": "signed in with a passkey",
  "sign-in-recovery": "opened an e-mailed link to look after their passkeys",
  "passkey-added": "set up a passkey",
  "passkey-added-recovery": "set up a passkey after an e-mailed link (it works after a day)",
  "passkey-removed": "removed a passkey",
  "passkey-cancelled": "cancelled a waiting passkey",
  "booking-settings": "changed booking settings",
};

export default function Audit({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          All pages
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Who changed what</h1>
      <p className="mt-1 text-muted">
        Every change to the site, newest first, in Lagos time (WAT). Nothing here is deleted.
      </p>
      {loaderData.entries.length === 0 ? (
        <p className="mt-6">No changes yet.</p>
      ) : (
        <ol className="mt-6 space-y-2">
          {loaderData.entries.map((e) => {
            const page = e.doc && isDocumentId(e.doc) ? documents[e.doc] : undefined;
            return (
              <li key={e.id} className="rounded-xl border border-slate-300 p-3">
                <p className="text-sm text-muted">{formatWat(e.at)}</p>
                <p>
                  <span className="font-semibold">{e.editor}</span>{" "}
                  {actionWords[e.action] ?? e.action}
                  {page && (
                    <>
                      {" "}
                      <Link to={page.adminPath} className="font-semibold text-teal-900 underline">
                        {page.title}
                      </Link>
                    </>
                  )}
                  {e.version !== undefined && `, version ${e.version}`}
                  {e.detail && ` (${watInText(e.detail)})`}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-6 flex gap-4">
        {loaderData.paged && (
          <Link to="/admin/audit" className="font-semibold text-teal-900 underline">
            Newest changes
          </Link>
        )}
        {loaderData.older !== undefined && (
          <Link
            to={`/admin/audit?before=${loaderData.older}`}
            className="font-semibold text-teal-900 underline"
          >
            Older changes
          </Link>
        )}
      </div>
    </div>
  );
}
