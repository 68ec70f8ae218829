import { expect, test } from "@playwright/test";
import { fakes } from "../support/fakes";
import { fillContact, outboxCaughtUp, toastWith } from "../support/fixtures";
import { gotoHydrated } from "../support/hydration";

// These tests steer the shared fake HubSpot, so they run one at a time.
test.describe.configure({ mode: "serial" });

test.beforeEach(async () => {
  await fakes.hubspotMode("contact-form", "accept");
});

test("the form has the spec's fields, labels and need options", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByLabel("Full Name")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("Phone Number")).not.toHaveAttribute("required", "");
  const need = page.getByLabel("What do you need help with?");
  await expect(need).toHaveValue("couples-counseling");
  const options = await need
    .locator("option")
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  expect(options).toEqual([
    "enquiries",
    "couples-counseling",
    "individual-counseling",
    "premarital-counseling",
    "marriage-counseling",
    "family-counseling",
    "divorce-counseling",
    "sex-therapy",
    "online-counseling",
    "programs",
    "other",
  ]);
});

test("a message is stored, sent to HubSpot with the exact fields, e-mailed, and the form clears", async ({
  page,
}) => {
  await page.goto("/contact");
  const v = await fillContact(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    toastWith(page, "Message sent successfully! We will get back to you shortly."),
  ).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

  const received = await fakes.hubspotReceivedFor(v.email);
  expect(received).toHaveLength(1);
  expect(received[0]!.portalId).toBe("12345");
  expect(received[0]!.formId).toBe("contact-form");
  const fields = received[0]!.body.fields;
  expect(fields.map((f) => f.name)).toEqual([
    "firstname",
    "email",
    "phone",
    "need",
    "message",
    "created_at",
  ]);
  expect(Object.fromEntries(fields.map((f) => [f.name, f.value]))).toMatchObject({
    firstname: v.name,
    email: v.email,
    phone: v.phone,
    need: "marriage-counseling",
    message: v.message,
  });
  expect(new Date(fields[5]!.value).toISOString()).toBe(fields[5]!.value);
  expect(received[0]!.body.context).toMatchObject({ pageName: "Contact Us" });
  expect(received[0]!.body.context.pageUri).toMatch(/\/contact$/);

  await expect
    .poll(async () => (await fakes.mailAbout(v.email)).length, { timeout: 10_000 })
    .toBe(1);
  const mail = (await fakes.mailAbout(v.email))[0]!;
  expect(mail.to).toEqual(["team@kindredhearts.ng"]);
  expect(mail.raw).toContain(v.email);
});

test("while sending, the button says Sending... and is disabled, with a toast", async ({
  page,
}) => {
  await fakes.hubspotMode("contact-form", "hang");
  await page.goto("/contact");
  await fillContact(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  await expect(toastWith(page, "Sending your message...")).toBeVisible();
  // HubSpot hangs: after about 3 seconds the visitor is told the message is safely received.
  await expect(
    toastWith(page, "Message sent successfully! We will get back to you shortly."),
  ).toBeVisible({ timeout: 8000 });
  await expect(toastWith(page, /safely saved/)).toBeVisible();
  await fakes.hubspotMode("contact-form", "accept");
});

test("a HubSpot rejection shows 'Failed to save to CRM (HubSpot).' and keeps what was typed", async ({
  page,
}) => {
  await fakes.hubspotMode("contact-form", "reject");
  await page.goto("/contact");
  const v = await fillContact(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toastWith(page, "Failed to save to CRM (HubSpot).")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue(v.name);
  // Mail is configured here, so the refused lead still reaches the practice inbox, with the reason.
  await expect(toastWith(page, "our team will still see it")).toBeVisible();
  await expect
    .poll(async () => (await fakes.mailDecodedAbout(v.email)).map((m) => m.text), {
      timeout: 15_000,
    })
    .toContainEqual(expect.stringContaining("HubSpot refused this contact submission"));
});

test("when HubSpot is down the visitor is told the message was received, and it is delivered once it recovers", async ({
  page,
}) => {
  await fakes.hubspotMode("contact-form", "down");
  await page.goto("/contact");
  const v = await fillContact(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    toastWith(page, "Message sent successfully! We will get back to you shortly."),
  ).toBeVisible();
  const copiesOfThis = async () => (await fakes.hubspotReceivedFor(v.email)).length;
  expect(await copiesOfThis()).toBe(0);
  await fakes.hubspotMode("contact-form", "accept");
  // the first retry comes within 5 seconds; then it is delivered exactly once
  await expect.poll(copiesOfThis, { timeout: 15_000 }).toBe(1);
  await outboxCaughtUp(page, "hubspot");
  expect(await copiesOfThis()).toBe(1);
});

test("a message of 5,000 emoji is kept whole by the field and accepted by the server", async ({
  page,
}) => {
  await page.goto("/contact");
  const message = "😀".repeat(5000);
  const v = await fillContact(page, { message });
  // The textarea's limit counts UTF-16 units, two per emoji: it must not cut the message in half.
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toastWith(page, "Message sent successfully!")).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await fakes.hubspotReceivedFor(v.email)).length).toBe(1);
  const sent = (await fakes.hubspotReceivedFor(v.email))[0]!.body.fields;
  expect(sent).toContainEqual({ name: "message", value: message });
});

test("invalid input gets a message at the field, and focus moves to it", async ({ page }) => {
  // Sent before React has started too: the small script holds it for React, whose message it is.
  await page.route(/\/assets\/entry\.client-/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await gotoHydrated(page, "/contact");
  const v = await fillContact(page, { message: "Too short" });
  await page.getByRole("button", { name: "Send Message" }).click();
  const message = page.getByLabel("Message", { exact: true });
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please write a little more, at least 10 characters.")).toBeVisible();
  const describedBy = await message.getAttribute("aria-describedby");
  expect(describedBy).toContain("message-error");
  expect(await fakes.hubspotReceivedFor(v.email)).toHaveLength(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, stores and confirms on the page", async ({ page }) => {
    await page.goto("/contact");
    const v = await fillContact(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Message sent successfully! We will get back to you shortly." }),
    ).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    expect(await fakes.hubspotReceivedFor(v.email)).toHaveLength(1);
  });

  test("server validation shows the error at the field and keeps the values", async ({ page }) => {
    await page.goto("/contact");
    const v = await fillContact(page, { phone: "call me maybe" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Please enter a valid phone number, like +234 803 000 0000."),
    ).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue(v.name);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(v.message);
    await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Phone Number")).toBeFocused();
  });

  test("a filled honeypot is answered like a person but nothing is sent on", async ({ page }) => {
    await page.goto("/contact");
    const v = await fillContact(page);
    await page
      .getByRole("main")
      .locator('input[name="kh_leave_blank"]')
      .fill("http://spam.example", { force: true });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Message sent successfully!" }),
    ).toBeVisible();
    expect(await fakes.hubspotReceivedFor(v.email)).toHaveLength(0);
  });
});
