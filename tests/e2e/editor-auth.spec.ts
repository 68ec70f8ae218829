import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { documentIds, documents } from "../../app/content/documents";
import { editorBaseURL as baseURL } from "../../playwright.config";
import {
  EDITOR_EMAIL,
  SECOND_EDITOR_EMAIL,
  mailedSignInLinks,
  requestSignInLink,
  signInAsEditor,
  signInLinkFor,
} from "../support/editor";
import { layOutEverything, uniqueId } from "../support/fixtures";
import { spawnServer } from "../support/spawn-server";

/**
 * Sign-in for the practice's editors (issue 24): an e-mailed one-time link bound to the browser
 * that asked, sessions kept on the server, every editor request same-origin, no-store, noindex.
 */

const EVIL = "https://evil.example";

// Each test signs in by mail, often twice: minutes on a machine shared with other suites.
test.describe.configure({ timeout: 180_000 });

async function expectAxeClean(page: Page) {
  await layOutEverything(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("an editor signs in from the mailed link: its page shows a Sign in button, and its post signs in", async ({
  page,
}) => {
  await requestSignInLink(page, EDITOR_EMAIL);
  const link = await signInLinkFor(page, EDITOR_EMAIL);
  expect(link.startsWith(`${baseURL}/admin/sign-in?token=`)).toBe(true);

  // Opening the link (as a mail scanner would) uses nothing up: twice, and still a button.
  await page.goto(link);
  await page.reload();
  const signIn = page.getByRole("button", { name: "Sign in", exact: true });
  await expect(signIn).toBeVisible();
  await signIn.click();

  await expect(page).toHaveURL(`${baseURL}/admin`);
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  await expect(page.getByText(`Signed in as ${EDITOR_EMAIL}`)).toBeVisible();
  const main = page.locator("main");
  for (const id of documentIds) {
    const { title, adminPath } = documents[id];
    await expect(main.getByRole("link", { name: title, exact: true })).toHaveAttribute(
      "href",
      adminPath,
    );
  }
  const contact = page.getByRole("region", { name: "Contact details" });
  await expect(contact.getByRole("link", { name: "Contact details" })).toHaveAttribute(
    "href",
    "/admin/contact",
  );
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  const session = (await page.context().cookies()).find((c) => c.name === "editor_session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
});

test("the second listed editor can sign in too", async ({ page }) => {
  await signInAsEditor(page, SECOND_EDITOR_EMAIL);
  await expect(page.getByText(`Signed in as ${SECOND_EDITOR_EMAIL}`)).toBeVisible();
});

test("an unlisted address gets the same answer as a listed one, and no mail", async ({ page }) => {
  const stranger = `stranger.${uniqueId()}@example.com`;
  await requestSignInLink(page, stranger);
  const strangerAnswer = await page.locator("main").innerText();
  await requestSignInLink(page, EDITOR_EMAIL);
  expect(await page.locator("main").innerText()).toBe(strangerAnswer);
  // The listed address's mail has arrived: the stranger's would have been sent before it.
  await signInLinkFor(page, EDITOR_EMAIL);
  expect(await mailedSignInLinks(stranger)).toEqual([]);
});

test("a used link signs no one in", async ({ page, browser }) => {
  await requestSignInLink(page);
  const link = await signInLinkFor(page);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();

  // In the same browser, signed out: the link only says it no longer works.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(
    page.getByRole("heading", { name: "This sign-in link no longer works" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);

  // Posting it anyway, with this browser's binding, starts no session.
  const token = new URL(link).searchParams.get("token")!;
  const post = await page.request.post("/admin/sign-in", {
    form: { token },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(410);
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();

  // Nor in another browser.
  const other = await browser.newContext();
  const response = await other.request.post("/admin/sign-in", {
    form: { token },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(410);
  expect((await other.cookies()).some((c) => c.name === "editor_session")).toBe(false);
  await other.close();
});

test("a link opened in another browser says so, offers a new link there, and is not used up", async ({
  page,
  browser,
}) => {
  await requestSignInLink(page);
  const link = await signInLinkFor(page);

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(
    elsewhere.getByRole("heading", { name: "This link was asked for in another browser" }),
  ).toBeVisible();
  await expect(elsewhere.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  // The address is neither shown nor filled in (I1): whoever opened the link may not be the editor.
  await expect(elsewhere.getByLabel("E-mail")).toHaveValue("");
  expect(await elsewhere.content()).not.toContain(EDITOR_EMAIL);
  await elsewhere.getByLabel("E-mail").fill(EDITOR_EMAIL);
  await elsewhere.getByRole("button", { name: "Send a new link to this browser" }).click();
  await expect(elsewhere.getByText("a sign-in link is on its way")).toBeVisible();
  // The new link is for the other browser, and signs it in.
  const second = await signInLinkFor(elsewhere);
  expect(second).not.toBe(link);
  await elsewhere.goto(second);
  await elsewhere.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    elsewhere.getByRole("heading", { name: "Edit the website", exact: true }),
  ).toBeVisible();
  await other.close();

  // The first link still works where it was asked for.
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
});

test("a post from another site gets 403 and changes nothing, signed in or not", async ({
  page,
  browser,
}) => {
  await signInAsEditor(page);
  // Sign-out from another site: refused, and the session goes on.
  const foreign: Record<string, string>[] = [{ Origin: EVIL }, { Referer: `${EVIL}/page` }, {}];
  for (const headers of foreign) {
    const response = await page.request.post("/admin/sign-out", {
      form: {},
      headers,
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    expect(response.headers()["cache-control"]).toBe("no-store");
  }
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();

  // A link asked for from another site: refused, and no mail.
  const before = (await mailedSignInLinks(SECOND_EDITOR_EMAIL)).length;
  const ask = await page.request.post("/admin", {
    form: { email: SECOND_EDITOR_EMAIL },
    headers: { Origin: EVIL },
    maxRedirects: 0,
  });
  expect(ask.status()).toBe(403);
  // An editor page's post from another site, as a client-side data request too.
  for (const path of ["/admin/book", "/admin/book.data"]) {
    const r = await page.request.post(path, {
      form: { price: "1" },
      headers: { Origin: EVIL },
      maxRedirects: 0,
    });
    expect(r.status(), path).toBe(403);
  }
  // A link asked for afterwards, in a browser signed out, has arrived: the refused one never will.
  const sentinel = await browser.newPage();
  await requestSignInLink(sentinel, EDITOR_EMAIL);
  await signInLinkFor(sentinel, EDITOR_EMAIL);
  await sentinel.close();
  expect((await mailedSignInLinks(SECOND_EDITOR_EMAIL)).length).toBe(before);
});

test("a post without a session is sent to the sign-in form and changes nothing", async ({
  page,
}) => {
  for (const path of ["/admin/book", "/admin/contact"]) {
    const response = await page.request.post(path, {
      form: { price: "1" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location).toBe("/admin");
  }
  // A client-side post is told so, and its page keeps the words (editor-publish.spec.ts).
  const data = await page.request.post("/admin/book.data", {
    form: { price: "1" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(data.status()).toBe(401);
  // Signing out without a session: back to the form.
  const out = await page.request.post("/admin/sign-out", {
    form: {},
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect([302, 303]).toContain(out.status());
  expect(out.headers().location).toBe("/admin");
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
});

test("sign-out ends the session on the server: the old cookie no longer works", async ({
  page,
  browser,
}) => {
  await signInAsEditor(page);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === "editor_session")).toBe(true);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "editor_session")).toBe(false);

  // The cookie as it was before signing out, replayed in another browser: signed out.
  const replay = await browser.newContext();
  await replay.addCookies(cookies);
  const again = await replay.newPage();
  await again.goto("/admin");
  await expect(again.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  await expect(again.getByRole("heading", { name: "Edit the website", exact: true })).toHaveCount(
    0,
  );
  await replay.close();
});

test("every editor answer is no-store and noindex, and /admin is in no cache, sitemap or robots' reach", async ({
  page,
  request,
}) => {
  for (const path of ["/admin", "/admin/sign-in?token=nothing", "/admin/sign-out", "/admin/nope"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe("no-store");
    expect(response.headers()["x-robots-tag"], path).toBe("noindex");
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Disallow: \/admin$/m);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/admin");

  await signInAsEditor(page);
  const signedIn = await page.request.get("/admin");
  expect(signedIn.headers()["cache-control"]).toBe("no-store");
  expect(signedIn.headers()["x-robots-tag"]).toBe("noindex");
  expect(await signedIn.text()).toContain("Edit the website");
  // Served afresh each time: a second visitor without the cookie gets the sign-in form.
  const anonymous = await request.get("/admin");
  expect(await anonymous.text()).not.toContain("Edit the website");
});

test("a badly typed address is refused at the field, and asking too often is explained", async ({
  page,
}) => {
  await page.goto("/admin");
  await page.getByLabel("E-mail").fill("not an address");
  // The browser's own check is bypassed, as a phone's keyboard can.
  await page.locator("form[aria-label='Ask for a sign-in link']").evaluate((f) => {
    (f as HTMLFormElement).noValidate = true;
  });
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
});

test("the editor's pages are accessible and fit a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await expectAxeClean(page);
  await requestSignInLink(page);
  await expectAxeClean(page);
  const link = await signInLinkFor(page);
  await page.goto(link);
  await expectAxeClean(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  await expectAxeClean(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // By keyboard: the first page link and Sign out are reachable.
  await page.getByRole("button", { name: "Sign out" }).focus();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeFocused();
});

test("with EDITOR_EMAILS unset, /admin and everything under it is the site's 404 page", async () => {
  // A fresh embedded database is slow to create on a busy machine.
  test.setTimeout(240_000);
  const server = await spawnServer({ EDITOR_EMAILS: "" });
  try {
    for (const path of ["/admin", "/admin/sign-in?token=x", "/admin/sign-out", "/admin/book"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Oops! Page not found");
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    const post = await fetch(`${server.url}/admin`, {
      method: "POST",
      body: new URLSearchParams({ email: EDITOR_EMAIL }),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(post.status).toBe(404);
    expect(await post.text()).toContain("Oops! Page not found");
    expect(server.output()).not.toContain(EDITOR_EMAIL);
  } finally {
    await server.stop();
  }
});

/** A site of its own with the real rate limit (the shared e2e sites allow 1000) and mail. */
function ownSite(env: Record<string, string> = {}) {
  return spawnServer({
    FORM_RATE_LIMIT: "5",
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    PRACTICE_INBOX: "team@kindredhearts.ng",
    ...env,
  });
}

test("five strangers' link requests for an editor's address do not lock the editor out, and a 429 says when to retry (M2)", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const editor = `lockout.${uniqueId()}@kindredhearts.ng`;
  const server = await ownSite({ EDITOR_EMAILS: editor });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    // Five anonymous requests for the editor's address, as a stranger would send them.
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${server.url}/admin`, {
        method: "POST",
        body: new URLSearchParams({ email: editor }),
        headers: { Origin: server.url },
        redirect: "manual",
      });
      expect(r.status).toBe(302);
    }
    // The editor's own request, in their own browser, is answered and brings a working link.
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("E-mail").fill(editor);
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
    await expect(page.getByText("Too many sign-in links")).toHaveCount(0);
    const link = await signInLinkFor(page, editor);
    expect(link.startsWith(server.url)).toBe(true);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();

    // One browser asking too often is told to wait, and the answer carries Retry-After.
    const cookie = (await page.context().cookies(server.url))
      .filter((c) => c.name === "editor_browser")
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await fetch(`${server.url}/admin`, {
        method: "POST",
        body: new URLSearchParams({ email: editor }),
        headers: { Origin: server.url, cookie },
        redirect: "manual",
      });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.text()).toContain("Please try again in");
    // The refusal is logged with its reason and network, never the address (L6).
    expect(server.output()).toContain('"reason":"rate-limited-browser"');
    expect(server.output()).toContain('"network":"127.0.0.0/24"');
    expect(server.output()).not.toContain(editor);
  } finally {
    await server.stop();
  }
});

test("past ten strangers' requests an hour, a new browser is told that no link was sent and how long to wait, in the same words for an unlisted address", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const editor = `held.${uniqueId()}@kindredhearts.ng`;
  const nobody = `nobody.${uniqueId()}@example.com`;
  // Behind a pretend proxy, so the strangers come from networks of their own: here it is the
  // address's mails that run out, not one network's requests.
  const server = await ownSite({ EDITOR_EMAILS: editor, TRUST_PROXY: "true" });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const told: string[] = [];
    let stranger = 0;
    for (const address of [editor, nobody]) {
      // Eleven anonymous requests, as strangers would send them: the hour's ten mails are spent.
      for (let i = 0; i < 11; i++) {
        const r = await fetch(`${server.url}/admin`, {
          method: "POST",
          body: new URLSearchParams({ email: address }),
          headers: { Origin: server.url, "X-Forwarded-For": `203.0.${++stranger}.7` },
          redirect: "manual",
        });
        expect(r.status).toBe(302);
      }
      await page.context().clearCookies();
      await page.goto(`${server.url}/admin`);
      await page.getByLabel("E-mail").fill(address);
      await page.getByRole("button", { name: "Send sign-in link" }).click();
      const notice = page.getByRole("status").filter({ hasText: "No e-mail was sent this time." });
      await expect(notice).toBeVisible();
      await expect(notice).toBeInViewport();
      await expect(notice).toContainText(/for about \d+ minutes?\. Please try again then/);
      await expect(page.getByText("a sign-in link is on its way")).toHaveCount(0);
      told.push((await notice.innerText()).replace(/\d+ minutes?/, "N minutes"));
    }
    // Listed or not, the page says the same: it tells nobody which addresses may edit.
    expect(told[0]).toBe(told[1]);
    expect(server.output()).not.toContain(editor);
  } finally {
    await server.stop();
  }
});

test("a removed editor's session stays ended when the address is listed again after a restart (L2)", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const editor = `removed.${uniqueId()}@kindredhearts.ng`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-l2-"));
  const signedIn = async (url: string, cookie: string) =>
    (await (await fetch(`${url}/admin`, { headers: { cookie } })).text()).includes(
      "Edit the website",
    );
  let server = await ownSite({ EDITOR_EMAILS: editor, DATA_DIR: dataDir });
  let cookie: string;
  try {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("E-mail").fill(editor);
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
    await page.goto(await signInLinkFor(page, editor));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
    cookie = (await page.context().cookies(server.url))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    expect(await signedIn(server.url, cookie)).toBe(true);
  } finally {
    await server.stop();
  }
  // Taken off the list, and no request comes while it is off.
  server = await ownSite({ EDITOR_EMAILS: SECOND_EDITOR_EMAIL, DATA_DIR: dataDir });
  await server.stop();
  // Listed again: the old session does not come back.
  server = await ownSite({ EDITOR_EMAILS: editor, DATA_DIR: dataDir });
  try {
    expect(await signedIn(server.url, cookie)).toBe(false);
  } finally {
    await server.stop();
  }
});

test("signing out leaves no unsent words on the device (L4)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsEditor(page);
  // Words typed but not sent, as the editor keeps them on the device (app/lib/admin/kept-draft.ts).
  await page.evaluate(() =>
    localStorage.setItem(
      "editor-draft:book:1",
      JSON.stringify({ value: { title: "Unsent words" }, savedAt: new Date().toISOString() }),
    ),
  );
  const answer = page.waitForResponse(
    (r) => r.url().endsWith("/admin/sign-out") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Sign out" }).click();
  // allHeaders(): headers() leaves out some the browser acts on itself.
  expect((await (await answer).allHeaders())["clear-site-data"]).toBe('"storage"');
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("editor-draft:")),
  );
  expect(kept).toEqual([]);
});

test("an editor sees their signed-in devices at 390 px, signs another out, then signs out everywhere (L3)", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const editor = `devices.${uniqueId()}@kindredhearts.ng`;
  const server = await ownSite({ EDITOR_EMAILS: editor });
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  });
  const laptopContext = await browser.newContext({
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  });
  const signIn = async (page: Page) => {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("E-mail").fill(editor);
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
    await page.goto(await signInLinkFor(page, editor));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
  };
  try {
    const laptop = await laptopContext.newPage();
    await signIn(laptop);
    const phone = await phoneContext.newPage();
    await signIn(phone);

    await phone.getByRole("link", { name: "Your signed-in devices" }).click();
    await expect(phone.getByRole("heading", { name: "Your signed-in devices" })).toBeVisible();
    const list = phone.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
    await expect(list).toHaveCount(2);
    await expect(list.filter({ hasText: "Chrome on Android (Pixel 8) (this device)" })).toHaveCount(
      1,
    );
    const other = list.filter({ hasText: "Firefox on Windows" });
    await expect(other).toContainText(/Signed in \d+ \w+ \d{4}, \d\d:\d\d WAT/);
    await expect(other).toContainText(/Last used .* WAT/);
    await expectAxeClean(phone);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Signing the laptop out, from the phone.
    await other.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
    await expect(phone.getByRole("status")).toHaveText("Signed out on that device.");
    await expect(list).toHaveCount(1);
    await laptop.goto(`${server.url}/admin`);
    await expect(laptop.getByRole("button", { name: "Send sign-in link" })).toBeVisible();

    // Everywhere: this phone too.
    await signIn(laptop);
    await phone.reload();
    await expect(list).toHaveCount(2);
    await phone.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(phone.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
    await laptop.goto(`${server.url}/admin`);
    await expect(laptop.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  } finally {
    await phoneContext.close();
    await laptopContext.close();
    await server.stop();
  }
});
