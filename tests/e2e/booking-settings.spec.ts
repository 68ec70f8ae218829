import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { editorBaseURL } from "../../playwright.config";
import { signInLinkFor } from "../support/editor";
import { layOutEverything } from "../support/fixtures";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import { spawnServer } from "../support/spawn-server";

/**
 * /admin/booking-settings on a site that takes bookings itself (BOOKINGS=native, issue 42): a
 * reader of INBOX_EMAILS, on a 390 px phone, sets a counsellor's hours, adds and removes time
 * off, and makes the private calendar address, which a calendar app can then fetch; a new address
 * ends the old one. On its own site, because BOOKINGS=native changes /schedule for everyone.
 */

test.describe.configure({ timeout: 360_000 });
test.use({ viewport: { width: 390, height: 844 } });

const reader = "office@kindredhearts.ng";

async function axeClean(page: Page) {
  await layOutEverything(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** A Lagos date `days` from now, as a date field takes it. */
function lagosDate(days: number): string {
  return new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test("an inbox reader sets a counsellor's hours and time off, and makes a calendar address a calendar app can read", async ({
  page,
  browser,
}) => {
  const postgres = process.env.E2E_DATABASE_URL && (await postgresAvailable());
  const siteDatabase = postgres ? await createTempDatabase() : undefined;
  const server = await spawnServer(
    {
      BOOKINGS: "native",
      EDITOR_EMAILS: reader,
      INBOX_EMAILS: reader,
      SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
      MAIL_FROM: "website@kindredhearts.ng",
      ...(siteDatabase ? { DATABASE_URL: siteDatabase.url } : {}),
    },
    { postgresInPostgresRun: true },
  );
  try {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("E-mail").fill(reader);
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await page.goto(await signInLinkFor(page, reader));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("link", { name: "Booking settings" }).click();
    await expect(page.getByRole("heading", { name: "Booking settings", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Dr. Adaeze Okafor" }).click();
    await expect(page.getByRole("heading", { name: "Dr. Adaeze Okafor", level: 1 })).toBeVisible();
    const settingsPage = page.url();
    await fitsThePhone(page);
    await axeClean(page);

    // Hours: Monday with a lunch break; a mistake on Tuesday is named at its field.
    await page.getByLabel("Monday: Starts", { exact: true }).fill("10:00");
    await page.getByLabel("Monday: Ends", { exact: true }).fill("13:00");
    await page.getByLabel("Monday: Starts again").fill("14:00");
    await page.getByLabel("Monday: Ends again").fill("17:00");
    await page.getByLabel("Tuesday: Ends", { exact: true }).fill("08:00");
    await page.getByRole("button", { name: "Save hours" }).click();
    const tuesdayEnd = page.getByLabel("Tuesday: Ends", { exact: true });
    await expect(tuesdayEnd).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText("The end on Tuesday must be after its start (09:00)."),
    ).toBeVisible();
    await expect(page.getByRole("alert").first()).toContainText("Nothing was saved");
    // what was typed is kept
    await expect(page.getByLabel("Monday: Starts again")).toHaveValue("14:00");
    await tuesdayEnd.fill("18:00");
    await page.getByLabel("Notice needed (hours)").fill("48");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Monday: Ends again")).toHaveValue("17:00");
    await expect(page.getByLabel("Notice needed (hours)")).toHaveValue("48");

    // Time off: one day, with a note; then removed.
    const day = lagosDate(30);
    await page.getByLabel("First day away").fill(day);
    await page.getByLabel("Note").fill("Training in Abuja");
    await page.getByRole("button", { name: "Add time off" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added." })).toBeVisible();
    const list = page.getByRole("list", { name: "Time off coming up" });
    await expect(list.getByText("Training in Abuja")).toBeVisible();
    await list.getByRole("button", { name: /^Remove time off:/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed." })).toBeVisible();
    await expect(page.getByText("No time off coming up.")).toBeVisible();

    // The private calendar address, shown once, read as a calendar app would.
    await page.getByRole("button", { name: "Make a calendar address" }).click();
    const address = page.getByRole("textbox", { name: "Private calendar address" });
    await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await fitsThePhone(page);
    await axeClean(page);
    const first = await address.inputValue();
    expect(first.startsWith(`${server.url}/calendar/`)).toBe(true);
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers()["cache-control"]).toBe("private, no-store");
    expect(await feed.text()).toContain("X-WR-CALNAME:Bookings: Dr. Adaeze Okafor");

    // A new address ends the old one.
    await page.getByRole("button", { name: "Make a new calendar address" }).click();
    await expect(address).not.toHaveValue(first);
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(await address.inputValue())).status()).toBe(200);
    // Without JavaScript, the same forms: a mistake is named at its field, then it is saved.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      storageState: await page.context().storageState(),
    });
    const plain = await noScript.newPage();
    await plain.goto(settingsPage);
    await expect(plain.getByRole("heading", { name: "Dr. Adaeze Okafor", level: 1 })).toBeVisible();
    await plain.getByLabel("First day away").fill(lagosDate(40));
    await plain.getByLabel("Last day away").fill(lagosDate(38));
    const refused = plain.waitForResponse((r) => r.request().method() === "POST");
    await plain.getByRole("button", { name: "Add time off" }).click();
    expect((await refused).status()).toBe(400);
    await expect(plain.getByLabel("Last day away")).toHaveAttribute("aria-invalid", "true");
    await expect(
      plain.getByText(`The last day must be on or after the first day (${lagosDate(40)}).`),
    ).toBeVisible();
    await plain.getByLabel("Last day away").fill(lagosDate(42));
    await plain.getByRole("button", { name: "Add time off" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Added." })).toBeVisible();
    await expect(
      plain.getByRole("list", { name: "Time off coming up" }).getByRole("listitem"),
    ).toHaveCount(1);
    await noScript.close();

    // The address is never shown again once the page is left.
    await page.goto(`${server.url}/admin/booking-settings`);
    await expect(page.getByText("Private calendar address made")).toBeVisible();
    expect(server.output()).not.toContain(first.split("/calendar/")[1]!.slice(0, 43));
  } finally {
    await server.stop();
    await siteDatabase?.drop();
  }
});

test("the booking settings and private calendars are the 404 page while the site does not take bookings itself", async ({
  page,
}) => {
  // The editor's site has INBOX_EMAILS, and BOOKINGS unset.
  for (const path of [
    "/admin/booking-settings",
    "/admin/booking-settings/dr-adaeze-okafor",
    `/calendar/${"A".repeat(43)}.ics`,
  ])
    expect((await page.request.get(`${editorBaseURL}${path}`)).status(), path).toBe(404);
});
