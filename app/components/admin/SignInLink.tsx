import { Form, Link } from "react-router";
import type { LinkState } from "~/lib/services/auth";
import { PasskeySignIn } from "./PasskeySignIn";
import { SignInForm } from "./SignInForm";
import { AdminPanel } from "./SignInPage";

/**
 * An e-mailed sign-in link, opened. Opening it changes nothing (mail scanners open links too):
 * the "Sign in" button's post uses it up.
 */
export function SignInLink({
  state,
  token,
  passkeysOn = false,
}: {
  state: LinkState;
  token: string;
  passkeysOn?: boolean;
}) {
  if (state.status === "valid") {
    return (
      <AdminPanel heading="Sign in to edit the website">
        <p className="mt-4 text-lg leading-relaxed text-muted">
          Press the button to sign in on this device.
        </p>
        <Form method="post" action="/admin/sign-in" className="mt-6" data-link-state="valid">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary">
            Sign in
          </button>
        </Form>
      </AdminPanel>
    );
  }
  if (state.status === "other-browser") {
    return (
      <AdminPanel heading="This link was asked for in another browser">
        <p className="mt-4 text-lg leading-relaxed text-muted" data-link-state="other-browser">
          For your safety, a sign-in link works only in the browser where it was asked for. To sign
          in here, send a new link to this browser and open it here.
        </p>
        {passkeysOn && <PasskeySignIn />}
        {/* No address here: whoever opened the link in this browser may not be the editor. */}
        <SignInForm submitLabel="Send a new link to this browser" />
      </AdminPanel>
    );
  }
  return (
    <AdminPanel heading="This sign-in link no longer works">
      <p className="mt-4 text-lg leading-relaxed text-muted" data-link-state="invalid">
        It has been used already, or more than 10 minutes have passed, or it was copied
        incompletely. Ask for a new one.
      </p>
      {passkeysOn && <PasskeySignIn />}
      <Link to="/admin" className="btn-primary mt-6">
        Get a new sign-in link
      </Link>
    </AdminPanel>
  );
}
