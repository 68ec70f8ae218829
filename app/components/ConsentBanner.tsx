import { Suspense, lazy } from "react";
import { useRouteLoaderData } from "react-router";

// The banner itself (and the analytics code) is downloaded only where analytics is configured.
const Banner = lazy(() => import("./ConsentPanel").then((m) => ({ default: m.ConsentPanel })));

// The stored choice as an external store, so the banner and the footer button agree.
const listeners = new Set<() => void>();
export const subscribeConsent = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
let reopened = false;
const notify = () => listeners.forEach((l) => l());

/** Whether the visitor asked to see the banner again. */
export const isReopened = () => reopened;

/** The banner was answered: hide it until reopened, and tell everyone who listens. */
export function closeConsent() {
  reopened = false;
  notify();
}

/** True when analytics is configured (the footer shows "Cookie settings" then). */
export function useAnalyticsConfigured(): boolean {
  return Boolean(useRouteLoaderData<{ gaMeasurementId?: string }>("root")?.gaMeasurementId);
}

/** Reopens the banner so the visitor can change their choice (footer "Cookie settings"). */
export function reopenConsent() {
  reopened = true;
  notify();
}

/**
 * The analytics consent banner: Accept and Decline, equally easy; the choice is remembered and
 * can be changed from the footer. Rendered only in the browser and only when analytics exists.
 */
export function ConsentBanner() {
  const root = useRouteLoaderData<{ gaMeasurementId?: string }>("root");
  if (!root?.gaMeasurementId) return null;
  return (
    <Suspense fallback={null}>
      <Banner measurementId={root.gaMeasurementId} />
    </Suspense>
  );
}
