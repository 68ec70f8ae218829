import { useEffect, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import {
  type Consent,
  loadAnalytics,
  revokeAnalytics,
  sendPageView,
  storeConsent,
  storedConsent,
} from "~/lib/analytics";
import { closeConsent, isReopened, subscribeConsent } from "~/lib/consent-store";

/** The page last counted; kept outside the component, which React may mount again. */
let lastSent: string | null = null;

/** The banner's panel and the page views it allows (see ConsentBanner). */
export function ConsentPanel({ measurementId }: { measurementId: string }) {
  const consent = useSyncExternalStore(subscribeConsent, storedConsent, () => "unknown" as const);
  const isOpen = useSyncExternalStore(subscribeConsent, isReopened, () => false);
  const { pathname, search } = useLocation();

  // One page_view per path change, the first page included, only with consent.
  useEffect(() => {
    if (consent !== "granted") return;
    loadAnalytics(measurementId);
    const key = pathname + search;
    if (lastSent === key) return;
    lastSent = key;
    sendPageView();
  }, [consent, measurementId, pathname, search]);

  const choose = (value: Consent) => {
    storeConsent(value);
    if (value === "denied") revokeAnalytics();
    closeConsent();
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
