import { type Page, expect, test } from "@playwright/test";
import { fakePaystack, paystackSecret } from "../../playwright.config";
import { confirmedOnce } from "../support/booking-mails";
import { listItem, signInWithLink } from "../support/editor";
import { fakes } from "../support/fakes";
import { uniqueId } from "../support/fixtures";
import { gotoHydrated } from "../support/hydration";
import { spawnServer } from "../support/spawn-server";

/**
 * A session paid when booking (issue 42), on a site of its own with BOOKINGS=native and Paystack
 * (the fake): the practice marks the individual session "When booking" in the editor; a visitor
 * on a 390 px phone without JavaScript chooses a time, is sent to Paystack's page with the time
 * held, pays, and comes back to "Booked"; the confirmation e-mail's change link opens the booking.
 * A visitor who leaves Paystack's page without paying is told the time is held until when.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const phone = { width: 390, height: 844 };
const editor = `pay.editor.${uniqueId()}@kindredhearts.ng`;
let server: Awaited<ReturnType<typeof spawnServer>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await spawnServer(
    {
      BOOKINGS: "native",
      FORM_RATE_LIMIT: "1000",
      EDITOR_EMAILS: editor,
      SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
      MAIL_FROM: "website@kindredhearts.ng",
      PRACTICE_INBOX: "practice@kindredhearts.ng",
      PAYSTACK_SECRET_KEY: paystackSecret,
      PAYSTACK_PUBLIC_KEY: "pk_test_e2e_kindredhearts",
      PAYSTACK_API_URL: fakePaystack,
    },
    { postgresInPostgresRun: true },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

async function bookThePaidSession(page: Page, email: string) {
  await page.goto(`${server.url}/schedule?type=individual-therapy`);
  const session = page.getByRole("radio", { name: /Individual Therapy Session/ });
  await expect(session).toBeChecked();
  await expect(page.getByText(/paid when booking/).first()).toBeVisible();
  await expect(page.getByText(/We hold your time for 15 minutes while you pay/)).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Kemi Adebayo");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contact number").fill("+234 803 000 3333");
  const chosen = await page.locator('input[name="time"]').first().getAttribute("value");
  await page.locator('input[name="time"]').first().check();
  await page.getByRole("button", { name: "Complete Booking" }).click();
  // Paystack's page: the fee, for this payer.
  await expect(page).toHaveURL(new RegExp(`^${fakePaystack}/`));
  await expect(page.getByText("₦35,000")).toBeVisible();
  return chosen!;
}

test("the practice marks the individual session 'paid when booking' in the editor", async ({
  page,
}) => {
  await signInWithLink(page, editor, server.url);
  await expect(page).not.toHaveURL(/sign-in/);
  await gotoHydrated(page, `${server.url}/admin/services`);
  // The third category, Therapeutic Interventions; its first programme is the individual session.
  const category = await listItem(page, "Category 3");
  const programme = await listItem(category, "Programme 1");
  await expect(programme.getByLabel("Title", { exact: true })).toHaveValue(
    "Individual Therapy Session",
  );
  const booking = programme.locator("summary").filter({ hasText: "Booking on /schedule" });
  if (!(await programme.getByLabel("Payment", { exact: true }).isVisible())) {
    await booking.first().click();
  }
  await programme.getByLabel("Payment", { exact: true }).selectOption("When booking");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
});

test("without JavaScript, a visitor pays for the session on Paystack and comes back to 'Booked', with the change link by e-mail", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `kemi.${uniqueId()}@example.com`;
  const chosen = await bookThePaidSession(page, email);

  // Held: the counsellor it went to ("First available": the first of the team) is not offered
  // at that time while the visitor pays; the others still are.
  const other = await context.newPage();
  const offeredBy = async (counsellor: string) => {
    await other.goto(`${server.url}/schedule?type=individual-therapy&counsellor=${counsellor}`);
    return other
      .locator('input[name="time"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  };
  expect(await offeredBy("dr-adaeze-okafor")).not.toContain(chosen);
  expect(await offeredBy("first")).toContain(chosen);

  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.url}/thank-you\\?ref=KH-`));
  await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
  await expect(page.getByText("your session is booked")).toBeVisible();
  await expect(page.getByText(/Individual Therapy Session with/)).toBeVisible();
  await page.screenshot({ path: "reports/bookings-paid-390.png", fullPage: true });

  // The confirmation, with the change link; opened, it shows the booking.
  let link = "";
  await expect
    .poll(
      async () => {
        const mails = await fakes.mailDecodedAbout("/bookings/");
        const mine = mails.find((m) => m.to.includes(email));
        link = /https?:\/\/\S+\/bookings\/[A-Za-z0-9_-]{43}/.exec(mine?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");
  await page.goto(`${server.url}${new URL(link).pathname}`);
  await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
  await expect(page.locator("dl time").first()).toHaveAttribute("datetime", `${chosen}+01:00`);
  // The receipt says the session is booked, not "we will call to arrange".
  await expect
    .poll(async () =>
      (await fakes.mailDecodedAbout("Your receipt")).some((m) => m.to.includes(email)),
    )
    .toBe(true);
  await context.close();
});

test("killed with -9 while a visitor is on Paystack's page: after the restart the time is still held, and the payment books it once", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `killed.${uniqueId()}@example.com`;
  const chosen = await bookThePaidSession(page, email);

  // The process dies while the visitor reads Paystack's page; the service manager starts it again
  // on the same data and address (docs/operations.md).
  server.child.kill("SIGKILL");
  await server.exited;
  server = await spawnServer(server.env);

  // The hold was in the database, not in the process: the counsellor's time is still not offered.
  const other = await context.newPage();
  await other.goto(`${server.url}/schedule?type=individual-therapy&counsellor=dr-adaeze-okafor`);
  await expect(other.locator(`input[name="time"][value="${chosen}"]`)).toHaveCount(0);
  await expect(other.locator('input[name="time"]').first()).toBeVisible();

  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.url}/thank-you\\?ref=KH-`));
  await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
  await confirmedOnce(email);
  await context.close();
});

test("a visitor who leaves Paystack's page without paying is told the time is held, and until when", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await bookThePaidSession(page, `leaves.${uniqueId()}@example.com`);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/thank-you\?ref=KH-/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Your session is not booked yet" }),
  ).toBeVisible();
  await expect(
    page.getByText(/We are holding your time until \d{2}:\d{2} \(Lagos time\)/),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose a time again" })).toHaveAttribute(
    "href",
    "/schedule",
  );
  await context.close();
});
