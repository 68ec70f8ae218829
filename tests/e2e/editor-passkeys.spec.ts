import AxeBuilder from "@axe-core/playwright";
import { type CDPSession, type Page, expect, test } from "@playwright/test";
import { mailedSignInLinks, signInLinkFor } from "../support/editor";
import { uniqueId } from "../support/fixtures";
import { freePort } from "../support/local";
import { spawnServer } from "../support/spawn-server";

/**
 * Passkeys for the practice's editors (issue 29, item 20 and M6; docs/decisions/031), on a phone
 * (390 px) with Chromium's virtual authenticator standing in for its fingerprint reader.
 *
 * WebAuthn takes a domain name as its RP ID, never an IP address, and the shared editor's site runs
 * at http://127.0.0.1: so this file starts a site of its own at http://localhost (a secure context,
 * like any loopback address), with its own database, so that no other editor test meets an editor
 * who has a passkey.
 */

test.describe.configure({ mode: "serial", timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 } });

let server: Awaited<ReturnType<typeof spawnServer>>;
let site: string;
const editor = `passkey.${uniqueId()}@kindredhearts.ng`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  site = `http://localhost:${port}`;
  server = await spawnServer({
    PORT: String(port),
    SITE_URL: site,
    EDITOR_EMAILS: editor,
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    PRACTICE_INBOX: "team@kindredhearts.ng",
    FORM_RATE_LIMIT: "1000",
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The phone's fingerprint reader: a platform authenticator that always verifies its user. */
async function fingerprintReader(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentials(reader: { cdp: CDPSession; authenticatorId: string }) {
  const { credentials } = await reader.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: reader.authenticatorId,
  });
  return credentials;
}

async function signInByLink(page: Page) {
  await page.goto(`${site}/admin`);
  await page.getByLabel("E-mail").fill(editor);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
  const link = await signInLinkFor(page, editor);
  expect(link.startsWith(`${site}/admin/sign-in?token=`)).toBe(true);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function expectAxeClean(page: Page) {
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
