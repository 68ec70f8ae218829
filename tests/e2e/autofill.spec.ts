import { expect, test } from "@playwright/test";
import { autofill, uniqueId } from "../support/fixtures";
import {
  contact,
  deliveredOnce,
  fakesAcceptEveryForm,
  footerNewsletter,
} from "../support/form-cases";

/**
 * A visitor who saved their details in Chromium fills a form with one click. The profile has a
 * company name; the form's hidden trap for bots must not take it, or the lead is dropped as a bot.
 */

test.beforeEach(fakesAcceptEveryForm);

const profile = (email: string) => ({
  NAME_FULL: "Adaeze Okafor",
  COMPANY_NAME: "Okafor & Daughters Ltd",
  EMAIL_ADDRESS: email,
  PHONE_HOME_WHOLE_NUMBER: "+2348030001111",
  ADDRESS_HOME_LINE1: "12 Admiralty Way",
  ADDRESS_HOME_CITY: "Lagos",
});

test("a contact form filled by the browser's autofill, company name and all, is delivered", async ({
  page,
}) => {
  await page.goto(contact.path);
  const email = `autofill.${uniqueId()}@example.com`;
  await autofill(page.getByLabel("Full Name"), profile(email));
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Full Name")).toHaveValue("Adaeze Okafor");
  await page
    .getByLabel("Message", { exact: true })
    .fill("My husband and I would like to start counselling next month.");
  await contact.button(page).click();
  await contact.succeeded(page, 15_000);
  await deliveredOnce(contact, email);
});

test("a footer sign-up filled by the browser's autofill is delivered", async ({ page }) => {
  await page.goto("/about");
  const email = `autofill.${uniqueId()}@example.com`;
  await autofill(footerNewsletter.kept(page), profile(email));
  await expect(footerNewsletter.kept(page)).toHaveValue(email);
  await footerNewsletter.button(page).click();
  await expect(page.getByRole("contentinfo").getByText("Thank You!")).toBeVisible({
    timeout: 15_000,
  });
  await deliveredOnce(footerNewsletter, email);
});
