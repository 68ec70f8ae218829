import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";

/** GET with the path sent exactly as written, backslashes included. */
function rawGet(baseURL: string, path: string): Promise<{ status: number; location?: string }> {
  const base = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, path }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

test.describe("the server", () => {
  test("unknown paths answer 404 with the not-found page", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (m) => warnings.push(m.text()));
    const response = await page.goto("/no-such-page?secret=1");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Oops! Page not found" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(warnings.some((w) => w.includes("/no-such-page"))).toBe(true);
  });

  test("an unknown story answers 404 with 'Story not found.'", async ({ request }) => {
    const response = await request.get("/hidden-thread/day-99");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Story not found.");
  });

  test("a thrown error shows the error page inside the shell with status 500", async ({ page }) => {
    const response = await page.goto("/test?error=1");
    expect(response?.status()).toBe(500);
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByText("500 Internal Server Error")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });

  test("the lower-casing redirect keeps percent-escapes as they are", async ({ request }) => {
    for (const [path, location] of [
      ["/About%2F", "/about%2F"],
      ["/About%2f?x=%2F", "/about%2f?x=%2F"],
      ["/Dating-Tips%C3%A9", "/dating-tips%C3%A9"],
    ]) {
      const response = await request.get(path!, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()["location"], path).toBe(location);
    }
    // Already lower case apart from its escapes: no redirect at all.
    const lower = await request.get("/about%2F", { maxRedirects: 0 });
    expect(lower.status()).not.toBe(301);
  });

  test("a path with a backslash is a 404, never a redirect (browsers read /\\ as //)", async ({
    baseURL,
  }) => {
    // A raw request: browsers and fetch turn "\\" into "/" before sending.
    for (const path of ["/About\\Evil.example", "/\\Evil.example/Path"]) {
      const answer = await rawGet(baseURL!, path);
      expect(answer.status, path).toBe(404);
      expect(answer.location, path).toBeUndefined();
    }
  });

  test("/Contact lands on the contact page", async ({ page, request }) => {
    const response = await request.get("/Contact", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/contact");
    await page.goto("/Contact");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test("a capitalised path never redirects off-site", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}//Evil.example/x`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/evil.example/x");
  });

  test("security headers are on every response", async ({ request }) => {
    for (const path of ["/", "/no-such-page", "/sitemap.xml", "/healthz"]) {
      const h = (await request.get(path)).headers();
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      // Said by frame-ancestors, or read by no current browser (docs/decisions/043).
      for (const gone of ["x-frame-options", "origin-agent-cluster", "x-dns-prefetch-control"])
        expect(h[gone], `${path} ${gone}`).toBeUndefined();
      expect(h["permissions-policy"], path).toContain("camera=()");
      expect(h["cross-origin-opener-policy"], path).toBe("same-origin");
      const csp = h["content-security-policy"] ?? "";
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("form-action 'self'");
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("unsafe-eval");
      expect(h["x-powered-by"]).toBeUndefined();
    }
  });

  test("a page rendered per request carries a fresh nonce on every inline script", async ({
    request,
  }) => {
    const nonceOf = async () => {
      const response = await request.get("/no-such-page");
      const csp = response.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const html = await response.text();
      return { nonce, html };
    };
    const a = await nonceOf();
    const b = await nonceOf();
    expect(a.nonce).toBeTruthy();
    expect(a.nonce).not.toBe(b.nonce);
    const inlineScripts = [
      ...a.html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g),
    ];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${a.nonce}"`);
  });

  test("the page runs with JavaScript without CSP violations or console errors", async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/");
    await page.getByRole("link", { name: "Services" }).first().click();
    await expect(page).toHaveURL(/\/services$/);
    expect(problems).toEqual([]);
  });

  test("hashed assets are cached for a year, pages are compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    const page = await request.get("/", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(["br", "gzip"]).toContain(page.headers()["content-encoding"]);
  });

  test("/healthz reports the process and the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "up" });
  });

  test("/sitemap.xml lists every public page with absolute URLs, and robots.txt points to it", async ({
    request,
    baseURL,
  }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      "/",
      "/services",
      "/marraige-with-a-map",
      "/hidden-thread/day-6",
      "/faq",
      "/newsletter",
    ]) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    for (const path of ["/test", "/thank-you", "/checkout"]) {
      expect(locs).not.toContain(`${baseURL}${path}`);
    }
    expect(locs.every((l) => l?.startsWith("http"))).toBe(true);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
