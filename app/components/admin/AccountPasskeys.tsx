import { Form } from "react-router";
import { formatWat } from "~/lib/admin/wat";
import type { EditorPasskey, PasskeyRemoval } from "~/lib/services/passkeys";
import { PasskeyAdd } from "./PasskeyAdd";

export type { PasskeyRemoval };

/** What pressing "Remove" or "Cancel this passkey" did, in view next to the list. */
function removalMessage(removal: PasskeyRemoval): { text: string; problem: boolean } {
  switch (removal) {
    case "removed":
      return {
        text: "Passkey removed. That device can no longer sign you in. We e-mailed you about it.",
        problem: false,
      };
    case "cancelled":
      return {
        text: "Passkey cancelled. It will never sign in. We e-mailed you about it.",
        problem: false,
      };
    case "needs-passkey":
      return {
        text: "Nothing was removed. To remove a passkey, sign in with a passkey first: the e-mailed link alone cannot.",
        problem: true,
      };
    case "not-found":
      return {
        text: "That passkey was already removed. The list below is up to date.",
        problem: true,
      };
  }
}

/**
 * The editor's passkeys on /admin/account (docs/decisions/031, 040): each named by its device, when
 * it was set up and last used, with "Remove" (a plain form, so it works without JavaScript) in a
 * full session, "Cancel this passkey" on one that still waits, and the offer to set one up here.
 * A recovery session (the e-mailed link alone) removes nothing.
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
        {removal && (
          <p
            className={
              removalMessage(removal).problem
                ? "font-semibold text-clay-700"
                : "font-semibold text-teal-900"
            }
          >
            {removalMessage(removal).text}
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
                  {p.pendingUntil
                    ? `Waiting: works from ${formatWat(p.pendingUntil)}`
                    : p.lastUsedAt
                      ? `Last used ${formatWat(p.lastUsedAt)}`
                      : "Not used yet"}
                </p>
              </div>
              {!recovery && (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-passkey" />
                  <input type="hidden" name="passkey" value={p.id} />
                  <button
                    type="submit"
                    className="btn-outline"
                    aria-label={
                      p.pendingUntil
                        ? `Cancel this passkey: the new one on ${p.device}, set up ${formatWat(p.createdAt)}`
                        : `Remove the passkey on ${p.device}, set up ${formatWat(p.createdAt)}`
                    }
                  >
                    {p.pendingUntil ? "Cancel this passkey" : "Remove"}
                  </button>
                </Form>
              )}
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
