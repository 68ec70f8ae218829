import { expect, test } from "@playwright/test";
import { toastWith, uniqueId } from "../support/fixtures";
import { gotoHydrated } from "../support/hydration";
import {
  contact,
  deliveredOnce,
  footerNewsletter,
  forms,
  isFormPost,
  newsletterPage,
  openAndFill,
  postsTo,
  fakesAcceptEveryForm,
  RETRY_WAIT_MS,
} from "../support/form-cases";

/** The five forms on a bad network (issue 10): the cases live in tests/support/form-cases.ts. */
const open = (page: Parameters<typeof openAndFill>[0], form: (typeof forms)[number]) =>
  openAndFill(page, form, "net");

test.beforeEach(fakesAcceptEveryForm);

/** How a post is cut off: each form meets one, in turn, and each way is met by several forms. */
const abortReasons = ["internetdisconnected", "connectionreset"] as const;

forms.forEach((form, i) => {
  test.describe(form.name, () => {
    // These tests steer the shared fakes (HubSpot, Paystack), so one form's run one at a time.
    test.describe.configure({ mode: "serial" });

    const reason = abortReasons[i % abortReasons.length]!;
    test(`a post aborted with ${reason} keeps the form as typed and says so`, async ({ page }) => {
      const email = await open(page, form);
      const typed = await form.kept(page).inputValue();
      // Every post fails from here on, so the automatic retries fail too.
      await page.route(postsTo(form), (route) =>
        isFormPost(route) ? route.abort(reason) : route.fallback(),
      );
      await form.button(page).click();
      await expect(toastWith(page, form.unreachable)).toBeVisible();
      await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
      await expect(form.kept(page)).toHaveValue(typed);
      await expect(form.button(page)).toBeEnabled();
      expect(await form.delivered(email)).toEqual((await form.delivered(email)).map(() => 0));
    });

    test("sent offline, it goes out by itself once the connection is back, once", async ({
      page,
      context,
    }) => {
      const email = await open(page, form);
      await context.setOffline(true);
      await form.button(page).click();
      await expect(toastWith(page, form.unreachable)).toBeVisible();
      await context.setOffline(false);
      await form.succeeded(page);
      await deliveredOnce(form, email);
    });

    test("an answer lost after the server stored it is not stored or delivered twice", async ({
      page,
    }) => {
      const email = await open(page, form);
      let lost = false;
      await page.route(postsTo(form), async (route) => {
        if (!isFormPost(route) || lost) return route.fallback();
        lost = true;
        await route.fetch(); // the server stores it...
        await route.abort("connectionreset"); // ...and the phone never hears back
      });
      await form.button(page).click();
      await expect(toastWith(page, form.unreachable)).toBeVisible();
      await form.button(page).click();
      await form.succeeded(page);
      await deliveredOnce(form, email);
    });

    test("a slow post is not a failure, and a double click sends once", async ({ page }) => {
      // React started when the form was filled (open waits for it); the 3 s are the post's alone.
      const email = await open(page, form);
      await page.route(postsTo(form), async (route) => {
        if (!isFormPost(route)) return route.fallback();
        await new Promise((resolve) => setTimeout(resolve, 3_000)); // a 3 s network, simulated
        await route.fallback();
      });
      await form.button(page).dblclick();
      // The 3 s of the network, then the answer (for checkout, Paystack's page) on a busy machine.
      await form.succeeded(page, 15_000);
      await expect(toastWith(page, form.unreachable)).toHaveCount(0);
      await deliveredOnce(form, email);
    });
  });
});

test("offline before the form's checks and toasts came, a send keeps the words, says so, and goes once when back", async ({
  page,
  context,
}) => {
  // React is running, but its lazy pieces never arrive (a connection that dropped just then).
  await page.route(/\/assets\/(schemas|Toaster)-/, (route) => route.abort("internetdisconnected"));
  await gotoHydrated(page, contact.path);
  const email = `net.${uniqueId()}@example.com`;
  await contact.fill(page, email);
  await expect(page.locator("html")).toHaveAttribute("data-react-hydrated", "true");
  await context.setOffline(true);
  await contact.button(page).click();
  await expect(toastWith(page, contact.unreachable)).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(contact.kept(page)).toHaveValue(/restarting/);
  await context.setOffline(false);
  await contact.succeeded(page, RETRY_WAIT_MS);
  await expect(page).toHaveURL(/\/contact$/);
  await deliveredOnce(contact, email);
});

test("with Save-Data on, a footer sign-up sent offline is kept and says so, not the error page", async ({
  page,
  context,
}) => {
  // The footer posts to /newsletter from every page. React Router asks the site which route an
  // address is before it sends a form there: ahead of time for the forms on the page, but never
  // under Save-Data. Offline, the question asked at the press failed to the error page.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "connection", {
      get: () => ({ saveData: true, effectiveType: "3g", addEventListener() {} }),
    }),
  );
  await gotoHydrated(page, footerNewsletter.path);
  const email = `net.${uniqueId()}@example.com`;
  await footerNewsletter.fill(page, email);
  await expect(page.locator("html")).toHaveAttribute("data-react-hydrated", "true");
  // Typing started it all while online: what the footer's form needs has come.
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await footerNewsletter.button(page).click();
  await expect(toastWith(page, footerNewsletter.unreachable)).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(footerNewsletter.kept(page)).toHaveValue(email);
  await context.setOffline(false);
  await footerNewsletter.succeeded(page, RETRY_WAIT_MS);
  await expect(page).toHaveURL(/\/faq$/);
  await deliveredOnce(footerNewsletter, email);
});

test("after a message went through, the next one from the same page is a new message", async ({
  page,
}) => {
  const email = await open(page, contact);
  await contact.button(page).click();
  await contact.succeeded(page);
  await contact.fill(page, email);
  await page.getByLabel("Message", { exact: true }).fill("And a second, different question.");
  await contact.button(page).click();
  await expect.poll(() => contact.delivered(email), { timeout: 15_000 }).toEqual([2, 2]);
  await expect(page).toHaveURL(/\/contact$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [form, landing] of [
    [contact, /\/contact\?sent=(1|later)$/],
    [newsletterPage, /\/newsletter\?subscribed=1$/],
  ] as const) {
    test(`${form.name}: a sent form is answered with a redirect, and a reload sends nothing again`, async ({
      page,
    }) => {
      await page.goto(form.path);
      const email = `nojs.${uniqueId()}@example.com`;
      await form.fill(page, email);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        form.button(page).click(),
      ]);
      expect(response.status()).toBe(303);
      await expect(page).toHaveURL(landing);
      await page.reload();
      await expect(page).toHaveURL(landing);
      await deliveredOnce(form, email);
    });
  }
});
