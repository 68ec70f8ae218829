import { useState } from "react";
import { type PasskeySignInOutcome, signInWithPasskey } from "~/lib/admin/passkey-client";
import { useHydrated } from "~/lib/use-hydrated";

/** What the person sees under the button after they pressed it. */
function message(outcome: PasskeySignInOutcome): { text: string; problem: boolean } {
  switch (outcome.kind) {
    case "signed-in":
      return { text: "Signed in. Opening the editor…", problem: false };
    case "cancelled":
      return {
        text: "No passkey was used. Press the button to try again, or send yourself a sign-in link below.",
        problem: true,
      };
    case "refused":
      return {
        text: "That passkey was not accepted. If you removed it, or it was made for another website, send yourself a sign-in link below.",
        problem: true,
      };
    case "rate-limited":
      return {
        text: `Too many sign-in tries. Please try again in ${outcome.minutes} ${outcome.minutes === 1 ? "minute" : "minutes"}.`,
        problem: true,
      };
    case "offline":
      return {
        text: "You are offline, or the website could not be reached. Check your connection and try again.",
        problem: true,
      };
    case "unsupported":
      return {
        text: "This browser cannot use passkeys. Send yourself a sign-in link below instead.",
        problem: true,
      };
  }
}

/**
 * "Sign in with a passkey" (docs/decisions/031): the phone asks for the fingerprint, face or PIN,
 * and no e-mail is needed. It needs JavaScript, so without it the page says what to do instead.
 */
export function PasskeySignIn({ afterSignIn = "/admin" }: { afterSignIn?: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PasskeySignInOutcome>();
  const shown = outcome && message(outcome);

  async function press() {
    setBusy(true);
    setOutcome(undefined);
    const result = await signInWithPasskey();
    setOutcome(result);
    if (result.kind === "signed-in") window.location.assign(afterSignIn);
    else setBusy(false);
  }

  return (
    <section
      aria-labelledby="passkey-sign-in"
      className="mt-6 rounded-2xl border border-slate-300 p-4"
    >
      <h2 id="passkey-sign-in" className="text-xl font-semibold">
        Have a passkey?
      </h2>
      <p className="mt-1 text-muted">
        Sign in with your phone&apos;s fingerprint, face or PIN. No e-mail needed.
      </p>
      <noscript>
        <p className="mt-2">
          Passkeys need JavaScript, which is off in this browser. Send yourself a sign-in link
          below. If you have set up a passkey, the link only lets you look after your passkeys: to
          edit, sign in with the passkey in a browser with JavaScript on.
        </p>
      </noscript>
      <button
        type="button"
        className="btn-primary mt-3"
        hidden={!hydrated}
        disabled={busy}
        aria-describedby="passkey-sign-in-outcome"
        onClick={press}
      >
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      <div id="passkey-sign-in-outcome" role="status" className="mt-3 min-h-6">
        {shown && (
          <p
            className={
              shown.problem ? "font-semibold text-clay-700" : "font-semibold text-teal-900"
            }
          >
            {shown.text}
          </p>
        )}
      </div>
    </section>
  );
}
