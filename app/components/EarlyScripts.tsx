import { createContext, useContext } from "react";

/**
 * This response's CSP nonce (app/entry.server.tsx), for the page's own inline script. A kept
 * page has none: its inline scripts are allowed by their hashes (server/page-cache.ts).
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
 * - **The site's small script after the page's load and its next paint** (app/enhance/), so that
 *   on a slow line it never takes bandwidth from the page's words and first picture, nor comes
 *   before the largest picture is painted (a second after the load at the latest, for a tab that
 *   does not paint); or at once when the visitor touches, types or tabs before that. A button
 *   pressed before the script came is pressed again for the visitor once it has
 *   (app/enhance/main.ts). Links and forms work without it.
 */
const EARLY = `(function(d,w,n){var src=d.currentScript.dataset.src,done=0;if(n.serviceWorker&&n.serviceWorker.controller&&!(n.connection&&n.connection.saveData))d.documentElement.setAttribute("data-fraunces","");if(!src)return;function go(){if(done)return;done=1;var s=d.createElement("script");s.type="module";s.src=src;s.fetchPriority="low";d.head.appendChild(s)}function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go)})});setTimeout(go,1000)}if(d.readyState=="complete")later();else w.addEventListener("load",later);["pointerdown","keydown","focusin"].forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true})});d.addEventListener("click",function(e){var b=!w.siteEnhanced&&e.target.closest&&e.target.closest("button[type=button]");if(b)w.sitePressed=b},true)})(document,window,navigator)`;

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
