import {
  type Consent,
  loadAnalytics,
  revokeAnalytics,
  sendPageView,
  storeConsent,
  storedConsent,
} from "~/lib/analytics";
import { targetOf } from "./disclosure";

/**
 * The analytics consent banner (components/ConsentBanner.tsx, written hidden into the page where
 * analytics is configured) and the page views it allows: shown while there is no choice, reopened
 * by the footer's "Cookie settings", and one page_view per page, on a load or a navigation by
 * React Router, only after Accept. Nothing is requested from Google before that.
 */
export function wireConsent(): void {
  const banner = () => document.getElementById("consent-banner");
  const measurementId = banner()?.dataset.measurementId;
  if (!measurementId) return;

  const count = () => {
    if (storedConsent() !== "granted") return;
    loadAnalytics(measurementId);
    sendPageView();
  };

  document.addEventListener("click", (event) => {
    const target = targetOf(event);
    const choice = target?.closest<HTMLElement>("[data-consent-choice]");
    if (choice) {
      const value = choice.dataset.consentChoice as Consent;
      storeConsent(value);
      if (value === "denied") revokeAnalytics();
      const shown = banner();
      if (shown) shown.hidden = true;
      count();
      return;
    }
    if (target?.closest("[data-consent-reopen]")) {
      const shown = banner();
      if (shown) shown.hidden = false;
    }
  });
  document.addEventListener("site:navigate", count);

  const shown = banner();
  if (shown && storedConsent() === null) shown.hidden = false;
  count();
}
