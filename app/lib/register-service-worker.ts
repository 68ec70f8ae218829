import { savingData } from "./device-preferences";

/**
 * Installs the service worker (/sw.js, docs/decisions/018-service-worker.md) once the page has
 * loaded and the browser is idle, so it never competes with the first view. Plain TypeScript, no
 * React: the site's small script (app/enhance/main.ts), which every page runs, calls it.
 */
export function registerServiceWorker(): void {
  // Vite's development server has no /sw.js; a bundle built without Vite has no import.meta.env.
  if (import.meta.env?.DEV || !("serviceWorker" in navigator)) return;
  const register = () => {
    // The page tells the worker about Save-Data in its address: the worker then keeps only what
    // the visitor read (a change of setting installs it again under the other address).
    const url = savingData() ? "/sw.js?save-data=1" : "/sw.js";
    navigator.serviceWorker.register(url, { scope: "/", updateViaCache: "none" }).catch(() => {
      // Unsupported or refused (private mode): the site works as before, online only.
    });
  };
  const whenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
