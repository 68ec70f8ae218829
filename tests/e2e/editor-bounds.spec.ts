import { type Cookie, expect, test } from "@playwright/test";
import sharp from "sharp";
import { signInAsEditor } from "../support/editor";
import { networkLine, noisyPhoto } from "../support/fixtures";
import { gotoHydrated } from "../support/hydration";

/**
 * Issue 29: what one editor's post may cost. Each test signs in as the practice's editor (through
 * the mailed link, tests/support/editor.ts) on a 390 px phone.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

let session: Cookie[] | undefined;
test.beforeEach(async ({ page }) => {
  if (session) return page.context().addCookies(session);
  await signInAsEditor(page);
  session = await page.context().cookies();
});

test("M1: a list index past the schema's maximum is refused at once, and visitors are not held up", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  for (const index of [100_000, 10_000]) {
    const started = Date.now();
    const [answer, visitor] = await Promise.all([
      page.request.post("/admin/faq", {
        headers: { Origin: origin },
        multipart: { _action: "publish", baseVersion: "1", [`items[${index}].question`]: "x" },
        maxRedirects: 0,
      }),
      page.request.get("/healthz"),
    ]);
    expect(answer.status(), `items[${index}]`).toBe(400);
    expect(await answer.text()).toContain("holds at most 40 entries");
    expect(visitor.status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  }
  // The FAQ is still served, unchanged in length.
  const faq = await page.request.get("/faq");
  expect(faq.status()).toBe(200);
});

test("L9: a preview or a signed-in request is sent with no-store alone", async ({
  page,
  playwright,
  baseURL,
}) => {
  for (const path of ["/api/books?preview=draft", "/api/books", "/book?preview=draft"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const cacheControl = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "cache-control");
    expect(
      cacheControl.map((h) => h.value),
      path,
    ).toEqual(["no-store"]);
  }
  // A visitor without a session still gets the cacheable answer.
  const visitor = await playwright.request.newContext({ baseURL });
  const books = await visitor.get("/api/books");
  expect(books.headers()["cache-control"]).toContain("public, max-age=300");
  await visitor.dispose();
});

test("item 16: a chosen photo shows at once, from the file, before anything is sent", async ({
  page,
}) => {
  const jpeg = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 110 } },
  })
    .jpeg()
    .toBuffer();
  await gotoHydrated(page, "/admin/book");
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await page.getByLabel("Image", { exact: true }).setInputFiles({
    name: "new-cover.jpg",
    mimeType: "image/jpeg",
    buffer: jpeg,
  });
  const preview = page.getByRole("img", { name: "The chosen image, not sent yet" });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /^blob:/);
  // Drawn, not blocked: the browser decoded the file under the editor's CSP.
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(900);
  await expect(
    page.getByRole("status").filter({ hasText: "New picture chosen: new-cover.jpg" }),
  ).toBeVisible();
  expect(cspErrors).toEqual([]);
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/photo-preview-390.png" });
});

// The three publish the book: one after another, in one worker, or each would read another's
// publish as "someone else published first".
test.describe("item 7: a phone photo on a slow or dead line", () => {
  test.describe.configure({ mode: "default" });

  test("item 7: a 4.5 MB phone photo is published over a 1 Mbit/s upload, never called offline", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // A noisy 4000x3000 photo compresses as badly as a real one: about 4.5 MB.
    const photo = await noisyPhoto(4000, 3000, 80);
    expect(photo.length).toBeGreaterThan(3_500_000);
    await gotoHydrated(page, "/admin/book");
    const line = await networkLine(page);
    await line.set({ latency: 150, downloadThroughput: 250_000, uploadThroughput: 125_000 });
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "IMG_2041.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    const alt = `The book's cover, photographed ${Date.now()}`;
    await page.getByLabel("Alt text").fill(alt);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    // How far the photo has got shows beside the buttons, in view, while it goes.
    const sending = page.getByRole("status").filter({ hasText: "Sending photo…" });
    await expect(sending).toBeVisible({ timeout: 60_000 });
    await expect(sending).toBeInViewport();
    await expect(page.getByRole("progressbar", { name: "Sending photo" })).toBeVisible();
    await expect(page.getByText(/^\d+\.\d of \d+\.\d MB sent$/)).toBeVisible();
    await page.screenshot({ path: "test-results/photo-progress-390.png" });
    // The original would take over 30 s on this line (the server's limit for a request): only the
    // photo scaled in the browser gets through.
    await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText(/offline/i)).toHaveCount(0);
    await line.set({ latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.goto("/book");
    await expect(page.getByRole("img", { name: alt })).toBeVisible();
  });

  test("item 7: a line too slow for a photo is called slow, never offline, and the photo goes once it recovers", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const photo = await noisyPhoto(1600, 1200, 70);
    await gotoHydrated(page, "/admin/book");
    const line = await networkLine(page);
    // 2 KB/s: the photo cannot arrive within the server's 30 s for a request.
    await line.set({ latency: 300, downloadThroughput: 50_000, uploadThroughput: 2_000 });
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "IMG_2042.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    const alt = `The cover on a slow line ${Date.now()}`;
    await page.getByLabel("Alt text").fill(alt);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const slow = page.getByRole("alert").filter({
      hasText:
        "No answer yet: the connection is slow or unsteady. Your changes are kept on this device and will be sent again by themselves.",
    });
    await expect(slow).toBeVisible({ timeout: 90_000 });
    await expect(slow).toBeInViewport();
    await expect(page.getByText(/offline/i)).toHaveCount(0);
    await line.set({ latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // Sent again by itself, once, with nothing pressed.
    await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 90_000 });
    await page.goto("/book");
    await expect(page.getByRole("img", { name: alt })).toBeVisible();
  });

  test("item 7: a photo chosen while offline is called offline and goes by itself when the line is back", async ({
    page,
    context,
  }) => {
    const photo = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: { r: 140, g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    await gotoHydrated(page, "/admin/book");
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "IMG_2043.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    const alt = `The cover sent after a dead zone ${Date.now()}`;
    await page.getByLabel("Alt text").fill(alt);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const offline = page.getByRole("alert").filter({ hasText: "You are offline." });
    await expect(offline).toBeVisible();
    await expect(offline).toBeInViewport();
    await context.setOffline(false);
    await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 30_000 });
    await page.goto("/book");
    await expect(page.getByRole("img", { name: alt })).toBeVisible();
  });
});
