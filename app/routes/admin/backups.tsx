import { Link } from "react-router";
import type { BackupEntry } from "~/lib/services/backups";
import { readerAccess } from "~/lib/admin/access.server";
import { StepUpBanner } from "~/components/admin/StepUpBanner";
import { stepUpFromUrl } from "~/lib/admin/step-up";
import { formatWat } from "~/lib/admin/wat";
import type { Route } from "./+types/backups";

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export function meta() {
  return [{ title: "Backups | Site admin" }, { name: "robots", content: "noindex" }];
}

/** The site's own backups (docs/decisions/034), for INBOX_EMAILS readers only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, reader } = await readerAccess(context, request);
  // Set by the download route when it needed a fresh sign-in (app/routes/admin/backups-download.ts).
  const stepUp = stepUpFromUrl(new URL(request.url), reader.email);
  return { backups: await services.backups.list(), setup: services.backups.setup(), stepUp };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, reader } = await readerAccess(context, request);
  const form = await request.formData();
  if (form.get("intent") === "delete-unencrypted") {
    const removed = await services.backups.removeUnencrypted(
      String(form.get("name") ?? ""),
      reader.email,
    );
    return {
      outcome: removed
        ? { ok: true as const, text: "Deleted. That unencrypted backup is gone from the server." }
        : {
            ok: false as const,
            text: "That backup was not deleted: it is no longer listed, or it is encrypted.",
          },
    };
  }
  if (form.get("intent") !== "backup") return { outcome: undefined };
  const result = await services.backups.backUpNow(reader.email);
  if (result.ok) return { outcome: { ok: true as const, text: doneText(result.entry) } };
  return {
    outcome: {
      ok: false as const,
      text: result.refused
        ? "No backup was made: the backup key setting (BACKUP_AGE_RECIPIENT) is not an age " +
          "public key, and the website will not write a backup unencrypted instead. Please ask " +
          "your developer to set it to the public key (age1…) of the practice's backup key."
        : "The backup could not be made just now. Nothing was changed. Please try again in a " +
          "few minutes; if it fails again, tell your developer (the site's status page names it).",
    },
  };
}

function doneText(entry: BackupEntry): string {
  const done = `Done. A new backup was written and checked: ${entry.name}.`;
  const locked = entry.encrypted ? " It is encrypted with the practice's backup key." : "";
  const copy = entry.uploaded
    ? " A copy is stored off the server."
    : entry.uploadWaiting
      ? " The copy off the server did not go through yet; the website tries again by itself."
      : "";
  return done + locked + copy;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function copied(b: BackupEntry): string {
  if (b.uploaded) return "Yes";
  return b.uploadWaiting ? "Not yet: it will try again by itself" : "No";
}

export default function Backups({ loaderData, actionData }: Route.ComponentProps) {
  const { backups, setup, stepUp } = loaderData;
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
      <p className="mt-2">
        {setup.refused
          ? "No backup is being written: the backup key setting needs your developer (below)."
          : setup.encrypted
            ? "Backups are encrypted with the practice's backup key. The website cannot open " +
              "them: only the secret key the practice keeps off the server can. Download gives " +
              "the encrypted file, as it is stored."
            : "Backups are not encrypted: keep a downloaded one as carefully as the inbox itself."}{" "}
        {setup.offServer
          ? "Each one is also copied to storage off the server."
          : "They are kept on this server only."}
      </p>
      <p className="mt-2">
        A download is for keeping a copy of your own, or for your developer to bring the website
        back after a loss. It is the whole database in one compressed file (its name ends in{" "}
        <code>.jsonl.gz</code>): every message, booking, sign-up, payment and page. It is not for
        reading: a spreadsheet cannot open it (to read messages, use Download CSV in the inbox).
        Your developer restores it with <code>npm run restore</code>; an encrypted one (ending in{" "}
        <code>.age</code>) needs the practice&apos;s backup key file as well.
      </p>
      {setup.problems.length > 0 && (
        <div role="alert" className="mt-4 rounded-xl border-2 border-clay-700 bg-clay-100 p-4">
          <p className="font-semibold">A backup setting needs your developer:</p>
          <ul className="mt-1 list-disc pl-5">
            {setup.problems.map((problem) => (
              <li key={problem}>{problem}.</li>
            ))}
          </ul>
        </div>
      )}
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
        {stepUp && <StepUpBanner stepUp={stepUp} />}
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
                <dd>{copied(b)}</dd>
                <dt>Encrypted</dt>
                <dd>{yesNo(b.encrypted)}</dd>
              </dl>
              <form method="post" action="/admin/backups/download" className="mt-3">
                <input type="hidden" name="name" value={b.name} />
                <button
                  type="submit"
                  className="min-h-11 rounded-xl border-2 border-teal-900 px-4 py-2 font-semibold text-teal-900"
                  aria-label={`Download the backup of ${formatWat(b.createdAt)}${b.encrypted ? " (encrypted)" : ""}`}
                >
                  Download
                </button>
                {b.encrypted && (
                  <p className="mt-1 text-sm text-muted">
                    Downloads encrypted; it opens only with the practice&apos;s backup key.
                  </p>
                )}
              </form>
              {setup.encrypted && !b.encrypted && (
                <form method="post" className="mt-3">
                  <p className="rounded-xl border-2 border-clay-700 bg-clay-100 p-3 text-sm">
                    <strong>Not encrypted:</strong> made before the backup key was set, so anyone
                    with this file can read everything in it. Once the encrypted backups cover the
                    days you need, delete it. (A copy off the server stays until the storage removes
                    it.)
                  </p>
                  <input type="hidden" name="intent" value="delete-unencrypted" />
                  <input type="hidden" name="name" value={b.name} />
                  <button
                    type="submit"
                    className="mt-2 min-h-11 rounded-xl border-2 border-clay-700 px-4 py-2 font-semibold text-clay-700"
                    aria-label={`Delete the unencrypted backup of ${formatWat(b.createdAt)}`}
                  >
                    Delete this unencrypted backup
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
