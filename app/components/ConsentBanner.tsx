import { Link, useRouteLoaderData } from "react-router";

/** True when analytics is configured (the footer shows "Cookie settings" then). */
export function useAnalyticsConfigured(): boolean {
  return Boolean(useRouteLoaderData<{ gaMeasurementId?: string }>("root")?.gaMeasurementId);
}

/**
 * The analytics consent banner: Accept and Decline, equally easy; the choice is remembered and
 * can be changed from the footer. Written hidden into every page where analytics is configured;
 * app/enhance/consent.ts shows it while there is no choice yet, and loads analytics only after
 * Accept (docs/decisions/017). Without JavaScript it stays hidden: nothing could be counted.
 */
export function ConsentBanner() {
  const measurementId = useRouteLoaderData<{ gaMeasurementId?: string }>("root")?.gaMeasurementId;
  if (!measurementId) return null;
  return (
    <section
      id="consent-banner"
      hidden
      data-measurement-id={measurementId}
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
        <button type="button" data-consent-choice="granted" className="btn-secondary flex-1">
          Accept analytics
        </button>
        <button type="button" data-consent-choice="denied" className="btn-outline flex-1">
          Decline
        </button>
      </div>
    </section>
  );
}
