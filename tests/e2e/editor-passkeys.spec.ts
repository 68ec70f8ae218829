import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { mailedSignInLinks, signInWithLink } from "../support/editor";
import { layOutEverything, uniqueId } from "../support/fixtures";
import { credentials, fingerprintReader, startPasskeySite } from "../support/passkeys";

/**
 * Passkeys for the practice's editors (issue 29, item 20 and M6; docs/decisions/031), on a phone
 * (390 px) with Chromium's virtual authenticator standing in for its fingerprint reader, on a site
 * of this file's own at http://localhost (tests/support/passkeys.ts).
 */

test.describe.configure({ mode: "serial", timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 } });

let server: Awaited<ReturnType<typeof startPasskeySite>>;
let site: string;
const editor = `passkey.${uniqueId()}@kindredhearts.ng`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startPasskeySite(editor);
  site = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

async function signInByLink(page: Page) {
  const link = await signInWithLink(page, editor, site);
  expect(link.startsWith(`${site}/admin/sign-in?token=`)).toBe(true);
}

async function expectAxeClean(page: Page) {
  await layOutEverything(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("an editor sets up a passkey after a link sign-in, signs in with it and no mail, and the link alone then only recovers", async ({
  page,
}) => {
  const reader = await fingerprintReader(page);

  // 1. The first sign-in is by link; the editor is offered a passkey, in plain words.
  await signInByLink(page);
  await expect(page).toHaveURL(`${site}/admin`);
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  const offer = page.getByRole("region", {
    name: "Sign in with this phone's fingerprint or face next time",
  });
  await expect(offer).toBeVisible();
  await expectAxeClean(page);
  await offer.getByRole("button", { name: "Set up a passkey" }).click();
  const added = offer.getByRole("status");
  await expect(added).toContainText("Passkey set up.");
  await expect(added).toBeInViewport();
  expect(await credentials(reader)).toHaveLength(1);
  // Set up: the offer is gone on the next visit, and the account page lists the passkey.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.getByRole("link", { name: "Your signed-in devices" }).click();
  await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText(/^Passkey on Chrome on /)).toBeVisible();
  await expectAxeClean(page);

  // 2. Sign out, then sign in with the passkey: no mail is sent.
  await page.goto(`${site}/admin`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to edit the website" })).toBeVisible();
  await expectAxeClean(page);
  const mailsBefore = (await mailedSignInLinks(editor)).length;
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${site}/admin`);
  await expect(page.getByText(`Signed in as ${editor}`)).toBeVisible();
  expect((await mailedSignInLinks(editor)).length).toBe(mailsBefore);
  expect(server.output()).not.toContain(editor);

  // 3. Sign out; the e-mailed link alone now opens only the passkeys, never the editor.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to edit the website" })).toBeVisible();
  await signInByLink(page);
  await expect(page).toHaveURL(`${site}/admin/account`);
  await expect(page.getByRole("heading", { name: "Look after your passkeys" })).toBeVisible();
  await expect(
    page.getByText("You use a passkey, so the e-mailed link alone cannot open the editor."),
  ).toBeVisible();
  await expectAxeClean(page);
  for (const path of ["/admin", "/admin/book"]) {
    await page.goto(`${site}${path}`);
    await expect(page, path).toHaveURL(`${site}/admin/account`);
  }
  const publish = await page.request.post(`${site}/admin/book`, {
    form: { intent: "publish" },
    headers: { Origin: site },
    maxRedirects: 0,
  });
  expect(publish.status()).toBe(302);
  expect(publish.headers().location).toBe("/admin/account");
  // The only passkey cannot be removed with the link alone.
  await page.getByRole("button", { name: /^Remove the passkey on / }).click();
  await expect(page.getByText("This is your only passkey, so it stays")).toBeVisible();
  expect(await credentials(reader)).toHaveLength(1);

  // 4. The passkey, pressed here, opens the editor again.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();

  // The account page and the sign-in page with their passkeys, on a desktop too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${site}/admin/account`);
  await expect(page.getByRole("heading", { name: "Your passkeys" })).toBeVisible();
  await expectAxeClean(page);
  await page.goto(`${site}/admin`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expectAxeClean(page);
});

test("without JavaScript the sign-in page says what to do, and a passkey holder's link opens only their passkeys", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  try {
    await page.goto(`${site}/admin`);
    await expect(
      page.getByText("Passkeys need JavaScript. If no “Sign in with a passkey” button shows here"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
    // The link still works without JavaScript; for this editor (who has a passkey) it recovers.
    await signInByLink(page);
    await expect(page).toHaveURL(`${site}/admin/account`);
    await expect(page.getByRole("heading", { name: "Look after your passkeys" })).toBeVisible();
    await expect(page.getByText("Setting up a passkey needs JavaScript")).toBeVisible();
    // (axe cannot run in a page without JavaScript; this page is checked with it in the test above)
  } finally {
    await context.close();
  }
});
