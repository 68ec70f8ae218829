import type { StepUp } from "../services/auth";

/**
 * A step-up's answer as a page shows it (app/lib/admin/access.server.ts): a fresh link was mailed,
 * or (for an address with a passkey) one touch of it is asked for, or too many links were asked.
 */
export type StepUpNotice =
  | { kind: "sent"; email: string }
  | { kind: "passkey"; back: string }
  | { kind: "rate-limited"; minutes: number };

/** What a step-up answer says, for the page that shows it (role=alert). */
export function stepUpMessage(stepUp: StepUpNotice): string {
  switch (stepUp.kind) {
    case "sent":
      return (
        `For your safety this needs a sign-in from the last 15 minutes. We have e-mailed a fresh ` +
        `sign-in link to ${stepUp.email}: open it in this browser, then come back here and press ` +
        `the button again.`
      );
    case "passkey":
      return (
        "For your safety this needs a sign-in from the last 15 minutes. Confirm it is you with " +
        "your passkey (one touch, no e-mail), then press the button again."
      );
    case "rate-limited":
      return `Too many sign-in links were asked for. Please wait ${stepUp.minutes} minutes and try again.`;
  }
}

/** The query a download route sends its page back with when the step-up was not met. */
export function stepUpQuery(step: Exclude<StepUp, { status: "recent" }>): string {
  if (step.status === "rate-limited")
    return `stepup=rate-limited&minutes=${Math.ceil(step.retryAfterSeconds / 60)}`;
  return `stepup=${step.status}`;
}

/**
 * The notice of a page sent back by a download route (stepUpQuery), for `email` signed in on it;
 * `back` is where a passkey touch returns to: the page itself, without the notice.
 */
export function stepUpFromUrl(url: URL, email: string): StepUpNotice | undefined {
  const kind = url.searchParams.get("stepup");
  const back = new URL(url);
  back.searchParams.delete("stepup");
  back.searchParams.delete("minutes");
  if (kind === "sent") return { kind: "sent", email };
  if (kind === "passkey") return { kind: "passkey", back: `${back.pathname}${back.search}` };
  if (kind === "rate-limited" || kind === "wait") {
    const minutes = Number(url.searchParams.get("minutes"));
    return {
      kind: "rate-limited",
      minutes: Number.isInteger(minutes) && minutes > 0 && minutes <= 60 ? minutes : 15,
    };
  }
  return undefined;
}

/** The step-up's notice straight from its answer, for a page that needed it itself. */
export function stepUpNotice(
  step: Exclude<StepUp, { status: "recent" }>,
  back: string,
): StepUpNotice {
  if (step.status === "sent") return { kind: "sent", email: step.email };
  if (step.status === "passkey") return { kind: "passkey", back };
  return { kind: "rate-limited", minutes: Math.ceil(step.retryAfterSeconds / 60) };
}

/**
 * Where a passkey touch or a sign-in link may return to: a path of the editor on this site,
 * never another site ("//evil.ng", "/\\evil.ng") and never the sign-in form itself.
 */
export function safeBack(value: string | null | undefined): string {
  if (!value || value.length > 2000) return "/admin";
  if (!/^\/admin(?:[/?]|$)/.test(value) || /[\\\s]/.test(value)) return "/admin";
  if (/^\/admin\/(sign-in|sign-out|passkey-sign-in|confirm)(?:[/?]|$)/.test(value)) return "/admin";
  return value;
}
