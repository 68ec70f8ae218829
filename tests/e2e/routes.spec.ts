import { expect, test } from "@playwright/test";
import { routes } from "../support/routes";

test.describe("every route", () => {
  // Some tests here visit every route in turn.
  test.describe.configure({ timeout: 120_000 });
  for (const { path, heading } of routes) {
    test(`${path} answers 200 with its heading and copy in the server HTML`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>/);
      if (typeof heading === "string") expect(html).toContain(heading.replace(/&/g, "&amp;"));
      // a real paragraph of copy, not a placeholder
      const paragraphs = [...html.matchAll(/<p[^>]*>([^<]{60,})/g)];
      expect(paragraphs.length).toBeGreaterThan(0);
      // Words only: a random nonce or asset hash can spell "tBd" by chance.
      const words = html.replace(/\bnonce="[^"]*"/g, "").replace(/\/assets\/[\w.-]+/g, "");
      expect(words).not.toMatch(/\b(lorem ipsum|coming soon|TODO|TBD)\b/i);
    });
  }

  test("each page has a unique title, a description, a canonical URL and social tags", async ({
    page,
    baseURL,
  }) => {
    // one test visits every route: give a busy machine time for all of them
    test.setTimeout(120_000);
    const titles = new Set<string>();
    for (const { path } of routes) {
      await page.goto(path);
      const title = await page.title();
      expect(title.length).toBeGreaterThan(10);
      expect(titles.has(title), `duplicate title ${title}`).toBe(false);
      titles.add(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}${path === "/" ? "/" : path}`,
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        `${baseURL}/og-image.png`,
      );
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
    }
  });

  // A phone lays a page out as wide as its widest box: anything poking past the screen, even a
  // screen reader's one-pixel label in a carousel's hidden slides, makes the page pan sideways,
  // and Chrome's mobile layout then measures the page at four times its width (its first
  // picture and footer counted as "in view" for the largest paint).
  for (const javaScriptEnabled of [true, false]) {
    test(`no page is wider than a phone's screen (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled,
      });
      const page = await context.newPage();
      const wider: string[] = [];
      for (const { path } of routes) {
        await page.goto(path);
        const width = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          layout: window.innerWidth,
        }));
        if (width.scroll > 390 || width.layout > 390)
          wider.push(`${path}: ${JSON.stringify(width)}`);
      }
      await context.close();
      expect(wider).toEqual([]);
    });
  }

  test("/test is kept out of search results", async ({ page }) => {
    await page.goto("/test");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByText(/Build version/)).toBeVisible();
  });

  test("the home page describes the practice in JSON-LD", async ({ page }) => {
    await page.goto("/");
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("ProfessionalService");
    expect(data.name).toBeTruthy();
    expect(data.address.addressLocality).toBe("Lagos");
    expect(data.telephone).toHaveLength(2);
    expect(data.telephone[0]).toMatch(/^\+234/);
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: "09:00", closes: "18:00" });
    expect(data.sameAs).toHaveLength(6);
  });

  test("icons and the manifest exist", async ({ request }) => {
    for (const p of [
      "/favicon.ico",
      "/icon.svg",
      "/apple-touch-icon.png",
      "/site.webmanifest",
      "/og-image.png",
    ]) {
      expect((await request.get(p)).status(), p).toBe(200);
    }
  });
});
