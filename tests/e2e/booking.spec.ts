import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { fakes, fakesAdminUrl } from "../support/fakes";
import { whenHydrated } from "../support/hydration";
import { practice } from "../../app/content/site";
import { afterTwoFrames, layOutEverything, toastWith } from "../support/fixtures";

test.describe.configure({ mode: "serial" });

/**
 * Fills the form with a fresh address; returns it. With `react` (the default) it first waits for
 * the small script, which starts React when a field is focused (a field focused before the script
 * came starts nothing until the next focus or the press), then for React itself: a visitor's
 * typing takes longer than both. A press before React runs is the plain post, which opens the
 * provider's own page instead of the dialog; the tests without JavaScript pass `react: false`.
 */
async function fill(page: Page, { react = true } = {}) {
  const email = `bola.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  if (react) await whenHydrated(page.locator("main"));
  await page.getByLabel("Name", { exact: true }).fill("Bola Ade");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contact number").fill("+234 803 000 2222");
  if (react)
    await expect(page.locator("html")).toHaveAttribute("data-react-hydrated", "true", {
      timeout: 15_000,
    });
  return email;
}

test("the page has the spec's headings, fields and buttons", async ({ page }) => {
  await page.goto("/schedule");
  await expect(
    page.getByRole("heading", { level: 1, name: "Schedule Your Appointment" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Book Your Session" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Contact number")).toHaveAttribute("type", "tel");
  await expect(page.getByRole("heading", { name: "Other Ways to Schedule" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Call Us Directly" })).toBeVisible();
  await expect(page.locator('main a[href^="tel:+234"]')).toHaveCount(2);
});

test("Complete Booking stays disabled until all three fields are filled", async ({ page }) => {
  await page.goto("/schedule");
  const submit = page.getByRole("button", { name: "Complete Booking" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Name", { exact: true }).fill("Bola");
  await page.getByLabel("Email", { exact: true }).fill("bola@example.com");
  await expect(submit).toBeDisabled();
  await page.getByLabel("Contact number").fill("+234 803 000 2222");
  await expect(submit).toBeEnabled();
  await page.getByLabel("Contact number").fill("");
  await expect(submit).toBeDisabled();
});

test("Clear Form empties every field with a toast", async ({ page }) => {
  await page.goto("/schedule");
  await fill(page);
  await page.getByRole("button", { name: "Clear Form" }).click();
  await expect(toastWith(page, "Form cleared!")).toBeVisible();
  for (const label of ["Name", "Email"])
    await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Contact number")).toHaveValue("");
});

test("the first Escape after 'Complete Booking on the Popup' closes the dialog, not the toast", async ({
  page,
}) => {
  await page.goto("/schedule");
  await fill(page);
  await page.getByRole("button", { name: "Complete Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your time" });
  await expect(dialog).toBeVisible();
  await expect(toastWith(page, "Complete Booking on the Popup")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(toastWith(page, "Complete Booking on the Popup")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(toastWith(page, "Complete Booking on the Popup")).toBeHidden();
});

test("submitting stores the request, e-mails the practice and opens the provider with the details filled in", async ({
  page,
  baseURL,
}) => {
  await page.goto("/schedule");
  const email = await fill(page);
  await page.getByRole("button", { name: "Complete Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your time" });
  await expect(dialog).toBeVisible();
  await expect(toastWith(page, "Complete Booking on the Popup")).toBeVisible();
  await expect(page).toHaveURL(/\/schedule\?booking=open$/);
  const iframe = dialog.locator("iframe");
  const src = new URL((await iframe.getAttribute("src"))!);
  expect(src.origin + src.pathname).toBe(`${fakesAdminUrl}/provider/consultation`);
  expect(Object.fromEntries(src.searchParams)).toEqual({
    name: "Bola Ade",
    email,
    a1: "+234 803 000 2222",
    embed_domain: new URL(baseURL!).host,
    embed_type: "Inline",
  });
  await expect.poll(async () => (await fakes.mailAbout(email)).length, { timeout: 10_000 }).toBe(1);

  await page.getByRole("button", { name: "Close booking" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/schedule$/);
});

test("only the provider's booked event completes the booking", async ({ page }) => {
  await page.goto("/schedule");
  await fill(page);
  await page.getByRole("button", { name: "Complete Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your time" });
  await expect(dialog).toBeVisible();
  // a message from anywhere else is ignored
  // Our own listener, added after the page's, hears the message once the page's handler has run.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener("message", () => resolve(), { once: true });
        window.postMessage({ event: "calendly.event_scheduled" }, "*");
      }),
  );
  await afterTwoFrames(page);
  await expect(toastWith(page, "Booking Complete!")).toHaveCount(0);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bola Ade");

  await page
    .frameLocator('iframe[title="Booking calendar"]')
    .getByRole("button", { name: "Confirm booking" })
    .click();
  await expect(toastWith(page, "Booking Complete!")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
});

test("when the provider's calendar cannot load, the dialog says so and offers phone and WhatsApp", async ({
  page,
}) => {
  await page.route(`${fakesAdminUrl}/provider/**`, (route) => route.abort("internetdisconnected"));
  await page.goto("/schedule");
  await fill(page);
  await page.getByRole("button", { name: "Complete Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your time" });
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("Our booking calendar could not open");
  await expect(alert).toContainText("Your request is saved with us");
  for (const phone of practice.phones)
    await expect(alert.getByRole("link", { name: `Call ${phone.display}` })).toHaveAttribute(
      "href",
      `tel:${phone.e164}`,
    );
  await expect(alert.getByRole("link", { name: /Book on WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/2349060001234\?text=/,
  );
  // The browser's own error page is never on show: the frame is gone.
  await expect(dialog.locator("iframe")).toHaveCount(0);
  await layOutEverything(page);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Once the provider answers again, "Try the calendar again" brings the calendar back.
  await page.unroute(`${fakesAdminUrl}/provider/**`);
  await alert.getByRole("button", { name: "Try the calendar again" }).click();
  await expect(
    page.frameLocator('iframe[title="Booking calendar"]').getByRole("heading", {
      name: "Pick a time",
    }),
  ).toBeVisible();
  await expect(dialog.locator("iframe")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("submitting stores the request and goes to the provider's page with the details", async ({
    page,
  }) => {
    await page.goto("/schedule");
    await expect(page.getByRole("button", { name: "Complete Booking" })).toBeEnabled();
    const email = await fill(page, { react: false });
    await page.getByRole("button", { name: "Complete Booking" }).click();
    await expect(page).toHaveURL(/\/provider\/consultation\?/);
    await expect(page.locator("#prefill")).toContainText(`Bola Ade | ${email} | +234 803 000 2222`);
    await expect
      .poll(async () => (await fakes.mailAbout(email)).length, { timeout: 10_000 })
      .toBe(1);
  });

  test("the booking post is answered 303, and going back and reloading sends nothing again", async ({
    page,
  }) => {
    await page.goto("/schedule");
    const email = await fill(page, { react: false });
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Complete Booking" }).click();
    expect((await posted).status()).toBe(303);
    await expect(page.locator("#prefill")).toContainText(email);
    await page.reload();
    await page.goBack();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect
      .poll(async () => (await fakes.mailAbout(email)).length, { timeout: 10_000 })
      .toBe(1);
  });
});
