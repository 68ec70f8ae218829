import { type Cookie, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { fakes } from "../support/fakes";
import { EDITOR_EMAIL, listItem, signInLinkFor } from "../support/editor";
import { gotoHydrated } from "../support/hydration";

/**
 * docs/editing.md, followed word for word on a 390 px phone, as the practice's office manager
 * does with the guide as her only help (issue 29, "Done means"). Each test is one section of the
 * guide; the names, buttons and messages are the ones the guide prints. When the guide and the
 * editor part ways, this file fails.
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.setTimeout(120_000);

const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;
const stamp = () => Date.now() % 100_000;

let session: Cookie[] | undefined;
test.beforeEach(async ({ page }) => {
  if (session) await page.context().addCookies(session);
});

async function open(page: Page, path: string) {
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
}

/** "Publish: the change is live within two seconds. The page says 'Published. The page is live.'" */
async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
}

/** Opens the folded list item titled `title` and presses its Remove. */
async function removeItem(page: Page, group: RegExp, title: string) {
  await page.locator("summary").filter({ hasText: title }).first().click();
  await page
    .getByRole("group", { name: group })
    .filter({ has: page.locator(`input[value="${title}"]`) })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(page.locator("summary").filter({ hasText: title })).toHaveCount(0);
}

test("Signing in: a link by e-mail, opened in the same browser, and Sign in", async ({ page }) => {
  // 1. Open /admin, type your address in E-mail and press Send sign-in link.
  await page.goto("/admin");
  await page.getByLabel("E-mail").fill(EDITOR_EMAIL);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  // The page says a link is on its way.
  await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
  // 2. Open the e-mail "Your sign-in link for the website" in the same browser, press Sign in.
  const link = await signInLinkFor(page);
  const mails = await fakes.mailDecodedAbout(link);
  expect(mails.some((m) => m.text.includes("Subject: Your sign-in link for the website"))).toBe(
    true,
  );
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // After signing in, /admin lists the pages, each with its own editor at /admin + its address.
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  for (const path of [
    "/admin/book",
    "/admin/services",
    "/admin/faq",
    "/admin/team",
    "/admin/hidden-thread",
    "/admin/contact",
  ]) {
    await expect(page.locator(`main a[href="${path}"]`).first(), path).toBeAttached();
  }
  // 3. Sign out is at the top of /admin.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  session = await page.context().cookies();
});

test("Change a price: Price and Old price, then Publish", async ({ page }) => {
  const price = 5_000 + (stamp() % 30_000);
  await open(page, "/admin/book");
  // "type the new amount in Price in whole naira, without commas or ₦"
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  // "To show a reduction, put the earlier amount in Old price; it must be more than the price."
  await page.getByLabel("Old price (optional)", { exact: true }).fill(String(price + 2_000));
  await publish(page);
  await page.goto("/book");
  const main = page.locator("main");
  // "The page then shows the old price struck through and 'Save ₦…'"
  await expect(main.locator("s")).toContainText(naira(price + 2_000));
  await expect(main.getByText(`Save ${naira(2_000)}`)).toBeVisible();
  // "a new book price … is in them at once" (search results and link previews)
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    new RegExp(naira(price).replace(/[₦,]/g, (c) => `\\${c}`)),
  );
  // "Leave Old price empty when there is none."
  await open(page, "/admin/book");
  await page.getByLabel("Old price (optional)", { exact: true }).fill("");
  await publish(page);
});

test("Long lists: each thing folded as its own title, pressed to open and to fold", async ({
  page,
}) => {
  await open(page, "/admin/faq");
  // "Question 2 What happens in the first session?"
  const title = page.locator("summary").filter({ hasText: "What happens in the first session?" });
  await expect(title).toContainText("Question 2");
  const fields = page.getByRole("group", { name: "Question 2", exact: true });
  await expect(fields).toBeHidden();
  await title.click();
  await expect(fields.getByLabel("Answer")).toBeVisible();
  await title.click();
  await expect(fields).toBeHidden();
});

test("Add a service: the category's name, Add programme, Title, Description, Price, Publish", async ({
  page,
}) => {
  const name = `Weekend Reset ${stamp()}`;
  await open(page, "/admin/services");
  // "press the category's name (for example 'Marriage Programs') to open it"
  await page.locator("summary").filter({ hasText: "Marriage Programs" }).first().click();
  const category = page
    .getByRole("group", { name: /^Category \d+$/ })
    .filter({ has: page.getByRole("button", { name: "Add programme" }) })
    .first();
  await category.getByRole("button", { name: "Add programme" }).click();
  const added = category.getByRole("group", { name: /^Programme \d+$/ }).last();
  await added.getByLabel("Title", { exact: true }).fill(name);
  await added
    .getByLabel("Description", { exact: true })
    .fill("Two unhurried sessions on one weekend, to talk, listen and plan the months ahead.");
  await added.getByLabel("Price (optional)", { exact: true }).fill("45000");
  // "That is all": no short name, no image.
  await publish(page);
  await page.goto("/services");
  await expect(page.getByText(name).first()).toBeAttached();

  await open(page, "/admin/services");
  await page.locator("summary").filter({ hasText: "Marriage Programs" }).first().click();
  await removeItem(page, /^Programme \d+$/, name);
  await publish(page);
});

test("Add a team member: Add member, name, title, role, bio, Photo and Alt text, Publish", async ({
  page,
}) => {
  const name = `Temitope Bello ${stamp()}`;
  const photo = await sharp({
    create: { width: 900, height: 1_200, channels: 3, background: { r: 120, g: 90, b: 70 } },
  })
    .jpeg()
    .toBuffer();
  await open(page, "/admin/team");
  await page.getByRole("button", { name: "Add member" }).click();
  const member = page.getByRole("group", { name: /^Member \d+$/ }).last();
  await member.getByLabel("Name", { exact: true }).fill(name);
  await member.getByLabel("Title", { exact: true }).fill("Counsellor");
  await member.getByLabel("Role", { exact: true }).fill("Couples and pre-marital counselling");
  await member
    .getByLabel("Bio", { exact: true })
    .fill("Temitope listens first, and helps couples find words for what they have not said.");
  await member.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "temitope.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  // "A chosen photo shows beside its field at once, before anything is sent"
  await expect(member.getByRole("img", { name: /^The chosen .+, not sent yet$/ })).toBeVisible();
  const alt = `${name}, smiling, in the practice's garden`;
  await member.getByLabel("Alt text").fill(alt);
  await publish(page);
  await page.goto("/team");
  await expect(page.getByRole("img", { name: alt })).toBeAttached();

  // "Remove takes a member away."
  await open(page, "/admin/team");
  await removeItem(page, /^Member \d+$/, name);
  await publish(page);
});

test("Change the office hours: Opens and Closes as you would write them", async ({ page }) => {
  await open(page, "/admin/contact");
  const hours = page.getByRole("group", { name: "Office hours (Lagos time)" });
  const row = await listItem(hours, "Row 2");
  // "9am, 7pm, 7:30 pm or 19:00 all work"
  await row.getByLabel("Opens (optional)").fill("9am");
  await row.getByLabel("Closes (optional)").fill("7:30 pm");
  await publish(page);
  await page.goto("/contact");
  await expect(page.getByText("9:00 AM – 7:30 PM").first()).toBeAttached();
  await open(page, "/admin/contact");
  const back = await listItem(
    page.getByRole("group", { name: "Office hours (Lagos time)" }),
    "Row 2",
  );
  await back.getByLabel("Opens (optional)").fill("10:00 AM");
  await back.getByLabel("Closes (optional)").fill("16:00");
  await publish(page);
});

test("Undo a change: History, View and Restore", async ({ page }) => {
  await open(page, "/admin/book");
  const history = page.getByRole("region", { name: "History" });
  const before = await page.getByLabel("Price", { exact: true }).inputValue();
  await page.getByLabel("Price", { exact: true }).fill(String(Number(before) + 1));
  await publish(page);
  // "Restore publishes it again as a new version, so nothing is ever lost."
  const restore = history.getByRole("button", { name: /^Restore version \d+$/ }).first();
  await restore.click();
  await expect(page.getByText("Restored. The page is live.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(before);
  // "Who changed what on /admin lists every change by everyone … Every time … is Lagos time (WAT)."
  await page.goto("/admin");
  await page.getByRole("link", { name: "Who changed what" }).click();
  await expect(page.getByText(/WAT/).first()).toBeVisible();
});

test("Signing in, 3: Sign out ends it at once", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  await page.goto("/admin/book");
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
});
