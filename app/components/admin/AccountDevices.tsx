import { Form, Link } from "react-router";
import { clearKeptDrafts } from "~/lib/admin/kept-draft";
import { formatWat } from "~/lib/admin/wat";
import type { EditorDevice } from "~/lib/services/auth";
import type { EditorPasskey } from "~/lib/services/passkeys";
import { AccountPasskeys, type PasskeyRemoval } from "./AccountPasskeys";

/**
 * The phones and computers an editor is signed in on, with "Sign out" for each other one and
 * "Sign out everywhere" (this one too). The outcome of ending one shows above the list. Then the
 * editor's passkeys, when the site can use them (docs/decisions/031).
 */
export function AccountDevices({
  email,
  devices,
  outcome,
  passkeys,
  removal,
}: {
  email: string;
  devices: EditorDevice[];
  outcome?: "ended" | "not-ended";
  /** absent when passkeys cannot be used on this site (SITE_URL is an IP address) */
  passkeys?: EditorPasskey[];
  removal?: PasskeyRemoval;
}) {
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          All pages
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Your signed-in devices</h1>
      <p className="mt-1 break-all text-muted">
        Where <span className="font-semibold text-ink">{email}</span> is signed in now. If you do
        not know one, sign it out.
      </p>
      <div role="status" className="mt-4 min-h-6">
        {outcome === "ended" && (
          <p className="font-semibold text-teal-900">Signed out on that device.</p>
        )}
        {outcome === "not-ended" && (
          <p className="font-semibold text-clay-700">
            That device was already signed out. The list below is up to date.
          </p>
        )}
      </div>
      <ul className="mt-4 space-y-3" aria-label="Signed-in devices">
        {devices.map((d) => (
          <li
            key={d.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-300 p-4"
          >
            <div>
              <p className="font-semibold">
                {d.device}
                {d.current && <span className="text-teal-900"> (this device)</span>}
              </p>
              <p className="text-sm text-muted">Signed in {formatWat(d.signedInAt)}</p>
              <p className="text-sm text-muted">Last used {formatWat(d.lastSeenAt)}</p>
            </div>
            {!d.current && (
              <Form method="post">
                <input type="hidden" name="id" value={d.id} />
                <button
                  type="submit"
                  className="btn-outline"
                  aria-label={`Sign out ${d.device}, last used ${formatWat(d.lastSeenAt)}`}
                >
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {passkeys && <AccountPasskeys passkeys={passkeys} removal={removal} recovery={false} />}
      <section aria-labelledby="everywhere" className="mt-8">
        <h2 id="everywhere" className="text-xl font-semibold">
          Lost a phone?
        </h2>
        <p className="mt-1 text-muted">
          Sign out on every device at once, this one too. You can sign in again with a new link.
        </p>
        <Form method="post" reloadDocument onSubmit={clearKeptDrafts} className="mt-3">
          <input type="hidden" name="intent" value="end-all" />
          <button type="submit" className="btn-primary">
            Sign out everywhere
          </button>
        </Form>
      </section>
    </div>
  );
}
