/**
 * The site's small script, on every page (docs/decisions/017; built by scripts/build-enhance.ts).
 * It owns what needs no framework: the menus and dropdowns, the FAQ accordion, the scrolled bar,
 * the consent banner and analytics. On a words-only page (`<html data-react="on-demand">`) it
 * also starts React when a form is used, and marks the page ready for the tests
 * (`data-hydrated="true"`), as React does on the pages it hydrates.
 */
import { wireAccordions } from "./accordion";
import { targetOf } from "./disclosure";
import { wireHeader } from "./header";
import { wireMenus } from "./menus";
import { loadPart } from "./parts";
import { reactOnDemand } from "./react-on-demand";
import { registerServiceWorker } from "../lib/register-service-worker";

declare global {
  interface Window {
    /** set here: from now on a button press reaches its handler (app/components/EarlyScripts.tsx) */
    siteEnhanced?: boolean;
    /** the last button pressed before this script came, set by the page's early script */
    sitePressed?: HTMLButtonElement;
    /** a form sent offline before this script came, held by the page's early script */
    siteHeld?: HTMLFormElement;
  }
}
window.siteEnhanced = true;

/** SPEC.md: the missing path is logged to the console (components on the 404 page mark it). */
function logNotFound() {
  if (document.querySelector("[data-not-found]"))
    console.warn("404: no page at", window.location.pathname);
}

wireHeader();
wireMenus();
wireAccordions();
logNotFound();
document.addEventListener("site:navigate", logNotFound);

// The consent banner and React on demand come as their own small files, only to the pages that
// have them: a page that runs React (the home page among them) stays inside its JavaScript budget.
const consent = document.getElementById("consent-banner")?.dataset.measurementId
  ? loadPart("consent").then((part) => part.wireConsent())
  : null;

// The sliders, tabs and videos of the home and services pages, also as their own file; a page
// React renders later (after a form started it) may bring them too.
const WIDGETS =
  "[data-carousel], [role='tablist'], [data-service-dialog], [data-video], [data-hero-video]";
let widgets: Promise<void> | null = null;
const loadWidgets = () => {
  if (widgets || !document.querySelector(WIDGETS)) return;
  widgets = loadPart("widgets").then((module) => module.wireWidgets());
};
loadWidgets();
document.addEventListener("site:navigate", loadWidgets);

// "Open now" on the contact page, kept current.
if (document.querySelector("[data-open-now]"))
  void loadPart("open-now").then((openNow) => openNow.wireOpenNow());

// A booking's times in the visitor's own time too, where their clock is not Lagos's.
if (document.querySelector("[data-local-time]"))
  void loadPart("local-times").then((times) => times.wireLocalTimes());

// Forms are wired with this script itself, never behind the widgets: decoration that failed to
// arrive must not leave a form to post offline to the browser's error page. Their code is part of
// this script's own file (every words-only page has the footer's sign-up); until it has come, the
// page's early script holds a form sent offline (docs/decisions/037). The page is marked ready
// (for the tests) once the widgets have come or failed too.
const root = document.documentElement;
if (root.dataset.react === "on-demand") {
  reactOnDemand();
  // Sent again now that its sending is this script's: held, kept and sent once the line is back.
  const held = window.siteHeld;
  window.siteHeld = undefined;
  if (held?.isConnected) held.requestSubmit();
  void Promise.allSettled([widgets, consent]).then(() => {
    root.dataset.hydrated = "true";
  });
}

// A button pressed while this script was on its way is pressed again, now that it does something
// (the page fetches this script once it has painted, docs/decisions/037), once the parts that wire
// buttons have come too; so is a button of a part pressed after this script but before its part
// (the sliders' and tabs' buttons, the footer's "Cookie settings"). A button this script wires
// itself (the menus) already works, and is not pressed twice.
let partsHere = false;
const PART_BUTTONS = `${WIDGETS}, [data-consent-reopen]`;
document.addEventListener(
  "click",
  (event) => {
    // The same buttons the page's early script records before this script came.
    const button = partsHere
      ? null
      : targetOf(event)?.closest<HTMLButtonElement>("button[type=button]");
    if (button?.closest(PART_BUTTONS)) window.sitePressed = button;
  },
  true,
);
void Promise.allSettled([widgets, consent]).then(() => {
  partsHere = true;
  const pressed = window.sitePressed;
  window.sitePressed = undefined;
  if (pressed?.isConnected) pressed.click();
});

// Every page runs this script, so the service worker (docs/decisions/018) is registered here,
// once the page has loaded and the browser is idle.
registerServiceWorker();
