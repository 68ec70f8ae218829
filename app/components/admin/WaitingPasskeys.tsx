import { Form } from "react-router";
import { formatWat } from "~/lib/admin/wat";
import type { EditorPasskey } from "~/lib/services/passkeys";

/**
 * Passkeys set up from an e-mailed link alone, which sign in only after a day (docs/decisions/040),
 * told to every full session where it lands, each with "Cancel this passkey" (a plain form). The
 * words match the mail the address was sent.
 */
export function WaitingPasskeys({ passkeys }: { passkeys: EditorPasskey[] }) {
  if (passkeys.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-passkeys"
      className="mt-8 rounded-2xl border-2 border-amber-700 bg-amber-50 p-4"
    >
      <h2 id="waiting-passkeys" className="text-xl font-semibold">
        {passkeys.length === 1
          ? "A new passkey waits to be added"
          : `${passkeys.length} new passkeys wait to be added`}
      </h2>
      <p className="mt-1">
        Someone signed in with an e-mailed link and set up a new passkey. Because the link alone was
        used, it works only after a day. If this was not you, someone can read your e-mail: cancel
        it, then change your e-mail password and tell whoever runs the website.
      </p>
      <ul className="mt-3 space-y-3" aria-label="Waiting passkeys">
        {passkeys.map((p) => (
          <li key={p.id} className="rounded-xl border border-amber-700 bg-white p-3">
            <p className="font-semibold">New passkey on {p.device}</p>
            <p className="text-sm">Set up {formatWat(p.createdAt)}</p>
            <p className="text-sm">Works from {formatWat(p.pendingUntil!)}</p>
            <Form method="post" action="/admin/account" className="mt-2">
              <input type="hidden" name="intent" value="remove-passkey" />
              <input type="hidden" name="passkey" value={p.id} />
              <button
                type="submit"
                className="btn-outline"
                aria-label={`Cancel this passkey: the new one on ${p.device}, set up ${formatWat(p.createdAt)}`}
              >
                Cancel this passkey
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
