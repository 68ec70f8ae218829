import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { messages } from "../../app/content/messages";
import { practice } from "../../app/content/site";
import { layOutEverything, toastWith, uniqueId } from "../support/fixtures";
import {
  RETRY_WAIT_MS,
  deliveredOnce,
  fakesAcceptEveryForm,
  footerNewsletter,
} from "../support/form-cases";
import { gotoHydrated } from "../support/hydration";
import { expectIconsDrawn } from "../support/icons";
import { controlled } from "../support/service-worker";

/**
 * The service worker (docs/decisions/018): a page read once opens again with the network off,
 * a page never read shows the offline page, and nothing personal is ever kept on the device.
 */

test.use({ serviceWorkers: "allow" });
// Each test installs the worker, which copies every script and the stylesheet before it takes
// control: on a busy two-core machine that alone can take tens of seconds.
test.describe.configure({ timeout: 120_000 });

/**
 * Every address the service worker keeps, as paths with their query, except React Router's route
 * manifests (which page modules exist, nothing about the visitor).
 */
async function keptPaths(page: Page): Promise<string[]> {
  const urls = await page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) all.push(request.url);
    }
    return all;
  });
  return urls
    .map((u) => new URL(u))
    .filter((url) => url.pathname !== "/__manifest")
    .map((url) => url.pathname + url.search);
}

const savedCopyLine = (page: Page) => page.getByRole("complementary", { name: "Saved copy" });

test("a page read before opens with the network off, its words there and a quiet line saying it is a saved copy", async ({
  page,
  context,
}) => {
  await page.goto("/faq");
  await controlled(page);
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /first session/i }).first()).toBeVisible();
  await expect(savedCopyLine(page)).toContainText(
    "You are offline, so this is the copy of this page saved on your device",
  );
  await expect(savedCopyLine(page).getByRole("link", { name: "Try again" })).toHaveAttribute(
    "href",
    "/faq",
  );
  await layOutEverything(page);
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("a page read by a link inside the site is kept too, and the home and contact pages from the start", async ({
  page,
  context,
}) => {
  await gotoHydrated(page, "/");
  await controlled(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ's" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
  ).toBeVisible();
  await expect.poll(() => keptPaths(page)).toContain("/faq");
  expect(await keptPaths(page)).toEqual(expect.arrayContaining(["/", "/contact", "/offline"]));

  await context.setOffline(true);
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(savedCopyLine(page)).toBeVisible();
  await page.goto("/faq");
  await expect(
    page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
  ).toBeVisible();
});

test("a page never read shows the offline page with the phone numbers, WhatsApp, hours and address", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await controlled(page);
  await context.setOffline(true);
  await page.goto("/values");
  await expect(page).toHaveURL(/\/values$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "You are offline just now" }),
  ).toBeVisible();
  const main = page.getByRole("main");
  for (const phone of practice.phones)
    await expect(main.getByRole("link", { name: phone.display })).toHaveAttribute(
      "href",
      `tel:${phone.e164}`,
    );
  await expect(main.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/2349060001234\?text=/,
  );
  await expect(main).toContainText("Monday – Friday");
  await expect(main).toContainText(practice.address.street);
  // its icons come from the sprite the worker kept
  await expectIconsDrawn(main);
  // Shown at another address, the offline page runs no script (it would look for /values' data).
  expect(await page.locator("script").count()).toBe(0);
});

test("offline, a link on a kept page opens the offline page instead of the error screen", async ({
  page,
  context,
}) => {
  await gotoHydrated(page, "/");
  await controlled(page);
  await context.setOffline(true);
  await page.getByRole("contentinfo").getByRole("link", { name: "Testimonials" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "You are offline just now" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/testimonials$/);
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
});

test("a form's post goes to the network, never to the device: offline, the words stay and say so", async ({
  page,
  context,
}) => {
  await gotoHydrated(page, "/contact");
  await controlled(page);
  await page.getByLabel("Full Name").fill("Ada Offline");
  await page.getByLabel("Email Address").fill("ada.offline@example.com");
  await page.getByLabel("Message", { exact: true }).fill("Sent from a bus with no signal.");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByText("Failed to send message. Please try again later.").first(),
  ).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "Sent from a bus with no signal.",
  );
  const kept = await keptPaths(page);
  expect(kept.filter((p) => p.includes("?") || p.endsWith(".data"))).toEqual([]);
});

test("offline on a page read before, the footer sign-up keeps the address, says so and goes once when back", async ({
  page,
  context,
}) => {
  await fakesAcceptEveryForm();
  await page.goto("/faq");
  await controlled(page);
  await context.setOffline(true);
  await page.reload();
  await expect(savedCopyLine(page)).toBeVisible();
  const email = `kept-page.${uniqueId()}@example.com`;
  await footerNewsletter.fill(page, email);
  // React starts from the scripts kept on the device; the sign-up posts to a route this page has
  // not met yet.
  await expect(page.locator("html")).toHaveAttribute("data-react-hydrated", "true", {
    timeout: 15_000,
  });
  await footerNewsletter.button(page).click();
  await expect(toastWith(page, footerNewsletter.unreachable)).toBeVisible();
  await expect(footerNewsletter.kept(page)).toHaveValue(email);

  await context.setOffline(false);
  await expect(page.getByRole("contentinfo").getByText(messages.newsletter.thanks)).toBeVisible({
    timeout: RETRY_WAIT_MS,
  });
  await deliveredOnce(footerNewsletter, email);
});

test("a page saved two deploys ago still runs its scripts offline: what they import is kept", async ({
  page,
  context,
}) => {
  await page.goto("/faq");
  await controlled(page);
  // The copy of /contact saved then names its build's small script, which imports a chunk of its own;
  // neither is in the builds the worker knows now.
  await page.evaluate(async () => {
    const pages = await caches.open("kh-pages");
    const key = `${location.origin}/contact`;
    const saved = (await pages.match(key))!;
    const html = (await saved.text()).replace(
      /\/assets\/enhance-[\w-]+\.js/,
      "/assets/enhance-TWODEPLOYSAGO.js",
    );
    await pages.put(key, new Response(html, { headers: saved.headers }));
    const assets = await caches.open("kh-assets");
    const script = (body: string) =>
      new Response(body, { headers: { "content-type": "text/javascript" } });
    await assets.put(
      "/assets/enhance-TWODEPLOYSAGO.js",
      script('import { mark } from "./chunk-TWODEPLOYSAGO.js"; mark();'),
    );
    await assets.put(
      "/assets/chunk-TWODEPLOYSAGO.js",
      script('export const mark = () => { document.documentElement.dataset.oldScript = "ran"; };'),
    );
  });
  // The next deploy's worker takes over (at another address, it installs as a new version
  // would) and has finished its clean-up: "activated" comes once its activate handler is done.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js?deploy=next", {
      scope: "/",
    });
    const next = registration.installing ?? registration.waiting ?? registration.active!;
    await new Promise<void>((resolve) => {
      if (next.state === "activated") return resolve();
      next.addEventListener("statechange", () => {
        if (next.state === "activated") resolve();
      });
    });
  });

  await context.setOffline(true);
  await page.goto("/contact");
  await expect(savedCopyLine(page)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-old-script", "ran");
});

test("checkout, thank-you and pages with a query other than tracking are never kept", async ({
  page,
  context,
}) => {
  await page.goto("/checkout");
  await controlled(page);
  await page.goto("/thank-you?ref=KH-TEST-1");
  await page.goto("/contact?sent=1");
  await page.goto("/faq?utm_source=whatsapp");
  await expect.poll(() => keptPaths(page)).toContain("/faq");
  const kept = await keptPaths(page);
  expect(kept.filter((p) => /^\/(checkout|thank-you)|\?/.test(p))).toEqual([]);

  await context.setOffline(true);
  await page.goto("/checkout");
  await expect(
    page.getByRole("heading", { level: 1, name: "You are offline just now" }),
  ).toBeVisible();
});

test("the worker never answers a .data request from the device", async ({ page, context }) => {
  await gotoHydrated(page, "/");
  await controlled(page);
  const online = await page.evaluate(async () => (await fetch("/faq.data")).status);
  expect(online).toBe(200);
  expect((await keptPaths(page)).filter((p) => p.includes(".data"))).toEqual([]);
  await context.setOffline(true);
  // Offline it is a bare redirect to the page itself (loaded in full, from the device), no data.
  // Asked again until the worker's own fetches are offline too: Chromium applies the emulation to
  // the worker a moment after the page (once, in CI, the worker's first fetch still went out).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const response = await fetch("/faq.data?_routes=routes/faq");
        return {
          status: response.status,
          redirect: response.headers.get("X-Remix-Redirect"),
          body: await response.text(),
        };
      }),
    )
    .toEqual({ status: 204, redirect: "/faq", body: "" });
});

test("the worker script is checked on every visit", async ({ request }) => {
  const response = await request.get("/sw.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  expect(response.headers()["content-type"]).toMatch(/javascript/);
});

test.describe("with Save-Data", () => {
  test("nothing is fetched for keeping beyond what was read", async ({ page, context }) => {
    const session = await context.newCDPSession(page);
    await session.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true });
    await page.goto("/faq");
    await controlled(page);
    const kept = await keptPaths(page);
    expect(kept).toEqual(expect.arrayContaining(["/faq", "/offline"]));
    expect(kept).not.toContain("/contact");
    expect(kept).not.toContain("/");
  });

  test("a picture kept on the device is shown from there, with no request for it again", async ({
    page,
    context,
  }) => {
    const session = await context.newCDPSession(page);
    await session.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true });
    // Every request the worker makes for a picture, past the browser's HTTP cache (an hour old
    // on a phone, that would be a download).
    const fetchedByWorker: string[] = [];
    await context.route(/\/images\//, (route) => {
      if (route.request().serviceWorker()) fetchedByWorker.push(route.request().url());
      return route.continue();
    });
    await page.goto("/book");
    await controlled(page);
    // Read again under the worker, the cover is kept as it is shown.
    await page.reload();
    await expect
      .poll(async () => (await keptPaths(page)).filter((p) => p.startsWith("/images/")))
      .not.toEqual([]);
    fetchedByWorker.length = 0;

    await page.reload();
    await expect(page.getByRole("main").getByRole("img").first()).toBeVisible();
    await page.waitForLoadState("load");
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.images]
            .filter((img) => img.currentSrc.includes("/images/"))
            .every((img) => img.complete),
        ),
      )
      .toBe(true);
    expect(fetchedByWorker).toEqual([]);
  });
});
