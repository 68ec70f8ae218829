/**
 * Google Analytics 4 with Consent Mode v2, loaded only after the visitor accepts. Until then
 * nothing is requested from Google. One page_view per path change, sent by hand
 * (send_page_view is off) so client-side navigations count too. Used by app/enhance/consent.ts,
 * the one place that decides when (docs/decisions/017).
 */
import { TRACKING_PARAM } from "./tracking-params";

export const CONSENT_KEY = "analytics-consent";
export type Consent = "granted" | "denied";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function storedConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === "granted" || value === "denied" ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(value: Consent) {
  try {
    window.localStorage.setItem(CONSENT_KEY, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

let loadedFor: string | null = null;
/** The address last counted, so that one page load is one page view. */
let lastSent: string | null = null;

/** Loads gtag.js once, with every kind of storage denied except analytics, which was granted. */
export function loadAnalytics(measurementId: string) {
  if (loadedFor === measurementId) return;
  loadedFor = measurementId;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as Google's snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
  });
  window.gtag("consent", "update", { analytics_storage: "granted" });
  window.gtag("js", new Date());
  window.gtag("config", measurementId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/** Withdrawing consent: tell gtag (if loaded) and stop sending. */
export function revokeAnalytics() {
  window.gtag?.("consent", "update", { analytics_storage: "denied" });
}

/**
 * An address as Google may see it: no query but tracking parameters, no fragment. A query can be
 * about one person (an unsubscribe token, which lets anyone unsubscribe them; a payment reference).
 */
export function measuredAddress(href: string): string {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  for (const name of [...params.keys()]) if (!TRACKING_PARAM.test(name)) params.delete(name);
  url.search = params.toString();
  url.hash = "";
  return url.href;
}

/** Counts the page shown now, unless it was the last one counted. */
export function sendPageView() {
  const key = window.location.pathname + window.location.search;
  if (!window.gtag || key === lastSent) return;
  lastSent = key;
  const page_location = measuredAddress(window.location.href);
  // gtag.js would otherwise read the full addresses itself for this and every later hit.
  window.gtag("set", {
    page_location,
    page_referrer: document.referrer ? measuredAddress(document.referrer) : "",
  });
  window.gtag("event", "page_view", { page_location, page_title: document.title });
}
