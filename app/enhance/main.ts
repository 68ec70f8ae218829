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
import { reactOnDemand } from "./react-on-demand";

/** SPEC.md: the missing path is logged to the console (components on the 404 page mark it). */
function logNotFound() {
  if (document.querySelector("[data-not-found]"))
    console.warn("404: no page at", window.location.pathname);
}

/** Runs `task` once the page has loaded and the main thread is free: never before first paint. */
export function whenIdle(task: () => void): void {
  const run = () =>
    "requestIdleCallback" in window ? requestIdleCallback(() => task()) : setTimeout(task, 1);
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
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

whenIdle(() => {
  // service worker registration is wired here
});
