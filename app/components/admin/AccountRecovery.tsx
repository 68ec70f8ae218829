import { Form } from "react-router";
import { clearKeptDrafts } from "~/lib/admin/kept-draft";
import type { EditorPasskey } from "~/lib/services/passkeys";
import { AccountPasskeys, type PasskeyRemoval } from "./AccountPasskeys";
import { PasskeySignIn } from "./PasskeySignIn";

/**
 * /admin/account in a recovery session (docs/decisions/031): the editor has a passkey and signed
 * in with an e-mailed link, which alone does not open the editor. Here they set up a passkey on
 * this device, or remove one they lost, and then sign in with a passkey.
 */
export function AccountRecovery({
  email,
  passkeys,
  removal,
}: {
  email: string;
  passkeys: EditorPasskey[];
  removal?: PasskeyRemoval;
}) {
  return (
    <div className="container-page max-w-3xl py-8">
      <p className="eyebrow">Website editor</p>
      <h1 className="mt-2 text-3xl font-semibold">Look after your passkeys</h1>
      <p className="mt-2 break-all text-muted">
        Signed in with an e-mailed link as <span className="font-semibold text-ink">{email}</span>.
      </p>
      <div className="mt-4 rounded-2xl border-2 border-amber-700 bg-amber-50 p-4">
        <p className="font-semibold">
          You use a passkey, so the e-mailed link alone cannot open the editor.
        </p>
        <p className="mt-1">
          This keeps the website safe if someone else ever reads your e-mail. If you have your
          passkey, sign in with it below. If you lost the phone it was on, set up a passkey on this
          device: because only the link was used, it works after a day, and we e-mail you and tell
          your other signed-in devices, where it can be cancelled. Then sign in with it and remove
          the lost one. This page closes after 15 minutes.
        </p>
      </div>
      <PasskeySignIn linkBelow={false} />
      <AccountPasskeys passkeys={passkeys} removal={removal} recovery />
      <Form
        method="post"
        action="/admin/sign-out"
        reloadDocument
        onSubmit={clearKeptDrafts}
        className="mt-8"
      >
        <button type="submit" className="btn-outline">
          Sign out
        </button>
      </Form>
    </div>
  );
}
