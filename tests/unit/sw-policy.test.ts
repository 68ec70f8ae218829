import { describe, expect, it } from "vitest";
import {
  assetsImportedBy,
  assetsIn,
  isPicture,
  keepablePage,
  navigationTarget,
  pageKey,
  savedCopyNotice,
  withNotice,
  withoutScripts,
} from "~/lib/service-worker/policy";

const origin = "https://kindredhearts.ng";
const key = (path: string) => pageKey(new URL(path, origin), origin);

describe("which pages the service worker keeps", () => {
  it("keeps a page under its plain, lower-case address, tracking parameters dropped", () => {
    expect(key("/faq")).toBe(`${origin}/faq`);
    expect(key("/Contact")).toBe(`${origin}/contact`);
    expect(key("/hidden-thread/day-1?utm_source=whatsapp&fbclid=abc")).toBe(
      `${origin}/hidden-thread/day-1`,
    );
  });

  it("never keeps a query other than tracking, a personal page, another site or a non-page", () => {
    for (const path of [
      "/contact?sent=1",
      "/newsletter?subscribed=1",
      "/thank-you?ref=KH-123",
      "/newsletter/unsubscribe?token=abc",
      "/checkout",
      "/checkout?item=heal",
      "/thank-you",
      "/faq.data",
      "/_root.data?_routes=root",
      "/assets/app-123.css",
      "/__manifest?paths=/faq",
      "/sw.js",
    ])
      expect(key(path), path).toBeNull();
    expect(pageKey(new URL("https://evil.example/faq"), origin)).toBeNull();
  });

  it("keeps only whole, shareable HTML answers", () => {
    const answer = (status: number, headers: Record<string, string>, type = "basic") => ({
      status,
      type,
      headers: new Headers(headers),
    });
    expect(keepablePage(answer(200, { "content-type": "text/html; charset=utf-8" }))).toBe(true);
    expect(keepablePage(answer(404, { "content-type": "text/html" }))).toBe(false);
    expect(keepablePage(answer(200, { "content-type": "application/json" }))).toBe(false);
    expect(
      keepablePage(answer(200, { "content-type": "text/html", "cache-control": "no-store" })),
    ).toBe(false);
    expect(
      keepablePage(answer(200, { "content-type": "text/html", "cache-control": "private" })),
    ).toBe(false);
    expect(keepablePage(answer(200, { "content-type": "text/html" }, "opaqueredirect"))).toBe(
      false,
    );
  });
});

describe("offline navigation", () => {
  it("sends a failed data request to its page, without React Router's own parameters", () => {
    expect(navigationTarget(new URL(`${origin}/faq.data?_routes=root,routes/faq`))).toBe("/faq");
    expect(navigationTarget(new URL(`${origin}/_root.data`))).toBe("/");
    expect(navigationTarget(new URL(`${origin}/checkout.data?item=heal`))).toBe(
      "/checkout?item=heal",
    );
    expect(navigationTarget(new URL(`${origin}/assets/app.js`))).toBeNull();
  });

  it("finds the hashed assets a page points at", () => {
    const html = `<link rel="stylesheet" href="/assets/app-BK3bpMTe.css"><script type="module">import("/assets/entry.client-Ab_1.js")</script><link rel="modulepreload" href="/assets/app-BK3bpMTe.css">`;
    expect(assetsIn(html)).toEqual(["/assets/app-BK3bpMTe.css", "/assets/entry.client-Ab_1.js"]);
  });

  it("follows what a kept page's scripts import, so they still run offline two deploys later", () => {
    const enhance =
      'import{b as L}from"./chunk-LQ7KVI5O.js";import("./react-on-demand-337HUZAI.js").then(r=>r())';
    expect(assetsImportedBy(enhance)).toEqual([
      "/assets/chunk-LQ7KVI5O.js",
      "/assets/react-on-demand-337HUZAI.js",
    ]);
    const shell = "cl??=$c(()=>import(`./schemas-DD1pslqZ.js`))";
    expect(assetsImportedBy(shell)).toEqual(["/assets/schemas-DD1pslqZ.js"]);
    const manifest =
      'window.__reactRouterManifest={"entry":{"module":"/assets/entry.client-DlVUA9Ps.js","imports":["/assets/shell-CAMjmo81.js"]}}';
    expect(assetsImportedBy(manifest)).toEqual([
      "/assets/entry.client-DlVUA9Ps.js",
      "/assets/shell-CAMjmo81.js",
    ]);
    const css = "@font-face{src:url(/assets/fraunces-semibold-gt6tyab5.woff2)format(woff2)}";
    expect(assetsImportedBy(css)).toEqual(["/assets/fraunces-semibold-gt6tyab5.woff2"]);
  });

  it("puts the quiet line just before <main>, where hydration skips it", () => {
    const html = `<body><header>Nav</header><main id="main" tabindex="-1"><h1>FAQ</h1></main></body>`;
    const notice = savedCopyNotice("offline", "/faq", "Mon, 23 Nov 2026 10:00:00 GMT");
    const page = withNotice(html, notice);
    expect(page).toContain(`</header><aside aria-label="Saved copy"`);
    expect(page.indexOf("<aside")).toBeLessThan(page.indexOf("<main"));
    expect(notice).toContain("You are offline");
    expect(notice).toContain("saved on your device on Monday, 23 November.");
    expect(notice).toContain('href="/faq"');
    expect(notice).not.toMatch(/<script|style=/);
  });

  it("says when the copy is shown because the network is slow, and escapes the address", () => {
    const notice = savedCopyNotice("slow", `/faq?utm_source="><script>`, null);
    expect(notice).toContain("The connection is slow");
    expect(notice).not.toContain("<script>");
    expect(notice).toContain("saved on your device. It may be out of date.");
  });

  it("takes the scripts out of the offline page, which is shown at other addresses", () => {
    const html = `<head><link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" href="/assets/app.css"></head><body><main>Call us</main><script>window.__x=1</script><script type="module">import("/assets/b.js")</script></body>`;
    const page = withoutScripts(html);
    expect(page).not.toMatch(/<script|modulepreload/);
    expect(page).toContain('rel="stylesheet"');
    expect(page).toContain("Call us");
  });
});

describe("which files are kept as pictures", () => {
  it("shipped images, uploaded photos and the icons, nothing else", () => {
    expect(isPicture("/images/hero-1-640.avif")).toBe(true);
    expect(isPicture("/media/p-0123456789abcdef-1280x960-480.webp")).toBe(true);
    expect(isPicture("/favicon.ico")).toBe(true);
    expect(isPicture("/admin/media")).toBe(false);
    expect(isPicture("/assets/app-1234.js")).toBe(false);
    expect(isPicture("/hero.mp4")).toBe(false);
  });
});
