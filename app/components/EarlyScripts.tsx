import { createContext, useContext } from "react";

/**
 * This response's CSP nonce (app/entry.server.tsx), for the page's own inline script. A kept
 * page has none: its inline scripts are allowed by their hashes (server/http/pages/page-cache.ts).
 */
export const Nonce = createContext<string | undefined>(undefined);

/**
 * What every page does before its first layout, in <head> (docs/decisions/037). One script, so
 * one hash in every answer's headers; its text never changes between builds, and what does (the
 * small script's address) is an attribute.
 *
 * - **The headings' font only where the service worker keeps it.** Fraunces is put in front of
 *   the headings' fallback (app.css, `<html data-fraunces>`) only on a page the service worker
 *   answers, which holds the font from its install on (docs/decisions/018). A first view asks the
 *   network for nothing but the page before it paints, and never swaps a font: its headings are
 *   in the metric-matched fallback. A visitor saving data keeps the fallback everywhere.
 * - **The site's small script after the first paint** (app/enhance/): on a page with a largest
 *   picture (`fetchpriority="high"`), once that has come and been painted; on a words page, once
 *   the words are parsed and painted (two animation frames: the first layout of a page takes
 *   tens of milliseconds, and a script asked for at the end of parsing came before it). On a slow
 *   line it then never takes bandwidth from the page's words and first picture, and it is never
 *   part of what the first paint waits for. At once when the visitor touches, types or
 *   tabs before that; again when a try failed (offline), at the next touch or when the connection
 *   is back. A button pressed before the script came is pressed again for the visitor once it has,
 *   and a form sent offline before it came is held, not posted to the browser's error page, and
 *   sent by it (app/enhance/main.ts). Links work without it.
 * - **The web app manifest a second after the page has loaded and painted.** Chrome fetches a
 *   page's manifest and the icon it names (4 KB, at high priority) as soon as it sees the link, for
 *   an install prompt it offers only after the visitor has spent time on the site: on a slow line,
 *   next to the page's own words and pictures. A page read without JavaScript has no install
 *   prompt to offer anyway.
 */
const EARLY = `(function(d,w,n){var src=d.currentScript.dataset.src,done=0;if(n.serviceWorker&&n.serviceWorker.controller&&!(n.connection&&n.connection.saveData))d.documentElement.setAttribute("data-fraunces","");function later(f){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(f)})})}w.addEventListener("load",function(){later(function(){setTimeout(function(){if(!d.querySelector("link[rel=manifest]")){var l=d.createElement("link");l.rel="manifest";l.href="/site.webmanifest";d.head.appendChild(l)}},1000)})});if(!src)return;function go(){if(done)return;done=1;var s=d.createElement("script");s.type="module";s.src=src;s.fetchPriority="low";s.onerror=function(){done=0;s.remove()};d.head.appendChild(s)}function painted(){later(go)}function start(){var i=d.querySelector("img[fetchpriority=high]");if(!i||i.complete)painted();else{i.addEventListener("load",painted);i.addEventListener("error",painted)}}if(d.readyState=="loading")d.addEventListener("DOMContentLoaded",start);else start();w.addEventListener("load",painted);w.addEventListener("online",go);["pointerdown","keydown","focusin"].forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true})});d.addEventListener("click",function(e){var b=!w.siteEnhanced&&e.target.closest&&e.target.closest("button[type=button]");if(b)w.sitePressed=b},true);d.addEventListener("submit",function(e){if(!w.siteEnhanced&&!n.onLine){e.preventDefault();w.siteHeld=e.target;go()}},true)})(document,window,navigator)`;

export function EarlyScript({ smallScript }: { smallScript?: string }) {
  const nonce = useContext(Nonce);
  return (
    <script
      nonce={nonce}
      data-src={smallScript}
      // In the browser React keeps the script the server wrote; it never runs twice.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: EARLY }}
    />
  );
}
