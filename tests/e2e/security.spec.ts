import { type Page, expect, test } from "@playwright/test";
import { homeVideo } from "~/content/home";
import { routes } from "../support/routes";
import { spawnServer } from "../support/spawn-server";

/**
 * With JavaScript on, no page (and none of the widgets that load something from elsewhere: the
 * video, the scheduling popup, the analytics banner) trips the Content-Security-Policy or logs an
 * error. Violations are collected from the page itself (securitypolicyviolation events) as well
 * as from the console.
 */

async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI}`),
    );
  });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return async () => [
    ...problems,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

test.describe("Content-Security-Policy in the browser", () => {
  test.describe.configure({ timeout: 180_000 });

  test("no route logs a CSP violation or an error", async ({ page }) => {
    const problems = await watch(page);
    for (const { path } of routes) {
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await problems(), path).toEqual([]);
    }
    // A real 404 makes Chromium log the document's own status; that line is expected.
    await page.goto("/no-such-page", { waitUntil: "networkidle" });
    const after404 = (await problems()).filter((p) => !p.includes("status of 404"));
    expect(after404, "404").toEqual([]);
  });

  test("the video, started by the visitor, is allowed and nothing else is", async ({ page }) => {
    await page.route(/youtube-nocookie\.com/, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>video</title>" }),
    );
    const problems = await watch(page);
    await page.goto("/");
    await page.getByRole("button", { name: `Play video: ${homeVideo.title}` }).click();
    await expect(page.locator('iframe[src*="youtube-nocookie.com"]')).toBeAttached();
    expect(await problems()).toEqual([]);
  });

  test("the scheduling popup frames the provider without violations", async ({ page }) => {
    const problems = await watch(page);
    await page.goto("/schedule");
    await page.getByLabel("Name", { exact: true }).fill("Bola Ade");
    await page.getByLabel("Email", { exact: true }).fill(`csp-${Date.now()}@example.com`);
    await page.getByLabel("Contact number").fill("+234 803 000 2222");
    await page.getByRole("button", { name: "Complete Booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose your time" });
    await expect(dialog.locator("iframe")).toBeAttached();
    expect(await problems()).toEqual([]);
  });

  test("the analytics banner and Google's script after Accept stay within the policy", async ({
    page,
  }) => {
    const server = await spawnServer({ GA_MEASUREMENT_ID: "G-CSPTEST1", LOG_LEVEL: "warn" });
    try {
      await page.route(/google/, (route) =>
        route.fulfill({ contentType: "text/javascript", body: "/* gtag stand-in */" }),
      );
      const problems = await watch(page);
      await page.goto(`${server.url}/`);
      const banner = page.getByRole("region", { name: "May we count your visit?" });
      await banner.getByRole("button", { name: "Accept analytics" }).click();
      await expect(page.locator('script[src*="googletagmanager.com"]')).toBeAttached();
      expect(await problems()).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

test.describe("headers of files", () => {
  test("scripts come precompressed (brotli, else gzip) with a short header set", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
    const url = script?.[1] ?? script?.[2];
    expect(url).toBeTruthy();
    const br = await request.get(url!, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(br.headers()["content-type"]).toContain("javascript");
    expect(br.headers()["vary"]).toContain("Accept-Encoding");
    expect(br.headers()["x-content-type-options"]).toBe("nosniff");
    expect(br.headers()["cross-origin-resource-policy"]).toBe("same-origin");
    expect(br.headers()["content-security-policy"]).toBeUndefined();
    const gz = await request.get(url!, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers()["content-encoding"]).toBe("gzip");
    const plain = await request.get(url!, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    // Bodies arrive decoded; the lengths on the wire are in the headers.
    const sent = (r: typeof br) => Number(r.headers()["content-length"]);
    expect(sent(br)).toBeLessThan(sent(gz));
    expect(sent(gz)).toBeLessThan(sent(plain));
  });

  test("an SVG opened on its own may run nothing", async ({ request }) => {
    const response = await request.get("/icon.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
  });

  test("a missing asset is a plain 404, a missing page the not-found page", async ({ request }) => {
    expect((await request.get("/assets/missing-123.js")).status()).toBe(404);
    const page = await request.get("/images/missing.avif");
    expect(page.status()).toBe(404);
  });
});

test("HSTS is sent when the site is served over https", async () => {
  test.setTimeout(150_000);
  const server = await spawnServer({ SITE_URL: "https://www.example.com", LOG_LEVEL: "warn" });
  try {
    const page = await fetch(`${server.url}/about`);
    expect(page.headers.get("strict-transport-security")).toContain("max-age=63072000");
    const file = await fetch(`${server.url}/icon.svg`);
    expect(file.headers.get("strict-transport-security")).toContain("max-age=63072000");
  } finally {
    await server.stop();
  }
});
