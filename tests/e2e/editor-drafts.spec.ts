import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Cookie, type Page, expect, test } from "@playwright/test";
import { EDITOR_EMAIL, SECOND_EDITOR_EMAIL, expectInView, signInAsEditor } from "../support/editor";
import { gotoHydrated } from "../support/hydration";
import { layOutEverything } from "../support/fixtures";

/**
 * Two editors on one page, on a 390 px phone (issue 29, items 8 and 10, L1): each keeps her own
 * draft and is told of the other's by name, a publish never drops another's draft unseen, and
 * after "someone else published first" the editor's own change is kept, shown beside the newer
 * version field by field, and published on top of it. Every test edits the shared editor site's
 * book: they run one after another.
 */
test.describe.configure({ mode: "serial" });

const phone = { width: 390, height: 844 };
const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;
const freshPrice = () => 5_000 + Math.floor(Math.random() * 40_000);

const sessions = new Map<string, Cookie[]>();
/** Pages whose browser runs no JavaScript, as some editors' phones. */
const withoutScripts = new WeakSet<Page>();

/** A page of its own browser at 390 px, signed in as `email` (once per file). */
async function editorPage(browser: Browser, email: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled });
  const page = await context.newPage();
  if (!javaScriptEnabled) withoutScripts.add(page);
  const cookies = sessions.get(email);
  if (cookies) await context.addCookies(cookies);
  else {
    await signInAsEditor(page, email);
    sessions.set(email, await context.cookies());
  }
  return page;
}

async function openBook(page: Page) {
  // With JavaScript, React must have started for a press to reach its handler.
  if (withoutScripts.has(page)) await page.goto("/admin/book");
  else await gotoHydrated(page, "/admin/book");
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
}

/** Removes this editor's own draft of the book, if she has one, so the test starts clean. */
async function discardOwnDraft(page: Page) {
  await openBook(page);
  const discard = page.getByRole("button", { name: "Discard draft" });
  if ((await discard.count()) === 0) return;
  await discard.click();
  await expect(page.getByText("Draft discarded.")).toBeVisible();
}

/** No axe violation and nothing wider than the screen, at 1280 px and at 390 px. */
async function expectAccessible(page: Page) {
  // axe runs as a script in the page: the same markup is checked in the run with JavaScript.
  if (withoutScripts.has(page)) return;
  for (const viewport of [{ width: 1280, height: 900 }, phone]) {
    await page.setViewportSize(viewport);
    await layOutEverything(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(summary, `axe at ${viewport.width} px`).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `page width at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
  }
}

const otherDraftNotice = (page: Page, email: string) =>
  page
    .getByRole("status")
    .filter({ hasText: `${email} also has an unpublished draft of this page, saved` });

test("two editors each save a draft of the book: both drafts survive, and each is told of the other's by name", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await editorPage(browser, EDITOR_EMAIL);
  const second = await editorPage(browser, SECOND_EDITOR_EMAIL);
  await discardOwnDraft(first);
  await discardOwnDraft(second);
  const price = (page: Page) => page.getByLabel("Price", { exact: true });

  // The first editor saves a draft at a new price.
  const hers = freshPrice();
  await openBook(first);
  const live = await price(first).inputValue();
  await price(first).fill(String(hers));
  await first.getByRole("button", { name: "Save draft" }).click();
  await expect(first.getByText("Draft saved.", { exact: false }).first()).toBeVisible({
    timeout: 20_000,
  });

  // The second editor's form starts from the live version, not from the first one's draft, and
  // says whose draft there is.
  await openBook(second);
  await expect(price(second)).toHaveValue(live);
  await expectInView(otherDraftNotice(second, EDITOR_EMAIL));
  await expectAccessible(second);
  const theirs = hers + 1;
  await price(second).fill(String(theirs));
  await second.getByRole("button", { name: "Save draft" }).click();
  await expect(second.getByText("Draft saved.", { exact: false }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expectInView(otherDraftNotice(second, EDITOR_EMAIL));

  // The first editor's draft is still hers, and she is told of the second one's.
  await openBook(first);
  await expect(price(first)).toHaveValue(String(hers));
  await expect(first.getByText("You are editing a saved draft.")).toBeVisible();
  await expectInView(otherDraftNotice(first, SECOND_EDITOR_EMAIL));

  // The second editor publishes hers: the first one's draft is kept, and the publisher is told.
  await openBook(second);
  await expect(price(second)).toHaveValue(String(theirs));
  await second.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(second.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
  await expect(otherDraftNotice(second, EDITOR_EMAIL)).toContainText("they are told so");
  await expect(second.getByText("You are editing a saved draft.")).toHaveCount(0);

  // The first editor opens the book again: her draft is there, with word of the newer version.
  await openBook(first);
  await expect(price(first)).toHaveValue(String(hers));
  const ownNotice = first.getByRole("alert").filter({ hasText: "You are editing a saved draft." });
  await expect(ownNotice).toBeVisible();
  expect((await ownNotice.boundingBox())!.y, "the notice starts on the first screen").toBeLessThan(
    phone.height,
  );
  await expect(ownNotice).toContainText(`The page has been published since you saved this draft`);
  await expect(ownNotice).toContainText(SECOND_EDITOR_EMAIL);
  await expect(otherDraftNotice(first, SECOND_EDITOR_EMAIL)).toHaveCount(0);

  // Her draft goes on top of the newer version, and is published with her price.
  await ownNotice.getByRole("button", { name: "Continue from the newer version" }).click();
  await expect(first.getByText(/Your changes are now on top of version \d+\./).first()).toBeVisible(
    { timeout: 20_000 },
  );
  await first.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(first.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
  await first.goto("/book");
  await expect(first.getByText(naira(hers)).first()).toBeVisible();
  await first.context().close();
  await second.context().close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`after someone else published first, the editor's change is kept, shown beside theirs field by field, and published on top (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const first = await editorPage(browser, EDITOR_EMAIL, javaScriptEnabled);
    const second = await editorPage(browser, SECOND_EDITOR_EMAIL);
    await discardOwnDraft(second);
    await openBook(first);
    await openBook(second);
    const live = Number(await first.getByLabel("Price", { exact: true }).inputValue());
    const title = await first.getByLabel("Title", { exact: true }).inputValue();

    // The second editor fixes the title and publishes, while the first is changing the price.
    const fixed = `${title.replace(/ \(fixed \d+\)$/, "")} (fixed ${freshPrice()})`;
    await second.getByLabel("Title", { exact: true }).fill(fixed);
    await second.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(second.getByText("Published. The page is live.")).toBeVisible({
      timeout: 20_000,
    });
    const newer = Number(
      /version (\d+) is what visitors see/i.exec(
        (await second.getByText(/is what visitors see now/).textContent()) ?? "",
      )?.[1],
    );
    await second.context().close();

    const mine = freshPrice();
    await first.getByLabel("Price", { exact: true }).fill(String(mine));
    await first.getByRole("button", { name: "Publish", exact: true }).scrollIntoViewIfNeeded();
    await first.getByRole("button", { name: "Publish", exact: true }).click();
    const conflict = first
      .getByRole("alert")
      .filter({ hasText: "Not published: someone else published first." })
      .filter({ has: first.getByRole("button", { name: "Continue from the newer version" }) });
    await expect(conflict).toBeVisible({ timeout: 20_000 });
    // Field by field: her price beside the newer version's, and the title she did not touch.
    const priceDiff = conflict.getByRole("term").filter({ hasText: /^Price/ });
    await expect(priceDiff).toHaveCount(1);
    await expect(conflict).toContainText(`Yours: ${naira(mine)}`);
    await expect(conflict).toContainText(`Version ${newer}: ${naira(live)}`);
    await expect(conflict).toContainText(`Version ${newer} also changed Title`);
    if (javaScriptEnabled) {
      await conflict.scrollIntoViewIfNeeded();
      await first.screenshot({ path: "test-results/conflict-390.png" });
    }
    // Her change is still in the form.
    await expect(first.getByLabel("Price", { exact: true })).toHaveValue(String(mine));
    await expectAccessible(first);

    await conflict.getByRole("button", { name: "Continue from the newer version" }).click();
    const rebased = first
      .getByRole("status")
      .filter({ hasText: `Your changes are now on top of version ${newer}.` })
      .filter({ hasText: "Yours:" });
    await expect(rebased).toBeVisible({ timeout: 20_000 });
    await expect(rebased).toContainText(`Yours: ${naira(mine)}`);
    await expect(rebased).toContainText(`Version ${newer}: ${naira(live)}`);
    // The form now holds the newer version with her price on top of it.
    await expect(first.getByLabel("Price", { exact: true })).toHaveValue(String(mine));
    await expect(first.getByLabel("Title", { exact: true })).toHaveValue(fixed);
    // Beside the buttons too, wherever she is on the page.
    await expectInView(
      first.getByRole("status").filter({ hasText: "Nothing is published yet: check them" }),
    );
    await expectAccessible(first);

    await first.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(first.getByText("Published. The page is live.")).toBeVisible({
      timeout: 20_000,
    });
    await first.goto("/book");
    await expect(first.getByText(naira(mine)).first()).toBeVisible();
    await expect(first.getByText(fixed).first()).toBeVisible();
    await first.context().close();
  });
}
