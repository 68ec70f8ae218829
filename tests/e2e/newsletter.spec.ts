import { expect, test } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/client";
import { subscribers } from "../../server/db/schema";
import { fakes } from "../support/fakes";
import { spawnServer } from "../support/spawn-server";

test.describe.configure({ mode: "serial" });

const address = () => `reader.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

test("the page lists the benefits and the no-spam promise", async ({ page }) => {
  await page.goto("/newsletter");
  for (const text of ["Weekly tips", "Communication strategies", "Exclusive content"]) {
    await expect(page.getByRole("heading", { name: text })).toBeVisible();
  }
  await expect(page.getByText("No spam, ever. Unsubscribe at any time.").first()).toBeVisible();
});

test("signing up shows 'Thank You!' and sends the address to the HubSpot newsletter form", async ({
  page,
}) => {
  const email = address();
  await page.goto("/newsletter");
  const main = page.getByRole("main");
  await main.getByLabel("Email Address").fill(email);
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(main.getByText("Thank You!")).toBeVisible();
  await expect(main.getByText(/check your e-mail/)).toBeVisible();
  await expect.poll(async () => (await fakes.hubspotReceivedFor(email)).length).toBe(1);
  const sent = (await fakes.hubspotReceivedFor(email))[0]!;
  expect(sent.formId).toBe("newsletter-form");
  expect(sent.body.fields).toEqual([{ name: "email", value: email }]);
});

test("signing up twice is not an error and reveals nothing", async ({ page }) => {
  const email = address();
  for (const variant of [email, email.toUpperCase()]) {
    await page.goto("/newsletter");
    const main = page.getByRole("main");
    await main.getByLabel("Email Address").fill(variant);
    await main.getByRole("button", { name: "Subscribe" }).click();
    await expect(main.getByText("Thank You!")).toBeVisible();
  }
});

test("the browser's e-mail check stops an invalid address", async ({ page }) => {
  await page.goto("/newsletter");
  const main = page.getByRole("main");
  const input = main.getByLabel("Email Address");
  await input.fill("not-an-address");
  await main.getByRole("button", { name: "Subscribe" }).click();
  expect(await input.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  await expect(main.getByText("Thank You!")).toHaveCount(0);
  expect(await fakes.hubspotReceivedFor("not-an-address")).toHaveLength(0);
});

test("the server explains an address the browser let through", async ({ request }) => {
  const response = await request.post("/newsletter", {
    form: { email: "a@b" },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(
    "Please enter a valid e-mail address, like name@example.com.",
  );
});

test("the footer sign-up works on any page", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Your e-mail for the newsletter").fill(address());
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText("Thank You!")).toBeVisible();
});

test("an unknown unsubscribe token says so with a 404", async ({ request }) => {
  const response = await request.get("/newsletter/unsubscribe?token=nope");
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("This unsubscribe link is not valid");
});

test.describe("unsubscribing", () => {
  const tokens = {
    scanner: "tok_scanner_0123456789abcdef",
    oneClick: "tok_oneclick_0123456789abc",
  };
  let server: Awaited<ReturnType<typeof spawnServer>>;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Its own server, whose database already holds two subscribers with known tokens.
    const dir = mkdtempSync(path.join(tmpdir(), "site-unsubscribe-"));
    const database = await openDatabase({ dataDir: dir });
    await database.db.insert(subscribers).values([
      { email: "scanner@example.com", token: tokens.scanner },
      { email: "oneclick@example.com", token: tokens.oneClick },
    ]);
    await database.close();
    server = await spawnServer({ DATA_DIR: dir, DATABASE_URL: "" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("opening the link shows a button and changes nothing; the button unsubscribes", async ({
    page,
    request,
  }) => {
    const link = `${server.url}/newsletter/unsubscribe?token=${tokens.scanner}`;
    // A mail scanner opening the link twice.
    for (let i = 0; i < 2; i++) {
      const opened = await request.get(link);
      expect(opened.status()).toBe(200);
      expect(await opened.text()).not.toContain("You have been unsubscribed.");
    }
    await page.goto(link);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed." })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "You have been unsubscribed." })).toBeVisible();
  });

  test("the page of an unsubscribe link is never kept: the browser is told no-store", async ({
    request,
  }) => {
    const opened = await request.get(
      `${server.url}/newsletter/unsubscribe?token=${tokens.scanner}`,
    );
    expect(opened.status()).toBe(200);
    expect(opened.headers()["cache-control"]).toBe("no-store");
  });

  test("a mail client's RFC 8058 one-click POST unsubscribes", async ({ playwright }) => {
    // From the mail provider's servers: no Origin, no browser.
    const mailClient = await playwright.request.newContext();
    const response = await mailClient.post(
      `${server.url}/newsletter/unsubscribe?token=${tokens.oneClick}`,
      { form: { "List-Unsubscribe": "One-Click" } },
    );
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("You have been unsubscribed.");
    await mailClient.dispose();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-up posts and confirms on the page", async ({ page }) => {
    await page.goto("/newsletter");
    const main = page.getByRole("main");
    await main.getByLabel("Email Address").fill(address());
    await main.getByRole("button", { name: "Subscribe" }).click();
    await expect(main.getByText("Thank You!")).toBeVisible();
  });

  test("the footer sign-up posts, is answered 303, says so and reaches HubSpot once", async ({
    page,
  }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    const email = address();
    await footer.getByLabel("Your e-mail for the newsletter").fill(email);
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    expect((await posted).status()).toBe(303);
    await expect(page).toHaveURL(/\/newsletter\?subscribed=1$/);
    await expect(page.getByRole("main").getByText("Thank You!")).toBeVisible();
    // Reloading the page it landed on is a GET: nothing is sent again.
    await page.reload();
    await expect
      .poll(async () => (await fakes.hubspotReceivedFor(email)).length, { timeout: 10_000 })
      .toBe(1);
  });
});
