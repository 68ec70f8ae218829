import { expect, test } from "@playwright/test";
import { editorBaseURL, secondInstanceURL } from "../../playwright.config";
import { signInAsEditor } from "../support/editor";
import { gotoHydrated } from "../support/hydration";

/**
 * Two instances of the site on one Postgres database (playwright.config.ts starts the second one
 * only in the Postgres run): a publish on one is on the other's public page within 10 seconds, as
 * issue 24 asks, and neither needs a restart. Edits /admin/about, which no other editor test does.
 */
test("a publish on one instance shows on the other within 10 seconds", async ({
  page,
  request,
}) => {
  const other = secondInstanceURL!;
  const opening = `We listen first, and we stay beside you: instance check ${Date.now()}.`;
  // Both instances answer the page before the change, so each has it in its page cache.
  for (const site of [editorBaseURL, other]) {
    const before = await request.get(`${site}/about`);
    expect(before.status()).toBe(200);
    expect(await before.text()).not.toContain(opening);
  }

  await signInAsEditor(page);
  await gotoHydrated(page, "/admin/about");
  await page.getByLabel("Opening line", { exact: true }).fill(opening);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
  const published = Date.now();

  await expect
    .poll(async () => (await request.get(`${other}/about`)).text(), {
      timeout: 10_000,
      intervals: [250],
      message: "the other instance's /about shows the new opening line",
    })
    .toContain(opening);
  const seconds = (Date.now() - published) / 1000;
  test
    .info()
    .annotations.push({ type: "seen on the other instance after", description: `${seconds} s` });

  // And it is that instance's own page, in a browser, not only its HTML.
  await page.goto(`${other}/about`);
  await expect(page.getByText(opening)).toBeVisible();
});
