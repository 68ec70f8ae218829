import { type Locator, type Page, type Route, expect, test } from "@playwright/test";
import { messages } from "../../app/content/messages";
import { fakes } from "../support/fakes";
import { gotoHydrated } from "../support/hydration";

const toastWith = (page: Page, text: string | RegExp) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text);

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** One form of the site: how a visitor fills it in, sends it, and what proves it arrived. */
interface FormCase {
  name: string;
  path: string;
  /** where the form posts */
  action: string;
  /** the form's send button */
  button: (page: Page) => Locator;
  /** the words of the failure message when the post does not get through */
  unreachable: string;
  fill: (page: Page, email: string) => Promise<void>;
  /** the field whose value must survive a failure */
  kept: (page: Page) => ReturnType<Page["getByLabel"]>;
  /** what the visitor sees when it went through */
  succeeded: (page: Page) => Promise<void>;
  /** how many times it reached the outside world (CRM, e-mail, Paystack), per channel */
  delivered: (email: string) => Promise<number[]>;
}

const contact: FormCase = {
  name: "contact",
  path: "/contact",
  action: "/contact",
  button: (page) => page.getByRole("button", { name: "Send Message" }),
  unreachable: messages.contact.failed,
  async fill(page, email) {
    await page.getByLabel("Full Name").fill("Ada Network");
    await page.getByLabel("Email Address").fill(email);
    await page
      .getByLabel("Message", { exact: true })
      .fill("We lost signal on the bridge, please help.");
  },
  kept: (page) => page.getByLabel("Message", { exact: true }),
  succeeded: (page) =>
    expect(
      toastWith(page, "Message sent successfully! We will get back to you shortly."),
    ).toBeVisible(),
  delivered: async (email) => [
    (await fakes.hubspotReceivedFor(email)).length,
    (await fakes.mailAbout(email)).length,
  ],
};

const newsletterPage: FormCase = {
  name: "newsletter page",
  path: "/newsletter",
  action: "/newsletter",
  button: (page) =>
    page
      .getByRole("region", { name: "Join the newsletter" })
      .getByRole("button", { name: "Subscribe" }),
  unreachable: messages.newsletter.unreachable,
  fill: (page, email) => page.getByLabel("Email Address").fill(email),
  kept: (page) => page.getByLabel("Email Address"),
  succeeded: (page) => expect(page.getByText(messages.newsletter.thanks)).toBeVisible(),
  delivered: async (email) => [(await fakes.hubspotReceivedFor(email)).length],
};

const footerNewsletter: FormCase = {
  ...newsletterPage,
  name: "footer newsletter",
  path: "/faq",
  fill: (page, email) => page.getByLabel("Your e-mail for the newsletter").fill(email),
  kept: (page) => page.getByLabel("Your e-mail for the newsletter"),
  button: (page) =>
    page
      .getByRole("region", { name: "Relationship tips, once a week" })
      .getByRole("button", { name: "Subscribe" }),
};

const booking: FormCase = {
  name: "booking",
  path: "/schedule",
  action: "/schedule",
  button: (page) => page.getByRole("button", { name: "Complete Booking" }),
  unreachable: messages.booking.unreachable,
  async fill(page, email) {
    await page.getByLabel("Name", { exact: true }).fill("Bola Network");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Contact number").fill("+234 803 000 2222");
  },
  kept: (page) => page.getByLabel("Contact number"),
  // The provider's page opens in a modal dialog, which hides the rest of the page (toasts too).
  succeeded: (page) => expect(page.getByRole("dialog", { name: "Choose your time" })).toBeVisible(),
  delivered: async (email) => [(await fakes.mailAbout(email)).length],
};

const checkout: FormCase = {
  name: "checkout",
  path: "/checkout?item=happier-marriage",
  action: "/checkout",
  button: (page) => page.getByRole("button", { name: messages.checkout.button }),
  unreachable: messages.checkout.unreachable,
  async fill(page, email) {
    await page.getByLabel("Full Name").fill("Chidi Network");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Phone Number").fill("+234 803 000 3333");
  },
  kept: (page) => page.getByLabel("Phone Number"),
  succeeded: (page) => expect(page).not.toHaveURL(/\/checkout/),
  delivered: async (email) => [(await fakes.paystackInitializedFor(email)).length],
};

const forms = [contact, newsletterPage, footerNewsletter, booking, checkout];

/** The form's own post (React Router sends a fetcher's post to `<action>.data`). */
const postsTo = (form: FormCase) => (url: URL) => url.pathname.startsWith(form.action);
const isFormPost = (route: Route) => route.request().method() === "POST";

async function open(page: Page, form: FormCase) {
  await gotoHydrated(page, form.path);
  const email = `net.${unique()}@example.com`;
  await form.fill(page, email);
  return email;
}

/** Waits until the outside world saw it exactly once on every channel, and stays so. */
async function deliveredOnce(form: FormCase, email: string) {
  await expect
    .poll(() => form.delivered(email), { timeout: 15_000 })
    .toEqual((await form.delivered(email)).map(() => 1));
}

test.beforeEach(async () => {
  await fakes.hubspotMode("contact-form", "accept");
  await fakes.hubspotMode("newsletter-form", "accept");
  await fakes.paystackMode("ok");
});

for (const form of forms) {
  test.describe(form.name, () => {
    // These tests steer the shared fakes (HubSpot, Paystack), so one form's run one at a time.
    test.describe.configure({ mode: "serial" });

    for (const reason of ["internetdisconnected", "connectionreset"] as const) {
      test(`a post aborted with ${reason} keeps the form as typed and says so`, async ({
        page,
      }) => {
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
    }

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
      const email = await open(page, form);
      await page.route(postsTo(form), async (route) => {
        if (!isFormPost(route)) return route.fallback();
        await new Promise((resolve) => setTimeout(resolve, 3_000)); // a 3 s network, simulated
        await route.fallback();
      });
      await form.button(page).dblclick();
      await form.succeeded(page);
      await expect(toastWith(page, form.unreachable)).toHaveCount(0);
      await deliveredOnce(form, email);
    });
  });
}

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
      const email = `nojs.${unique()}@example.com`;
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
