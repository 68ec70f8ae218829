import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Cookie, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { SECOND_EDITOR_EMAIL, listItem, signInAsEditor } from "../support/editor";
import { gotoHydrated } from "../support/hydration";
import { layOutEverything } from "../support/fixtures";

// Every test here edits the one shared site: they run one after another, in one worker.
test.describe.configure({ mode: "serial" });

const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;
/** A price no earlier run has used, so that seeing it on the page proves this publish. */
const freshPrice = () => 5_000 + Math.floor(Math.random() * 40_000);

/** The version visitors see, as the editor page says it ("Live now: version 7, …"). */
async function liveVersion(page: Page): Promise<number> {
  const text = await page.getByText(/^Live now: version \d+/).textContent();
  return Number(/version (\d+)/.exec(text ?? "")![1]);
}

/** The history's entries. */
const historyItems = (page: Page) =>
  page.getByRole("region", { name: "History" }).getByRole("listitem");

async function openEditor(page: Page, path: string) {
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
}

async function setBookPrice(page: Page, price: number) {
  await openEditor(page, "/admin/book");
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  await publish(page);
}

async function signedInPage(browser: Browser, email?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsEditor(page, email);
  return page;
}

/**
 * The editor's session, signed in once from a mailed link by the first test and given to each
 * later test's fresh browser (sign-in itself is editor-auth.spec's subject).
 */
let session: Cookie[] | undefined;
test.beforeEach(async ({ page }) => {
  if (session) return page.context().addCookies(session);
  await signInAsEditor(page);
  session = await page.context().cookies();
});

test("the book's new price is live on /book after Publish, without a restart", async ({ page }) => {
  const price = freshPrice();
  await setBookPrice(page, price);
  await expect(page.getByRole("link", { name: "View the public page" }).first()).toBeVisible();
  await page.goto("/book");
  await expect(page.getByText(naira(price)).first()).toBeVisible();
});

test.describe("a bad value is refused at its field and nothing is published", () => {
  const cases = [
    { label: "Price", value: "-500", message: "A price cannot be negative." },
    { label: "Selar link", value: "http://selar.co/marriagecanwork", message: "https://" },
    { label: "Author", value: "", message: "This field is required." },
    { label: "Title", value: "A".repeat(121), message: "At most 120 characters." },
  ];
  for (const { label, value, message } of cases) {
    test(`${label}: ${value.slice(0, 20) || "empty"}`, async ({ page }) => {
      await openEditor(page, "/admin/book");
      const before = await liveVersion(page);
      const field = page.getByLabel(label, { exact: true });
      await field.fill(value);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toBeFocused();
      const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
      const messages = describedBy.split(" ").map((id) => page.locator(`[id="${id}"]`));
      await expect(messages.at(-1)!).toContainText(message);
      await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toBeVisible();
      await page.reload();
      expect(await liveVersion(page)).toBe(before);
    });
  }

  test("an old price under the price", async ({ page }) => {
    await openEditor(page, "/admin/marraige-with-a-map");
    const before = await liveVersion(page);
    const plan = page.getByRole("group", { name: "Plan 1" });
    await plan.getByLabel("Price", { exact: true }).fill("50000");
    const oldPrice = plan.getByLabel("Old price");
    await oldPrice.fill("40000");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(oldPrice).toHaveAttribute("aria-invalid", "true");
    await expect(plan.getByText("The old price must be more than the price.")).toBeVisible();
    await page.reload();
    expect(await liveVersion(page)).toBe(before);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses a negative price at the field", async ({ page }) => {
    await page.goto("/admin/book");
    const before = await liveVersion(page);
    const field = page.getByLabel("Price", { exact: true });
    await field.fill("-1");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByLabel("Price", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("A price cannot be negative.").first()).toBeVisible();
    await page.goto("/admin/book");
    expect(await liveVersion(page)).toBe(before);
  });

  test("Add and Remove work as plain buttons", async ({ page }) => {
    await page.goto("/admin/faq");
    const groups = page.getByRole("group", { name: /^Question \d+$/, includeHidden: true });
    const count = await groups.count();
    await page.getByRole("button", { name: "Add question" }).click();
    await expect(groups).toHaveCount(count + 1);
    await page
      .getByRole("group", { name: `Question ${count + 1}` })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(groups).toHaveCount(count);
  });
});

test("Restore brings an earlier price back", async ({ page }) => {
  const first = freshPrice();
  await setBookPrice(page, first);
  const firstVersion = await liveVersion(page);
  await setBookPrice(page, first + 1);
  await page.getByRole("button", { name: `Restore version ${firstVersion}` }).click();
  await expect(page.getByText("Restored. The page is live.")).toBeVisible({ timeout: 20_000 });
  await expect(historyItems(page).first()).toContainText(`restored from version ${firstVersion}`);
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(String(first));
  await page.goto("/book");
  await expect(page.getByText(naira(first)).first()).toBeVisible();
});

test("an edit built on an older version is refused and overwrites nothing", async ({
  page,
  browser,
}) => {
  const second = await signedInPage(browser, SECOND_EDITOR_EMAIL);
  await openEditor(page, "/admin/book");
  await openEditor(second, "/admin/book");
  const theirs = freshPrice();
  await page.getByLabel("Price", { exact: true }).fill(String(theirs));
  await publish(page);

  const mine = theirs + 7;
  await second.getByLabel("Price", { exact: true }).fill(String(mine));
  await second.getByRole("button", { name: "Publish", exact: true }).click();
  const refusal = second.getByRole("alert").filter({ hasText: "published a newer version" });
  await expect(refusal).toContainText(
    "while you were editing. Your changes are still below and were not published.",
  );
  await expect(refusal.getByRole("link", { name: /See the newer version/ })).toBeVisible();
  await expect(second.getByLabel("Price", { exact: true })).toHaveValue(String(mine));
  await second.context().close();

  await page.goto("/book");
  await expect(page.getByText(naira(theirs)).first()).toBeVisible();
  await expect(page.getByText(naira(mine))).toHaveCount(0);
});

test("an FAQ answer with HTML and script reaches /faq as harmless text; a javascript: link is refused", async ({
  page,
}) => {
  const payload = "Try <script>alert(1)</script> and <img src=x onerror=alert(1)>";
  await openEditor(page, "/admin/faq");
  const answer = (await listItem(page, "Question 1")).getByLabel("Answer");
  await answer.fill(`${payload} and [x](javascript:alert(1))`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(answer).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Write links as https://…").first()).toBeVisible();
  await answer.fill(payload);
  await publish(page);

  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto("/faq");
  const main = page.locator("main");
  await expect(main).toContainText("<script>alert(1)</script>");
  await expect(main).toContainText("<img src=x onerror=alert(1)>");
  expect(await main.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  expect(await page.locator("[onerror]").count()).toBe(0);
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  await page.getByRole("button", { name: /./ }).filter({ hasText: "?" }).first().click();
  expect(dialogs).toBe(0);
});

test("an uploaded team photo shows on /team", async ({ page }) => {
  const jpeg = await sharp({
    create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  await openEditor(page, "/admin/team");
  const member = await listItem(page, "Member 1");
  await member.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "portrait.jpg",
    mimeType: "image/jpeg",
    buffer: jpeg,
  });
  const alt = `A smiling counsellor ${Date.now()}`;
  await member.getByLabel("Alt text").fill(alt);
  await publish(page);
  await page.goto("/team");
  const img = page.getByRole("img", { name: alt });
  await expect(img).toBeVisible();
  const sources = await page
    .locator("picture", { has: page.getByRole("img", { name: alt }) })
    .locator("source")
    .evaluateAll((els) => els.map((e) => e.getAttribute("srcset") ?? ""));
  expect(sources.join(" ")).toContain("/media/");
});

const storyPages = ["/hidden-thread", ...[1, 2, 3, 4, 5, 6].map((d) => `/hidden-thread/day-${d}`)];

async function setWebinarDate(page: Page, value: string) {
  await openEditor(page, "/admin/hidden-thread");
  await page.getByLabel("Webinar date").fill(value);
  await publish(page);
}

test("a past webinar date removes every Register now, a future one brings it back", async ({
  page,
}) => {
  await setWebinarDate(page, "2020-01-04T10:00");
  for (const path of storyPages) {
    await page.goto(path);
    await expect(page.getByText("Register now")).toHaveCount(0);
  }
  const next = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await setWebinarDate(page, `${next}T10:00`);
  for (const path of storyPages) {
    await page.goto(path);
    await expect(page.getByText("Register now").first()).toBeVisible();
  }
});

test("a publish made offline goes out once when the connection is back", async ({
  page,
  context,
}) => {
  await openEditor(page, "/admin/book");
  const versions = await historyItems(page).count();
  const price = freshPrice();
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  await context.setOffline(true);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(
    page.getByText(
      "You are offline. Your changes are kept on this device and will be sent when you are back online.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(String(price));
  await context.setOffline(false);
  await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
  await expect(historyItems(page)).toHaveCount(versions + 1);
  await page.reload();
  await expect(historyItems(page)).toHaveCount(versions + 1);
});

test("words typed and not sent come back after a reload, and can be discarded", async ({
  page,
}) => {
  await openEditor(page, "/admin/book");
  const author = page.getByLabel("Author", { exact: true });
  const original = await author.inputValue();
  await author.fill("Someone Else Entirely");
  await page.reload();
  await expect(page.getByText("Your unsent changes were restored.")).toBeVisible();
  await expect(page.getByLabel("Author", { exact: true })).toHaveValue("Someone Else Entirely");
  await page.getByRole("button", { name: "Discard", exact: true }).click();
  await expect(page.getByLabel("Author", { exact: true })).toHaveValue(original);
});

test("FAQ questions can be added, moved up and removed", async ({ page }) => {
  await openEditor(page, "/admin/faq");
  const groups = page.getByRole("group", { name: /^Question \d+$/, includeHidden: true });
  const count = await groups.count();
  const question = `How early should we book? ${Date.now()}`;
  await page.getByRole("button", { name: "Add question" }).click();
  await expect(groups).toHaveCount(count + 1);
  const added = page.getByRole("group", { name: `Question ${count + 1}` });
  await added.getByLabel("Question", { exact: true }).fill(question);
  await added.getByLabel("Answer").fill("As early as you like: **any** time suits us.");
  await added.getByRole("button", { name: "Move up" }).click();
  await expect(
    page.getByRole("group", { name: `Question ${count}` }).getByLabel("Question", { exact: true }),
  ).toHaveValue(question);
  await publish(page);

  await page.goto("/faq");
  const questions = page.locator("main").getByRole("button");
  const texts = await questions.allTextContents();
  const at = texts.findIndex((t) => t.includes(question));
  expect(at).toBeGreaterThanOrEqual(0);
  expect(at).toBe(texts.length - 2);

  await openEditor(page, "/admin/faq");
  await (await listItem(page, `Question ${count}`)).getByRole("button", { name: "Remove" }).click();
  await expect(groups).toHaveCount(count);
  await publish(page);
  await page.goto("/faq");
  await expect(page.getByText(question)).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of ["/admin/book", "/admin/faq"]) {
    test(`${path} has no accessibility violations at 390 px`, async ({ page }) => {
      await openEditor(page, path);
      await layOutEverything(page);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
      expect(summary).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  }
});

test("the audit list shows who published what", async ({ page }) => {
  await setBookPrice(page, freshPrice());
  await gotoHydrated(page, "/admin/audit");
  await expect(page.getByRole("heading", { name: "Who changed what" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "The book" }).first()).toBeVisible();
});

test("an unknown editor page is a 404", async ({ page }) => {
  const response = await page.goto("/admin/no-such-page");
  expect(response?.status()).toBe(404);
});
