import { Form } from "react-router";
import { formatWat } from "~/lib/admin/wat";
import type { EditorPasskey } from "~/lib/services/passkeys";
import { PasskeyAdd } from "./PasskeyAdd";

export type PasskeyRemoval = "removed" | "last" | "not-found";

/**
 * The editor's passkeys on /admin/account (docs/decisions/031): each with "Remove" (a plain form,
 * so it works without JavaScript), and the offer to set one up on this device.
 */
export function AccountPasskeys({
  passkeys,
  removal,
  recovery,
}: {
  passkeys: EditorPasskey[];
  removal?: PasskeyRemoval;
  recovery: boolean;
}) {
  return (
    <section aria-labelledby="passkeys" className="mt-8">
      <h2 id="passkeys" className="text-xl font-semibold">
        Your passkeys
      </h2>
      <div role="status" className="mt-2 min-h-6">
        {removal === "removed" && (
          <p className="font-semibold text-teal-900">
            Passkey removed. That device can no longer sign you in.
          </p>
        )}
        {removal === "not-found" && (
          <p className="font-semibold text-clay-700">
            That passkey was already removed. The list below is up to date.
          </p>
        )}
        {removal === "last" && (
          <p className="font-semibold text-clay-700">
            This is your only passkey, so it stays: set up a passkey on this device first, then
            remove the one you lost.
          </p>
        )}
      </div>
      {passkeys.length === 0 ? (
        <p className="mt-1 text-muted">
          None yet. You sign in with an e-mailed link, and you need a new one after 8 hours away.
        </p>
      ) : (
        <ul className="mt-2 space-y-3" aria-label="Passkeys">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-300 p-4"
            >
              <div>
                <p className="font-semibold">Passkey on {p.device}</p>
                <p className="text-sm text-muted">Set up {formatWat(p.createdAt)}</p>
                <p className="text-sm text-muted">
                  {p.lastUsedAt ? `Last used ${formatWat(p.lastUsedAt)}` : "Not used yet"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="passkey" value={p.id} />
                <button
                  type="submit"
                  className="btn-outline"
                  aria-label={`Remove the passkey on ${p.device}, set up ${formatWat(p.createdAt)}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <PasskeyAdd
        heading={
          recovery || passkeys.length > 0
            ? "Set up a passkey on this device"
            : "Sign in with this phone's fingerprint or face next time"
        }
      />
    </section>
  );
}
