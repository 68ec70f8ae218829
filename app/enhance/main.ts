/**
 * The site's small script, on every page (docs/decisions/017; built by scripts/build-enhance.ts).
 * It owns what needs no framework: the menus and dropdowns, the FAQ accordion, the scrolled bar,
 * the consent banner and analytics. On a words-only page (`<html data-react="on-demand">`) it
 * also starts React when a form is used, and marks the page ready for the tests
 * (`data-hydrated="true"`), as React does on the pages it hydrates.
 */
import { wireAccordions } from "./accordion";
import { wireConsent } from "./consent";
import { wireHeader } from "./header";
import { wireMenus } from "./menus";
import { registerServiceWorker } from "../lib/register-service-worker";
import { reactOnDemand } from "./react-on-demand";

/** SPEC.md: the missing path is logged to the console (components on the 404 page mark it). */
function logNotFound() {
  if (document.querySelector("[data-not-found]"))
    console.warn("404: no page at", window.location.pathname);
}

wireHeader();
wireMenus();
wireAccordions();
wireConsent();
logNotFound();
document.addEventListener("site:navigate", logNotFound);

const root = document.documentElement;
if (root.dataset.react === "on-demand") {
  reactOnDemand();
  root.dataset.hydrated = "true";
}

// Every page runs this script, so the service worker (docs/decisions/018) is registered here,
// once the page has loaded and the browser is idle.
registerServiceWorker();
