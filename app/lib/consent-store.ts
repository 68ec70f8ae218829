/**
 * Whether the analytics consent banner is showing, as an external store: the banner
 * (components/ConsentPanel.tsx) and the footer's "Cookie settings" button
 * (components/SiteFooter.tsx) agree through it. The stored choice itself is in lib/analytics.ts.
 */

const listeners = new Set<() => void>();
let reopened = false;
const notify = () => listeners.forEach((l) => l());

export const subscribeConsent = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether the visitor asked to see the banner again. */
export const isReopened = () => reopened;

/** The banner was answered: hide it until reopened, and tell everyone who listens. */
export function closeConsent() {
  reopened = false;
  notify();
}

/** Reopens the banner so the visitor can change their choice (footer "Cookie settings"). */
export function reopenConsent() {
  reopened = true;
  notify();
}
