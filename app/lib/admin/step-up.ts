/** A step-up's answer (app/lib/admin/access.server.ts, requireRecentSignIn). */
export type StepUpNotice =
  { kind: "sent"; email: string } | { kind: "rate-limited"; minutes: number };

/** What a step-up answer says, for the page that shows it (role=alert). */
export function stepUpMessage(stepUp: StepUpNotice): string {
  return stepUp.kind === "sent"
    ? `For your safety this needs a sign-in from the last 15 minutes. We have e-mailed a fresh ` +
        `sign-in link to ${stepUp.email}: open it in this browser, then come back here and press ` +
        `the button again.`
    : `Too many sign-in links were asked for. Please wait ${stepUp.minutes} minutes and try again.`;
}
