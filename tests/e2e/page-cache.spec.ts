import { createHash } from "node:crypto";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";

/** The page's inline scripts, with whether each is a data block (not script: no hash). */
function inlineScripts(html: string): { body: string; data: boolean }[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi)].map(
    ([, attrs, body]) => ({
      body: body ?? "",
      // data blocks, which no browser runs: JSON-LD, and the marker where hydration data was
      data: /application\/ld\+json|text\/x-hydration-data/i.test(attrs ?? ""),
    }),
  );
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test.describe("pages served from memory", () => {
  test("a sitemap page is the same bytes each time, with a weak ETag that answers 304", async ({
    request,
  }) => {
    const first = await request.get("/faq");
    const second = await request.get("/faq");
    expect(first.status()).toBe(200);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers()["etag"]).toBe(etag);
    expect(await second.text()).toBe(await first.text());
    expect(first.headers()["vary"]).toContain("Accept-Encoding");

    const revalidated = await request.get("/faq", { headers: { "If-None-Match": etag! } });
    expect(revalidated.status()).toBe(304);
    expect(await revalidated.body()).toHaveLength(0);
    const other = await request.get("/faq", { headers: { "If-None-Match": 'W/"stale"' } });
    expect(other.status()).toBe(200);
  });

  test("HEAD answers with the page's headers and no body", async ({ request }) => {
    const get = await request.get("/services");
    const head = await request.head("/services");
    expect(head.status()).toBe(200);
    expect(head.headers()["etag"]).toBe(get.headers()["etag"]);
    expect(head.headers()["content-type"]).toContain("text/html");
    expect(await head.body()).toHaveLength(0);
  });

  test("precompressed variants are sent for brotli, gzip and neither", async ({ request }) => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const response = await request.get("/about", { headers: { "Accept-Encoding": accept } });
      expect(response.headers()["content-encoding"], accept).toBe(encoding);
      expect(await response.text()).toContain("</html>");
    }
  });

  test("an encoding refused with q=0 is never sent, for pages and for files", async ({
    request,
  }) => {
    const asset = /\/assets\/[^"]+\.js/.exec(await (await request.get("/about")).text())![0];
    for (const path of ["/about", asset]) {
      for (const [accept, encoding] of [
        ["gzip, br;q=0", "gzip"],
        ["br;q=0, gzip;q=0", undefined],
        ["gzip;q=0.5, br;q=0.4", "gzip"],
        ["gzip, deflate, br", "br"],
      ] as const) {
        const response = await request.get(path, { headers: { "Accept-Encoding": accept } });
        expect(response.headers()["content-encoding"], `${path} ${accept}`).toBe(encoding);
      }
    }
  });

  test("a cached page sends no nonce; its CSP allows exactly the scripts it runs by hash, never its JSON-LD, and forbids <base>", async ({
    request,
  }) => {
    for (const path of ["/", "/book", "/faq", "/testimonials", "/hidden-thread/day-2"]) {
      const response = await request.get(path);
      const html = await response.text();
      const csp = response.headers()["content-security-policy"] ?? "";
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc, path).not.toContain("nonce-");
      expect(html, path).not.toContain("nonce=");
      // Issue 29, L5: no page may set a <base>.
      expect(csp, path).toContain("base-uri 'none'");
      const scripts = inlineScripts(html);
      const data = scripts.filter((s) => s.data);
      expect(data.length, `${path} has JSON-LD or a data reference`).toBeGreaterThan(0);
      // JSON-LD is data made from editor text: hashing it would let an injection there run (L5).
      for (const { body } of data) expect(scriptSrc, path).not.toContain(sha256(body));
      // React Router's context and module scripts come with the page's data, to be put back by
      // the small script: the CSP allows them too (docs/decisions/037).
      const runs = scripts.filter((s) => !s.data && s.body !== "").map((s) => s.body);
      const id = /data-id="([\w-]{22})"/.exec(html)?.[1];
      if (id) {
        const { boot } = (await (await request.get(`${path}?hydration=${id}`)).json()) as {
          boot: { context: string; module: string };
        };
        expect(boot.module, path).toContain("window.__reactRouterManifest");
        expect(html, path).not.toContain("window.__reactRouterManifest");
        runs.push(boot.context, boot.module);
      }
      // Nothing else: every hash is 55 bytes of the answer's first flight (docs/decisions/037).
      expect(scriptSrc.match(/'sha256-/g), path).toHaveLength(new Set(runs).size);
      for (const body of runs) expect(scriptSrc, path).toContain(sha256(body));
      for (const header of ["x-content-type-options", "referrer-policy", "permissions-policy"])
        expect(response.headers()[header], `${path} ${header}`).toBeTruthy();
    }
  });

  test("a cached page runs in the browser without a CSP violation", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/faq");
    await page.getByRole("button", { name: /first session/i }).click();
    await expect(page.getByRole("region").first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("tracking parameters get the cached page; any other query renders per request", async ({
    request,
  }) => {
    const cached = await request.get("/hidden-thread/day-1");
    const shared = await request.get("/hidden-thread/day-1?utm_source=whatsapp&fbclid=abc");
    expect(shared.headers()["etag"]).toBe(cached.headers()["etag"]);
    const other = await request.get("/hidden-thread/day-1?preview=1");
    expect(other.status()).toBe(200);
    expect(other.headers()["etag"]).toBeUndefined();
    expect(other.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  });

  test("request-dependent pages render per request with their own status", async ({ request }) => {
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    const checkout = await request.get("/checkout?item=happier-marriage");
    expect(checkout.status()).toBe(200);
    expect(await checkout.text()).toContain("124,990");
    for (const response of [missing, checkout]) {
      expect(response.headers()["etag"]).toBeUndefined();
      expect(response.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    }
  });
});

test("a client that dribbles its headers is cut off within 30 s", async () => {
  test.setTimeout(60_000);
  const { port } = new URL(baseURL);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const started = Date.now();
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.on("error", () => {});
  socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n");
  // One header byte a second: each arrives well inside any idle time-out.
  const drip = setInterval(() => socket.write("X"), 1000);
  await closed;
  clearInterval(drip);
  expect(Date.now() - started).toBeLessThan(30_000);
});
