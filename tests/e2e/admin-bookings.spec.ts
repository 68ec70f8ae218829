import { type Page, expect, test } from "@playwright/test";
import { editorBaseURL } from "../../playwright.config";
import { EDITOR_EMAIL, signInLinkFor, signInWithLink } from "../support/editor";
import { uniqueId } from "../support/fixtures";
import { spawnServer } from "../support/spawn-server";

/**
 * The practice's bookings at /admin/bookings (issue 42) on a 390 px phone with JavaScript off:
 * a site of its own with BOOKINGS=native, a reader of INBOX_EMAILS who adds a phone booking by
 * hand, sees it in the week, opens it and cancels it; an editor who is not a reader is refused as
 * the inbox refuses them; with BOOKINGS unset the page is the 404 page.
 */

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const reader = `bookings.${uniqueId()}@kindredhearts.ng`;
const editorOnly = `bookings.editor.${uniqueId()}@kindredhearts.ng`;
let server: Awaited<ReturnType<typeof spawnServer>>;

test.describe.configure({ mode: "serial" });
test.use({ viewport: phone, javaScriptEnabled: false });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await spawnServer(
    {
      BOOKINGS: "native",
      EDITOR_EMAILS: `${reader},${editorOnly}`,
      INBOX_EMAILS: reader,
      SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
      MAIL_FROM: "website@kindredhearts.ng",
    },
    { postgresInPostgresRun: true },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

/** A Lagos date `days` from now, and its ISO weekday (7 = Sunday). */
function lagosDate(days: number) {
  const wall = new Date(Date.now() + 60 * 60_000 + days * 86_400_000);
  return { date: wall.toISOString().slice(0, 10), weekday: ((wall.getUTCDay() + 6) % 7) + 1 };
}
/** The first day from tomorrow the practice is open (not a Sunday), and the next Sunday. */
const openDay = [1, 2].map(lagosDate).find((d) => d.weekday !== 7)!.date;
const sunday = [1, 2, 3, 4, 5, 6, 7].map(lagosDate).find((d) => d.weekday === 7)!.date;

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await page.goto(await signInLinkFor(page, email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** The page as it is now at a phone's width and a laptop's, for a person to look at. */
async function screenshots(page: Page, shot: string) {
  for (const size of [phone, laptop]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `reports/admin-bookings-${shot}-${size.width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(phone);
}

async function fillPhoneBooking(page: Page, values: { date: string; time: string; name: string }) {
  await page.getByLabel("Session").selectOption({ index: 1 });
  await page.getByLabel("Counsellor").selectOption({ label: "Dr. Adaeze Okafor" });
  await page.getByLabel("Day").fill(values.date);
  await page.getByLabel("Time (Lagos)").fill(values.time);
  await page.getByLabel("Client's name").fill(values.name);
  await page.getByLabel("Phone").fill("0803 555 0101");
  await page.getByLabel("E-mail (optional)").fill(`caller.${uniqueId()}@example.com`);
  await page.getByRole("button", { name: "Book this time" }).click();
}

test("a reader adds a phone booking by hand, sees it in the week, opens it with its contact buttons, and cancels it with a message", async ({
  page,
}) => {
  const name = `Chidi ${uniqueId()}`;
  const main = page.getByRole("main");
  await signIn(page, reader);
  await page.getByRole("link", { name: /Bookings/ }).click();
  await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Today, / })).toBeVisible();

  await page.getByRole("link", { name: "Add a booking by hand" }).click();
  await fillPhoneBooking(page, { date: sunday, time: "10:00", name });
  await expect(main.getByRole("alert")).toContainText("Not booked");
  await expect(page.getByLabel("Day")).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("Dr. Adaeze Okafor does not see clients on Sundays.").last(),
  ).toBeVisible();
  await expect(page.getByLabel("Client's name")).toHaveValue(name);

  await fillPhoneBooking(page, { date: openDay, time: "10:00", name });
  await expect(main.getByRole("status")).toContainText("Booked.");
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(main.getByRole("link", { name: "Call 0803 555 0101" })).toHaveAttribute(
    "href",
    "tel:08035550101",
  );
  await expect(main.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/2348035550101",
  );
  await expect(main.getByRole("link", { name: "E-mail" })).toHaveAttribute(
    "href",
    /^mailto:caller\./,
  );
  await expect(page.getByText("By phone (added by hand)")).toBeVisible();
  await expect(page.getByText(`Added by hand (a phone booking) by ${reader}`)).toBeVisible();
  await expect(page.getByText("once the session has started")).toBeVisible();
  const detailUrl = page.url().replace(/\?.*$/, "");

  // The same time again: the rules refuse it at the time, what was typed kept.
  await page.goto(`${server.url}/admin/bookings/new`);
  await fillPhoneBooking(page, { date: openDay, time: "10:30", name: `${name} two` });
  await expect(page.getByLabel("Time (Lagos)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/is not free then/).last()).toBeVisible();
  await screenshots(page, "new");

  await page.goto(`${server.url}/admin/bookings`);
  const card = page
    .getByRole("list", { name: "Dr. Adaeze Okafor's bookings" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(card).toContainText(/10:00 AM to 1[01]:\d\d AM/);
  await expect(card).toContainText("Booked");
  await screenshots(page, "list");

  await card.getByRole("link").click();
  await expect(page).toHaveURL(detailUrl);
  await screenshots(page, "detail");
  await page
    .getByLabel(`Message to ${name}`)
    .fill("Dr. Adaeze is away that day. Please call us to choose another time.");
  await page.getByRole("button", { name: "Cancel this booking" }).click();
  await expect(main.getByRole("status")).toContainText("Cancelled.");
  await expect(page.getByRole("button", { name: "Cancel this booking" })).toHaveCount(0);
  await expect(
    page.getByText(`Cancelled, with a message to the visitor, by ${reader}`),
  ).toBeVisible();

  await page.goto(`${server.url}/admin/bookings`);
  await expect(card).toContainText("Cancelled");
  await expect(card.getByRole("link")).toHaveCSS("text-decoration-line", "line-through");

  // The reads are in the audit list, by the booking's id.
  await page.goto(`${server.url}/admin/audit`);
  await expect(page.getByText(`booking ${detailUrl.split("/").at(-1)}`).first()).toBeVisible();
});

test("an editor who is not in INBOX_EMAILS gets the inbox's 403 at /admin/bookings and books nothing", async ({
  page,
}) => {
  await signIn(page, editorOnly);
  await expect(page.getByRole("link", { name: /^Bookings/ })).toHaveCount(0);
  for (const path of ["/admin/bookings", "/admin/bookings/new", "/admin/bookings/1"]) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(403);
    await expect(
      page.getByRole("heading", { name: "This page is for the people who read enquiries" }),
    ).toBeVisible();
  }
  const post = await page.request.post(`${server.url}/admin/bookings/new`, {
    form: {
      sessionTypeId: "introductory-consultation",
      counsellorId: "dr-adaeze-okafor",
      date: openDay,
      time: "15:00",
      name: "Not Allowed",
      phone: "0803 000 0000",
    },
    headers: { Origin: server.url },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
});

test("with BOOKINGS unset, /admin/bookings is the 404 page even for a reader", async ({ page }) => {
  await signInWithLink(page, EDITOR_EMAIL, editorBaseURL);
  await expect(page.getByRole("link", { name: /Inbox/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Bookings/ })).toHaveCount(0);
  const response = await page.goto(`${editorBaseURL}/admin/bookings`);
  expect(response?.status()).toBe(404);
});
