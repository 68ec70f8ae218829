import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { mailedSignInLinks, signInWithLink } from "../support/editor";
import { fakes } from "../support/fakes";
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
const owner = `owner.${uniqueId()}@kindredhearts.ng`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startPasskeySite(editor, owner);
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
  // The link alone removes no passkey (docs/decisions/040): there is no "Remove" here.
  await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
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

test("a stranger who reads the mailbox sets up a passkey that waits a day; the owner is told where she lands and cancels it", async ({
  page,
  browser,
}) => {
  // The owner, on her phone: a link sign-in, then a passkey.
  await fingerprintReader(page);
  await signInWithLink(page, owner, site);
  await page
    .getByRole("region", { name: "Sign in with this phone's fingerprint or face next time" })
    .getByRole("button", { name: "Set up a passkey" })
    .click();
  await expect(page.getByText("Passkey set up.")).toBeVisible();

  // A stranger who reads her mailbox, on another phone: the link alone, then a passkey of theirs.
  const theirs = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const stranger = await theirs.newPage();
  try {
    await fingerprintReader(stranger);
    await signInWithLink(stranger, owner, site);
    await expect(stranger.getByRole("heading", { name: "Look after your passkeys" })).toBeVisible();
    await expect(stranger.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await stranger.getByRole("button", { name: "Set up a passkey" }).click();
    const added = stranger.getByText(
      /^Passkey set up\. Because you signed in with the e-mailed link alone, it works only from .+ WAT\./,
    );
    await expect(added).toBeVisible();
    await expect(added).toBeInViewport();
    await expect(stranger.getByText(/^Waiting: works from /)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await fakes.mailDecodedAbout("A new passkey waits to be added to your sign-in")).filter(
            (m) => m.to.includes(owner),
          ).length,
      )
      .toBe(1);
    // Their passkey does not sign in yet.
    await stranger.getByRole("button", { name: "Sign out" }).click();
    await stranger.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(
      stranger.getByText(
        /^This passkey was set up with an e-mailed link alone, so it works only from /,
      ),
    ).toBeVisible();
    await expect(
      stranger.getByRole("heading", { name: "Sign in to edit the website" }),
    ).toBeVisible();

    // The owner is told on the page where she lands, and cancels it there.
    await page.goto(`${site}/admin`);
    const waiting = page.getByRole("region", { name: "A new passkey waits to be added" });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByText(/^Works from .+ WAT$/)).toBeVisible();
    await expectAxeClean(page);
    await waiting.getByRole("button", { name: /^Cancel this passkey/ }).click();
    const cancelled = page.getByText("Passkey cancelled. It will never sign in.");
    await expect(cancelled).toBeVisible();
    await expect(cancelled).toBeInViewport();
    await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(1);
    await expect
      .poll(
        async () =>
          (await fakes.mailDecodedAbout("A waiting passkey was cancelled")).filter((m) =>
            m.to.includes(owner),
          ).length,
      )
      .toBe(1);

    // The stranger's passkey never signs in.
    await stranger.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(stranger.getByText(/^That passkey was not accepted/)).toBeVisible();
  } finally {
    await theirs.close();
  }
});

test("while the page's scripts are still loading, the passkey screens do not say JavaScript is off", async ({
  page,
}) => {
  // Scripts that never arrive: the state of a slow phone before the page runs.
  await page.route(/\.js(\?|$)/, () => {});
  await page.goto(`${site}/admin`, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Sign in to edit the website" })).toBeVisible();
  await expect(page.getByText(/Passkeys need JavaScript/)).toBeHidden();
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
