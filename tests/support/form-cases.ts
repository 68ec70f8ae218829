import { type Locator, type Page, type Route, expect } from "@playwright/test";
import { messages } from "../../app/content/messages";
import { fakes } from "./fakes";
import { toastWith, uniqueId } from "./fixtures";
import { gotoHydrated } from "./hydration";

/**
 * Every form of the site, as a visitor fills it in and sends it, and what proves it arrived: for
 * specs that put each form through the same trouble.
 */

export interface FormCase {
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
  kept: (page: Page) => Locator;
  /** what the visitor sees when it went through; `timeout` when it comes from a retry */
  succeeded: (page: Page, timeout?: number) => Promise<void>;
  /** how many times it reached the outside world (CRM, e-mail, Paystack), per channel */
  delivered: (email: string) => Promise<number[]>;
  /** the files React fetches ahead for this form once it runs, beyond the checks and the toasts */
  fetchedAhead?: string[];
}

export const contact: FormCase = {
  name: "contact",
  path: "/contact",
  action: "/contact",
  button: (page) => page.getByRole("button", { name: "Send Message" }),
  unreachable: messages.contact.failed,
  async fill(page, email) {
    await page.getByLabel("Full Name").fill("Ada Proxy");
    await page.getByLabel("Email Address").fill(email);
    await page
      .getByLabel("Message", { exact: true })
      .fill("The site was restarting when I pressed send, please help.");
  },
  kept: (page) => page.getByLabel("Message", { exact: true }),
  succeeded: (page, timeout) =>
    expect(toastWith(page, messages.contact.sent)).toBeVisible({ timeout }),
  delivered: async (email) => [
    (await fakes.hubspotReceivedFor(email)).length,
    (await fakes.mailAbout(email)).length,
  ],
};

export const newsletterPage: FormCase = {
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
  succeeded: (page, timeout) =>
    expect(page.getByText(messages.newsletter.thanks)).toBeVisible({ timeout }),
  delivered: async (email) => [(await fakes.hubspotReceivedFor(email)).length],
};

export const footerNewsletter: FormCase = {
  ...newsletterPage,
  name: "footer newsletter",
  path: "/faq",
  fill: (page, email) => page.getByLabel("Your e-mail for the newsletter").fill(email),
  kept: (page) => page.getByLabel("Your e-mail for the newsletter"),
  button: (page) =>
    page
      .getByRole("region", { name: "Relationship tips, once a week" })
      .getByRole("button", { name: "Subscribe" }),
  // The /newsletter route the footer posts to (PrefetchPageLinks in NewsletterForm.tsx).
  fetchedAhead: ["/assets/newsletter-"],
};

export const booking: FormCase = {
  name: "booking",
  path: "/schedule",
  action: "/schedule",
  button: (page) => page.getByRole("button", { name: "Complete Booking" }),
  unreachable: messages.booking.unreachable,
  async fill(page, email) {
    await page.getByLabel("Name", { exact: true }).fill("Bola Proxy");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Contact number").fill("+234 803 000 2222");
  },
  kept: (page) => page.getByLabel("Contact number"),
  // The provider's page opens in a modal dialog, which hides the rest of the page (toasts too).
  succeeded: (page, timeout) =>
    expect(page.getByRole("dialog", { name: "Choose your time" })).toBeVisible({ timeout }),
  delivered: async (email) => [(await fakes.mailAbout(email)).length],
};

export const checkout: FormCase = {
  name: "checkout",
  path: "/checkout?item=happier-marriage",
  action: "/checkout",
  button: (page) => page.getByRole("button", { name: messages.checkout.button }),
  unreachable: messages.checkout.unreachable,
  async fill(page, email) {
    await page.getByLabel("Full Name").fill("Chidi Proxy");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Phone Number").fill("+234 803 000 3333");
  },
  kept: (page) => page.getByLabel("Phone Number"),
  succeeded: (page, timeout) => expect(page).not.toHaveURL(/\/checkout/, { timeout }),
  delivered: async (email) => [(await fakes.paystackInitializedFor(email)).length],
};

export const forms = [contact, newsletterPage, footerNewsletter, booking, checkout];

/** The form's own post (React Router sends a fetcher's post to `<action>.data`). */
export const postsTo = (form: FormCase) => (url: URL) => url.pathname.startsWith(form.action);
export const isFormPost = (route: Route) => route.request().method() === "POST";

/** How long a test waits for the automatic retry (5 s after a failure) to go through. */
export const RETRY_WAIT_MS = 30_000;

/**
 * Opens the form's page and fills the form with a fresh e-mail address; returns the address.
 * Filling starts React (docs/decisions/025); this waits until it runs, so what follows meets
 * React's form and not the small script's stand-in (a form sent offline before React is ready
 * has its own test in first-paint.spec.ts, one sent before React's lazy pieces came its own in
 * network-failures.spec.ts).
 */
export async function openAndFill(page: Page, form: FormCase, prefix = "proxy") {
  await gotoHydrated(page, form.path);
  const email = `${prefix}.${uniqueId()}@example.com`;
  await form.fill(page, email);
  await expect(page.locator("html")).toHaveAttribute("data-react-hydrated", "true", {
    timeout: 15_000,
  });
  // What React fetches once a form is used (its checks, the toasts, the footer sign-up's route)
  // has come, as it has for a visitor who took a few seconds to type.
  const ahead = ["/assets/schemas-", "/assets/Toaster-", ...(form.fetchedAhead ?? [])];
  await expect
    .poll(() =>
      page.evaluate(
        (names) =>
          names.filter(
            (name) =>
              !performance
                .getEntriesByType("resource")
                .some(
                  (entry) =>
                    entry.name.includes(name) &&
                    (entry as PerformanceResourceTiming).responseEnd > 0,
                ),
          ),
        ahead,
      ),
    )
    .toEqual([]);
  return email;
}

/** Waits until the outside world saw it exactly once on every channel. */
export async function deliveredOnce(form: FormCase, email: string) {
  await expect
    .poll(() => form.delivered(email), { timeout: 20_000 })
    .toEqual((await form.delivered(email)).map(() => 1));
}

/** The shared fakes back to accepting every form's delivery (CRM forms and Paystack). */
export async function fakesAcceptEveryForm() {
  await fakes.hubspotMode("contact-form", "accept");
  await fakes.hubspotMode("newsletter-form", "accept");
  await fakes.paystackMode("ok");
}
