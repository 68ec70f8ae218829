import { useState } from "react";
import { type PasskeySignInOutcome, signInWithPasskey } from "~/lib/admin/passkey-client";
import { formatWat } from "~/lib/admin/wat";
import { useHydrated } from "~/lib/use-hydrated";
import { PasskeyOutcome } from "./PasskeyOutcome";

/** What the person sees under the button after they pressed it. */
function message(
  outcome: PasskeySignInOutcome,
  linkBelow: boolean,
): { text: string; problem: boolean } {
  const instead = linkBelow
    ? "send yourself a sign-in link below"
    : "set up a passkey on this device below";
  switch (outcome.kind) {
    case "signed-in":
      return { text: "Signed in. Opening the editor…", problem: false };
    case "pending":
      return {
        text: `This passkey was set up with an e-mailed link alone, so it works only from ${formatWat(outcome.until)}. Until then, sign in with another passkey, or wait.`,
        problem: true,
      };
    case "cancelled":
      return {
        text: `No passkey was used. Press the button to try again, or ${instead}.`,
        problem: true,
      };
    case "refused":
      return {
        text: `That passkey was not accepted. If you removed it, or it was made for another website, ${instead}.`,
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
        text: linkBelow
          ? "This browser cannot use passkeys. Send yourself a sign-in link below instead."
          : "This browser cannot use passkeys. Please use a phone or computer where your passkey works.",
        problem: true,
      };
  }
}

/**
 * "Sign in with a passkey" (docs/decisions/031): the phone asks for the fingerprint, face or PIN,
 * and no e-mail is needed. It needs JavaScript, so without it the page says what to do instead.
 */
export function PasskeySignIn({
  afterSignIn = "/admin",
  linkBelow = true,
  heading = "Have a passkey?",
  buttonLabel = "Sign in with a passkey",
}: {
  afterSignIn?: string;
  /** the form that asks for a sign-in link is below it (not so in a recovery session) */
  linkBelow?: boolean;
  heading?: string;
  buttonLabel?: string;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PasskeySignInOutcome>();
  const shown = outcome && message(outcome, linkBelow);

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
        {heading}
      </h2>
      <p className="mt-1 text-muted">
        Sign in with your phone&apos;s fingerprint, face or PIN. No e-mail needed.
      </p>
      {/* Only where JavaScript is off (app.css, .nojs-only): never while the page is loading. */}
      <div className="nojs-only">
        <p className="mt-2">
          Passkeys need JavaScript. If no “Sign in with a passkey” button shows here, JavaScript is
          off: send yourself a sign-in link below. If you have set up a passkey, that link only lets
          you look after your passkeys; to edit, sign in with the passkey where JavaScript is on.
        </p>
      </div>
      <button
        type="button"
        className="btn-primary mt-3"
        hidden={!hydrated}
        disabled={busy}
        aria-describedby="passkey-sign-in-outcome"
        onClick={press}
      >
        {busy ? "Waiting for your passkey…" : buttonLabel}
      </button>
      <PasskeyOutcome id="passkey-sign-in-outcome" shown={shown} />
    </section>
  );
}
