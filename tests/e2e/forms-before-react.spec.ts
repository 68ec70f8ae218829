import { type Page, expect, test } from "@playwright/test";
import { messages } from "../../app/content/messages";
import { toastWith, uniqueId } from "../support/fixtures";
import { gotoHydrated } from "../support/hydration";
import {
  contact,
  deliveredOnce,
  fakesAcceptEveryForm,
  footerNewsletter,
} from "../support/form-cases";

/**
 * Forms sent before React has started (docs/decisions/017, 025): the small script holds them, and
 * every one of them goes out once, in the order it was sent, whatever else fails to arrive.
 */

test.beforeEach(fakesAcceptEveryForm);

/** The paths of the forms' posts, in the order the browser sent them. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

test("a message sent offline and a sign-up sent after it both go out once, in order, when the connection is back", async ({
  page,
  context,
}) => {
  // React never arrives in this test: its entry file does not answer.
  await page.route(/\/assets\/entry\.client-/, () => new Promise<void>(() => {}));
  const posts = postsOf(page);
  // The small script has come (it is asked for after the first paint); React has not.
  await gotoHydrated(page, contact.path);
  const message = `message.${uniqueId()}@example.com`;
  const signUp = `sign-up.${uniqueId()}@example.com`;
  await context.setOffline(true);
  await contact.fill(page, message);
  await contact.button(page).click();
  await expect(toastWith(page, contact.unreachable)).toBeVisible();
  await footerNewsletter.fill(page, signUp);
  await footerNewsletter.button(page).click();
  await expect(toastWith(page, footerNewsletter.unreachable)).toBeVisible();
  await expect(contact.kept(page)).toHaveValue(/restarting/);

  await context.setOffline(false);
  await deliveredOnce(contact, message);
  await deliveredOnce(footerNewsletter, signUp);
  expect(posts).toEqual(["/contact", "/newsletter"]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("a message and a sign-up both sent before React is ready are both sent once, in order, by React", async ({
  page,
}) => {
  const posts = postsOf(page);
  await page.goto(contact.path);
  // React arrives only once both forms have been sent (a slow connection).
  let letReactIn = () => {};
  const reactHeld = new Promise<void>((resolve) => (letReactIn = resolve));
  await page.route(/\/assets\/entry\.client-/, async (route) => {
    await reactHeld;
    await route.continue();
  });
  const message = `message.${uniqueId()}@example.com`;
  const signUp = `sign-up.${uniqueId()}@example.com`;
  await contact.fill(page, message);
  await contact.button(page).click();
  await footerNewsletter.fill(page, signUp);
  await footerNewsletter.button(page).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-react-hydrated", "true");
  letReactIn();

  await contact.succeeded(page, 20_000);
  await expect(page.getByRole("contentinfo").getByText(messages.newsletter.thanks)).toBeVisible();
  await deliveredOnce(contact, message);
  await deliveredOnce(footerNewsletter, signUp);
  expect(posts).toEqual(["/contact.data", "/newsletter.data"]);
  await expect(page).toHaveURL(/\/contact$/);
});

test("when the sliders' file does not arrive, a sign-up sent offline still waits and goes once when back", async ({
  page,
  context,
}) => {
  await page.route(/\/assets\/widgets-/, (route) => route.abort("connectionreset"));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const email = `no-widgets.${uniqueId()}@example.com`;
  await context.setOffline(true);
  await footerNewsletter.fill(page, email);
  await footerNewsletter.button(page).click();
  await expect(toastWith(page, footerNewsletter.unreachable)).toBeVisible();
  await expect(footerNewsletter.kept(page)).toHaveValue(email);

  await context.setOffline(false);
  await expect(page.getByText(messages.newsletter.thanks).first()).toBeVisible({
    timeout: 20_000,
  });
  await deliveredOnce(footerNewsletter, email);
});

test("a sign-up sent offline before the small script came is held on the page, then sent once by it", async ({
  page,
  context,
}) => {
  // The small script has not come yet (a slow line), and then the connection drops.
  await page.route(/\/assets\/enhance-/, (route) => route.abort("internetdisconnected"));
  const posts = postsOf(page);
  await page.goto("/faq");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  const email = `before-script.${uniqueId()}@example.com`;
  await context.setOffline(true);
  await footerNewsletter.fill(page, email);
  await footerNewsletter.button(page).click();
  // Not posted to the browser's error page: the page and what was typed stay.
  await expect(page).toHaveURL(/\/faq$/);
  await expect(footerNewsletter.kept(page)).toHaveValue(email);
  expect(posts).toEqual([]);

  // Back online, the script comes and sends it, once.
  await page.unroute(/\/assets\/enhance-/);
  await context.setOffline(false);
  await expect(page.getByText(messages.newsletter.thanks).first()).toBeVisible({
    timeout: 20_000,
  });
  await deliveredOnce(footerNewsletter, email);
});
