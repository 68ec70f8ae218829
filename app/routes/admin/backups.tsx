import { Link } from "react-router";
import { readerAccess } from "~/lib/admin/access.server";
import { stepUpMessage } from "~/lib/admin/step-up";
import { formatWat } from "~/lib/admin/wat";
import type { Route } from "./+types/backups";

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export function meta() {
  return [{ title: "Backups | Site admin" }, { name: "robots", content: "noindex" }];
}

/** The site's own backups (docs/decisions/034), for INBOX_EMAILS readers only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, reader } = await readerAccess(context, request);
  const params = new URL(request.url).searchParams;
  const minutes = Number(params.get("minutes"));
  // Set by the download route when it needed a fresh sign-in (app/routes/admin/backups-download.ts).
  const stepUp =
    params.get("stepup") === "sent"
      ? stepUpMessage({ kind: "sent", email: reader.email })
      : params.get("stepup") === "wait" && Number.isInteger(minutes) && minutes > 0
        ? stepUpMessage({ kind: "rate-limited", minutes })
        : undefined;
  return { backups: await services.backups.list(), stepUp };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, reader } = await readerAccess(context, request);
  const form = await request.formData();
  if (form.get("intent") !== "backup") return { outcome: undefined };
  const result = await services.backups.backUpNow(reader.email);
  return {
    outcome: result.ok
      ? {
          ok: true as const,
          text: `Done. A new backup was written and checked: ${result.entry.name}.`,
        }
      : {
          ok: false as const,
          text:
            "The backup could not be made just now. Nothing was changed. Please try again in a " +
            "few minutes; if it fails again, tell your developer (the site's status page names it).",
        },
  };
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export default function Backups({ loaderData, actionData }: Route.ComponentProps) {
  const { backups, stepUp } = loaderData;
  const outcome = actionData?.outcome;
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          All pages
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Backups</h1>
      <p className="mt-1 text-muted">
        The website copies everything it holds into a backup every night. Each one is read back and
        checked before it is kept. The newest is first.
      </p>
      <form method="post" className="mt-6">
        <input type="hidden" name="intent" value="backup" />
        <button
          type="submit"
          className="min-h-11 rounded-xl bg-teal-900 px-5 py-2 font-semibold text-white"
        >
          Back up now
        </button>
      </form>
      <div aria-live="polite" className="mt-4">
        {outcome && (
          <p
            role={outcome.ok ? "status" : "alert"}
            className={
              outcome.ok
                ? "rounded-xl border border-teal-700 bg-teal-50 p-4"
                : "rounded-xl border-2 border-clay-700 bg-clay-100 p-4 font-semibold"
            }
          >
            {outcome.text}
          </p>
        )}
        {stepUp && (
          <p role="alert" className="rounded-xl border-2 border-clay-700 bg-clay-100 p-4">
            {stepUp}
          </p>
        )}
      </div>
      {backups.length === 0 ? (
        <p className="mt-6">
          No backups yet. The first is made tonight, or press Back up now to make one.
        </p>
      ) : (
        <ul aria-label="Backups, newest first" className="mt-6 space-y-3">
          {backups.map((b) => (
            <li key={b.name} className="rounded-xl border border-slate-300 p-4">
              <h2 className="font-semibold">{formatWat(b.createdAt)}</h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt>Size</dt>
                <dd>{size(b.bytes)}</dd>
                <dt>Checked</dt>
                <dd>{yesNo(b.verified)}</dd>
                <dt>Copied off the server</dt>
                <dd>{yesNo(b.uploaded)}</dd>
                <dt>Encrypted</dt>
                <dd>{yesNo(b.encrypted)}</dd>
              </dl>
              <form method="post" action="/admin/backups/download" className="mt-3">
                <input type="hidden" name="name" value={b.name} />
                <button
                  type="submit"
                  className="min-h-11 rounded-xl border-2 border-teal-900 px-4 py-2 font-semibold text-teal-900"
                  aria-label={`Download the backup of ${formatWat(b.createdAt)}`}
                >
                  Download
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
