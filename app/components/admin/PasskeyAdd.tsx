import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatWat } from "~/lib/admin/wat";
import { type PasskeyAddOutcome, addPasskey } from "~/lib/admin/passkey-client";
import { useHydrated } from "~/lib/use-hydrated";
import { PasskeyOutcome } from "./PasskeyOutcome";

function message(outcome: PasskeyAddOutcome): { text: string; problem: boolean } {
  switch (outcome.kind) {
    case "added":
      if (outcome.pendingUntil)
        return {
          text: `Passkey set up. Because you signed in with the e-mailed link alone, it works only from ${formatWat(outcome.pendingUntil)}. We e-mailed you about it, and your other signed-in devices can cancel it.`,
          problem: false,
        };
      return {
        text: "Passkey set up. Next time, press “Sign in with a passkey” on the sign-in page: no e-mail needed.",
        problem: false,
      };
    case "cancelled":
      return {
        text: "No passkey was set up. Press the button to try again when you are ready.",
        problem: true,
      };
    case "already":
      return {
        text: "This device already has a passkey for you. You can use it to sign in.",
        problem: false,
      };
    case "refused":
      return {
        text: "The passkey could not be set up. Please try again; if it keeps failing, use the e-mailed link as before.",
        problem: true,
      };
    case "signed-out":
      return {
        text: "You were signed out, so no passkey was set up. Sign in again, then set it up.",
        problem: true,
      };
    case "offline":
      return {
        text: "You are offline, or the website could not be reached. Check your connection and try again.",
        problem: true,
      };
    case "unsupported":
      return {
        text: "This browser cannot make passkeys. Keep signing in with the e-mailed link, or try on your phone.",
        problem: true,
      };
  }
}

/**
 * The offer to set up a passkey on this device (docs/decisions/031), in plain words. Shown after a
 * sign-in by link and on /admin/account. The outcome stays next to the button.
 */
export function PasskeyAdd({
  heading = "Sign in with this phone's fingerprint or face next time",
  buttonLabel = "Set up a passkey",
  reload = true,
}: {
  heading?: string;
  buttonLabel?: string;
  /** reload the page's data once a passkey is kept (a list of passkeys shows it) */
  reload?: boolean;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PasskeyAddOutcome>();
  const shown = outcome && message(outcome);

  async function press() {
    setBusy(true);
    setOutcome(undefined);
    const result = await addPasskey();
    setOutcome(result);
    setBusy(false);
    if (result.kind === "added" && reload) await revalidator.revalidate();
  }

  return (
    <section
      aria-labelledby="passkey-add"
      className="mt-8 rounded-2xl border-2 border-teal-700 bg-teal-50 p-4"
    >
      <h2 id="passkey-add" className="text-xl font-semibold">
        {heading}
      </h2>
      <p className="mt-1">
        A passkey lets this device sign you in with your fingerprint, face or screen lock, without
        waiting for an e-mail. Nothing of your fingerprint or face is sent to the website.
      </p>
      {/* Only where JavaScript is off (app.css, .nojs-only): never while the page is loading. */}
      <div className="nojs-only">
        <p className="mt-2 font-semibold">
          Setting up a passkey needs JavaScript. If no “{buttonLabel}” button shows here, JavaScript
          is off in this browser: turn it on, or use another phone or computer.
        </p>
      </div>
      <button
        type="button"
        className="btn-primary mt-3"
        hidden={!hydrated}
        disabled={busy}
        aria-describedby="passkey-add-outcome"
        onClick={press}
      >
        {busy ? "Waiting for your device…" : buttonLabel}
      </button>
      <PasskeyOutcome id="passkey-add-outcome" shown={shown} />
    </section>
  );
}
