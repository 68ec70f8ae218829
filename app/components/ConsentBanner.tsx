import { useEffect, useRef, useSyncExternalStore } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import {
  type Consent,
  loadAnalytics,
  revokeAnalytics,
  sendPageView,
  storeConsent,
  storedConsent,
} from "~/lib/analytics";

// The stored choice as an external store, so the banner and the footer button agree.
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
let reopened = false;
const notify = () => listeners.forEach((l) => l());

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
  return root?.gaMeasurementId ? <Banner measurementId={root.gaMeasurementId} /> : null;
}

function Banner({ measurementId }: { measurementId: string }) {
  const consent = useSyncExternalStore(subscribe, storedConsent, () => "unknown" as const);
  const isOpen = useSyncExternalStore(
    subscribe,
    () => reopened,
    () => false,
  );
  const { pathname, search } = useLocation();
  const lastSent = useRef<string | null>(null);

  // One page_view per path change, the first page included, only with consent.
  useEffect(() => {
    if (consent !== "granted") return;
    loadAnalytics(measurementId);
    const key = pathname + search;
    if (lastSent.current === key) return;
    lastSent.current = key;
    sendPageView();
  }, [consent, measurementId, pathname, search]);

  const choose = (value: Consent) => {
    storeConsent(value);
    if (value === "denied") revokeAnalytics();
    reopened = false;
    notify();
  };

  if (consent === "unknown" || (consent !== null && !isOpen)) return null;

  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-2 bottom-2 z-[90] mx-auto max-w-2xl rounded-2xl border border-linen bg-white p-5 shadow-xl sm:inset-x-4 sm:bottom-4"
    >
      <h2 id="consent-title" className="font-display text-xl font-semibold">
        May we count your visit?
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        With your permission we use Google Analytics to see which pages help people most. It sets
        cookies and shares visit data with Google. Nothing is loaded unless you accept, and you can
        change your mind at any time from the footer. See our{" "}
        <Link to="/privacy" className="font-semibold text-teal-800 underline">
          Privacy Policy
        </Link>
        .
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary flex-1" onClick={() => choose("granted")}>
          Accept analytics
        </button>
        <button type="button" className="btn-outline flex-1" onClick={() => choose("denied")}>
          Decline
        </button>
      </div>
    </section>
  );
}
