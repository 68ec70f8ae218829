import { type Locator, type Page, expect } from "@playwright/test";
import { fakes } from "./fakes";

/**
 * Signing in to the practice's editor from a test, as an editor does: ask for a link at /admin,
 * read it from the fake SMTP sink, open it and press "Sign in". The addresses are the end-to-end
 * server's EDITOR_EMAILS (playwright.config.ts). The forms work before React has started (as
 * without JavaScript), so nothing here waits for it.
 */
export const EDITOR_EMAIL = "editor@kindredhearts.ng";
export const SECOND_EDITOR_EMAIL = "second.editor@kindredhearts.ng";

const LINK = /https?:\/\/[^\s"<>]+\/admin\/sign-in\?token=[A-Za-z0-9_-]{43}/;

/** Links of this worker known not to be for the browser asking now: used, expired or another's. */
const notMine = new Set<string>();

/** Every sign-in link mailed to `email` so far, newest first. */
export async function mailedSignInLinks(email: string): Promise<string[]> {
  const mails = await fakes.mailDecodedAbout("/admin/sign-in?token=");
  return mails
    .filter((m) => m.to.includes(email))
    .map((m) => LINK.exec(m.text)?.[0])
    .filter((link): link is string => link !== undefined)
    .reverse();
}

/**
 * Asks for a sign-in link at /admin in this page's browser, and waits for the answer. `site` is
 * another site's origin (tests/support/passkeys.ts); the test's own by default.
 */
export async function requestSignInLink(page: Page, email = EDITOR_EMAIL, site = "") {
  await page.goto(`${site}/admin`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
}

/**
 * The link mailed to `email` for this page's browser. Tests running side by side sign in as the
 * same editor, so the sink holds other browsers' links too: the one that, opened here, offers
 * "Sign in" is ours (a GET uses nothing up; another browser's link says so instead).
 */
export async function signInLinkFor(page: Page, email = EDITOR_EMAIL): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        for (const link of await mailedSignInLinks(email)) {
          if (notMine.has(link)) continue;
          const html = await (await page.request.get(link)).text();
          if (html.includes('data-link-state="valid"')) {
            found = link;
            return true;
          }
          notMine.add(link);
        }
        return false;
      },
      { timeout: 30_000, message: `a sign-in link for ${email} in this browser` },
    )
    .toBe(true);
  notMine.add(found!);
  return found!;
}

/**
 * Asks for a link, opens it in this page's browser and presses "Sign in", wherever that leads (an
 * editor with a passkey lands on "Look after your passkeys"). Answers the link.
 */
export async function signInWithLink(page: Page, email = EDITOR_EMAIL, site = "") {
  await requestSignInLink(page, email, site);
  const link = await signInLinkFor(page, email);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return link;
}

/** Signs this page's browser in as `email` and leaves it on /admin, the list of pages. */
export async function signInAsEditor(page: Page, email = EDITOR_EMAIL) {
  await signInWithLink(page, email);
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
}

/** A "Publish at" value (Lagos time, whole minutes) at least `leadMs` from now, and its instant. */
export function nextMinuteWat(leadMs: number): { input: string; at: number } {
  const at = Math.ceil((Date.now() + leadMs) / 60_000) * 60_000;
  return { input: new Date(at + 60 * 60_000).toISOString().slice(0, 16), at };
}

/**
 * Whether `locator` lies wholly within the screen, as the editor's phone shows it: where an
 * outcome must be seen without scrolling (docs/editing.md, "Whatever happens after a press").
 */
export async function expectInView(locator: Locator) {
  await expect(locator).toBeVisible();
  const screen = locator.page().viewportSize()!;
  // Measured again until it holds: React may put the outcome's element in anew just after it
  // showed (a busy machine's timing), and a box measured on the old one is none.
  await expect(async () => {
    const box = await locator.boundingBox();
    expect(box, "shown").not.toBeNull();
    expect(box!.y, "top inside the screen").toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, "bottom inside the screen").toBeLessThanOrEqual(screen.height);
  }).toPass({ timeout: 5_000 });
}

/**
 * The fields of one item of an editor's list ("Question 1", "Member 2"), opened first when its
 * long list has folded it to its title. `within` narrows it to one list (a category's programmes).
 */
export async function listItem(within: Page | Locator, name: string) {
  const summary = within.locator("summary").filter({ hasText: new RegExp(`^${name}(?!\\d)`) });
  const group = within.getByRole("group", { name, exact: true });
  if ((await summary.count()) > 0 && !(await group.isVisible())) await summary.first().click();
  await expect(group).toBeVisible();
  return group;
}

/**
 * The fields of a page's words in its editor ("Top of /faq", "At the end of /about"), opened
 * first: they start folded to that line, as a long list's items do.
 */
export function pageWords(within: Page | Locator, name: string) {
  return listItem(within, name);
}
