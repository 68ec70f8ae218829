import { expect, test } from "@playwright/test";
import { afterTwoFrames } from "../support/fixtures";
import { gotoHydrated } from "../support/hydration";
import { spawnServer } from "../support/spawn-server";

test.describe("analytics with consent", () => {
  // beforeAll starts a server on a fresh embedded database: slow on a busy machine
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  let server: Awaited<ReturnType<typeof spawnServer>>;

  test.beforeAll(async () => {
    server = await spawnServer({ GA_MEASUREMENT_ID: "G-TEST123" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("nothing is requested from Google before Accept; then one page_view per path change", async ({
    page,
  }) => {
    const google: string[] = [];
    await page.route(/google/, async (route) => {
      google.push(route.request().url());
      await route.fulfill({
        contentType: "text/javascript",
        body: "window.__gtagLoaded = (window.__gtagLoaded || 0) + 1;",
      });
    });
    await page.goto(`${server.url}/`);
    const banner = page.getByRole("region", { name: "May we count your visit?" });
    await expect(banner).toBeVisible();
    await page.getByRole("link", { name: "Services" }).first().click();
    await expect(page).toHaveURL(/\/services$/);
    expect(google).toEqual([]);

    await banner.getByRole("button", { name: "Accept analytics" }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => google.length).toBe(1);
    expect(google[0]).toContain("gtag/js?id=G-TEST123");

    const events = () =>
      page.evaluate(() =>
        (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)),
      );
    let log = await events();
    expect(log).toContainEqual([
      "consent",
      "default",
      expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" }),
    ]);
    expect(log).toContainEqual(["config", "G-TEST123", { send_page_view: false }]);
    const pageViews = () =>
      events().then((l) =>
        l
          .filter((a) => a[0] === "event" && a[1] === "page_view")
          .map((a) => (a[2] as { page_location: string }).page_location),
      );
    expect(await pageViews()).toEqual([`${server.url}/services`]);

    // The next page (a page load: no React runs until a form is used) counts itself once.
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ's" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect.poll(pageViews).toEqual([`${server.url}/faq`]);
    log = await events();
    const faqView = log.find(
      (a) =>
        a[1] === "page_view" && (a[2] as { page_location: string }).page_location.endsWith("/faq"),
    );
    expect((faqView![2] as { page_title: string }).page_title).toContain(
      "Frequently Asked Questions",
    );

    // the choice is remembered on the next visit, and can be changed from the footer
    await page.goto(`${server.url}/about`);
    await expect(page.getByRole("region", { name: "May we count your visit?" })).toBeHidden();
    await page.getByRole("button", { name: "Cookie settings" }).click();
    await page
      .getByRole("region", { name: "May we count your visit?" })
      .getByRole("button", { name: "Decline" })
      .click();
    expect(await page.evaluate(() => localStorage.getItem("analytics-consent"))).toBe("denied");
  });

  test("the address counted keeps only tracking parameters: no unsubscribe token, no payment reference", async ({
    page,
  }) => {
    await page.route(/google/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    await page.goto(`${server.url}/faq`);
    await page
      .getByRole("region", { name: "May we count your visit?" })
      .getByRole("button", { name: "Accept analytics" })
      .click();
    const pageViews = () =>
      page.evaluate(() =>
        (window.dataLayer ?? [])
          .map((args) => Array.from(args as ArrayLike<unknown>))
          .filter((a) => a[0] === "event" && a[1] === "page_view")
          .map((a) => (a[2] as { page_location: string }).page_location),
      );
    for (const [opened, counted] of [
      [
        "/newsletter/unsubscribe?token=tok_private_0123456789&utm_source=newsletter",
        "/newsletter/unsubscribe?utm_source=newsletter",
      ],
      ["/thank-you?ref=KH-PRIVATE-1", "/thank-you"],
    ] as const) {
      await page.goto(`${server.url}${opened}`);
      await expect.poll(pageViews).toEqual([`${server.url}${counted}`]);
      const everything = await page.evaluate(() =>
        JSON.stringify(
          (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)),
        ),
      );
      expect(everything).not.toMatch(/tok_private|KH-PRIVATE/);
    }
  });

  test("Cookie settings pressed before the site's scripts have come opens the banner once they have", async ({
    page,
  }) => {
    await page.route(/google/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    // A visitor who chose before: the banner starts hidden.
    await page.goto(`${server.url}/about`);
    await page.evaluate(() => localStorage.setItem("analytics-consent", "denied"));
    // The consent part is held on its way, as on a slow line.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/consent-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/about`, { waitUntil: "commit" });
    await page.getByRole("button", { name: "Cookie settings" }).click();
    // Pressed once more, once the site's script has come but its consent part has not.
    await page.waitForFunction(() => window.siteEnhanced === true);
    await page.getByRole("button", { name: "Cookie settings" }).click();
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("region", { name: "May we count your visit?" })).toBeVisible();
  });

  test("Decline loads nothing from Google", async ({ page }) => {
    const google: string[] = [];
    await page.route(/google/, (route) => {
      google.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${server.url}/`);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByRole("link", { name: "Services" }).first().click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await afterTwoFrames(page);
    expect(google).toEqual([]);
  });

  test("the CSP allows Google's script only when analytics is configured", async ({
    request,
    baseURL,
  }) => {
    const withGa = (await request.get(`${server.url}/`)).headers()["content-security-policy"];
    expect(withGa).toContain("https://www.googletagmanager.com");
    // GA4 sends its hits to regional collectors; Google's CSP guide lists these three.
    const connect = /connect-src ([^;]*)/.exec(withGa ?? "")?.[1] ?? "";
    for (const origin of [
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.googletagmanager.com",
    ]) {
      expect(connect.split(" ")).toContain(origin);
    }
    const without = (await request.get(`${baseURL}/`)).headers()["content-security-policy"];
    expect(without).not.toContain("google");
  });
});

test("without GA_MEASUREMENT_ID there is no banner and no analytics code", async ({ page }) => {
  await gotoHydrated(page, "/");
  await afterTwoFrames(page);
  await expect(page.getByRole("region", { name: "May we count your visit?" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cookie settings" })).toHaveCount(0);
  expect(await page.evaluate(() => typeof window.gtag)).toBe("undefined");
});
