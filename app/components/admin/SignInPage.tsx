import type { ReactNode } from "react";
import { PasskeySignIn } from "./PasskeySignIn";
import { SignInForm } from "./SignInForm";

export type SignInNotice =
  | { kind: "sent" }
  /** no mail to a new browser for a while: the same for every address (server/auth/links.ts) */
  | { kind: "held"; minutes: number }
  | { kind: "rate-limited"; minutes: number }
  | { kind: "invalid"; email: string; error: string };

/** /admin signed out: what the editor is, and the form that asks for a sign-in link. */
export function SignInPage({
  notice,
  passkeysOn = false,
}: {
  notice?: SignInNotice;
  /** the site can use passkeys (docs/decisions/031): "Sign in with a passkey" comes first */
  passkeysOn?: boolean;
}) {
  return (
    <AdminPanel heading="Sign in to edit the website">
      {notice?.kind === "sent" ? (
        <div role="status" className="mt-4 rounded-xl border border-teal-700 bg-teal-50 p-4">
          <p className="font-semibold text-teal-900">Check your e-mail.</p>
          <p className="mt-1">
            If this address may edit the website, a sign-in link is on its way. It works once, for
            10 minutes, and only in this browser: open it here.
          </p>
        </div>
      ) : notice?.kind === "held" ? (
        <div role="status" className="mt-4 rounded-xl border-2 border-amber-700 bg-amber-50 p-4">
          <p className="font-semibold">No e-mail was sent this time.</p>
          <p className="mt-1">
            Many sign-in links were asked for this address in the last hour, so to keep its inbox
            from filling up, none goes to a new browser for about {notice.minutes}{" "}
            {notice.minutes === 1 ? "minute" : "minutes"}. Please try again then, or ask from a
            phone or computer where you signed in before: it still gets its link at once.
          </p>
        </div>
      ) : (
        <p className="mt-4 text-lg leading-relaxed text-muted">
          Enter your e-mail address and we will send you a link to sign in. There is no password.
        </p>
      )}
      {passkeysOn && notice?.kind !== "sent" && <PasskeySignIn />}
      {notice?.kind === "rate-limited" && (
        <p role="alert" className="mt-4 font-semibold text-clay-700">
          Too many sign-in links were asked for. Please try again in {notice.minutes}{" "}
          {notice.minutes === 1 ? "minute" : "minutes"}.
        </p>
      )}
      <SignInForm
        email={notice?.kind === "invalid" ? notice.email : undefined}
        error={notice?.kind === "invalid" ? notice.error : undefined}
        submitLabel={notice?.kind === "sent" ? "Send another link" : "Send sign-in link"}
      />
    </AdminPanel>
  );
}

/** The narrow card every signed-out editor page sits in, at any width from 320 px. */
export function AdminPanel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <p className="eyebrow">Website editor</p>
      <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{heading}</h1>
      {children}
    </section>
  );
}
