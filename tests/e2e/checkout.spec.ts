import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { fakes } from "../support/fakes";
import { spawnServer } from "../support/spawn-server";
import { layOutEverything, outboxCaughtUp } from "../support/fixtures";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function fillPayer(page: Page, overrides: Partial<Record<string, string>> = {}) {
  const id = unique();
  const v = {
    name: `Ada Pay ${id}`,
    email: `pay.${id}@example.com`,
    phone: "+234 803 000 2222",
    ...overrides,
  };
  await page.getByLabel("Full Name").fill(v.name);
  await page.getByLabel("Email Address").fill(v.email);
  await page.getByLabel("Phone Number").fill(v.phone);
  return v;
}

/** From an item's checkout page to the fake Paystack page; the reference is read from there. */
async function startPayment(page: Page, item = "happier-marriage") {
  await page.goto(`/checkout?item=${item}`);
  const payer = await fillPayer(page);
  await page.getByRole("button", { name: "Continue to secure payment" }).click();
  await expect(page.getByRole("heading", { name: "Fake Paystack checkout" })).toBeVisible();
  const reference = (await page.getByRole("main").locator("code").textContent()) ?? "";
  expect(reference).toMatch(/^KH-[0-9A-F]{24}$/);
  return { ...payer, reference };
}

async function axeViolations(page: Page) {
  await layOutEverything(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

const paymentMails = (reference: string) => fakes.mailDecodedAbout(reference);

// The fake Paystack's modes are shared, so these tests run one at a time.
test.describe.configure({ mode: "serial" });

test.describe("paying with Paystack", () => {
  // Each test is a few round trips through two servers and a browser on a busy machine.
  test.describe.configure({ timeout: 60_000 });
  test.afterEach(async () => {
    await fakes.paystackMode("ok");
  });

  test("pays end to end from /about: verified success with the reference, and both e-mails once", async ({
    page,
  }) => {
    await page.goto("/about");
    await page
      .getByRole("link", { name: /^Proceed to Payment\W+Happier Marriage Program$/ })
      .click();
    await expect(page).toHaveURL(/\/checkout\?item=happier-marriage$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Happier Marriage Program" })).toBeVisible();
    await expect(page.getByText("Price: ₦124,990")).toBeVisible();

    const payer = await fillPayer(page);
    await page.getByRole("button", { name: "Continue to secure payment" }).click();
    await expect(page.getByRole("heading", { name: "Fake Paystack checkout" })).toBeVisible();
    await expect(page.getByText("₦124,990")).toBeVisible();
    const reference = (await page.getByRole("main").locator("code").textContent()) ?? "";
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await expect(page).toHaveURL(/\/thank-you\?ref=KH-[0-9A-F]{24}&trxref=.*&reference=/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await expect(page.getByText(`Reference: ${reference}`)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    await expect.poll(async () => (await paymentMails(reference)).length).toBe(2);
    const mails = await paymentMails(reference);
    const practice = mails.find((m) => m.to.includes("team@kindredhearts.ng"))!;
    const receipt = mails.find((m) => m.to.includes(payer.email))!;
    expect(practice.text).toContain(payer.name);
    expect(practice.text).toContain("₦124,990");
    expect(receipt.text).toContain("Happier Marriage Program");
    expect(receipt.text).toContain("₦124,990");
    expect(receipt.text).toContain("+234 906 000 1234");

    // The order is stored as paid: Paystack's later word cannot undo it, and nothing is re-sent.
    await fakes.paystackTamper(reference, 100);
    await page.reload();
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    expect((await fakes.paystackWebhook(reference)).status).toBe(200);
    await outboxCaughtUp(page, "mail");
    expect(await paymentMails(reference)).toHaveLength(2);
  });

  test("a Marriage with a Map plan is paid at its plan price", async ({ page }) => {
    await page.goto("/marraige-with-a-map");
    await page.getByRole("link", { name: /^Pay online\W+Growth Map$/ }).click();
    await expect(page).toHaveURL(/\/checkout\?item=map-growth$/);
    await expect(
      page.getByRole("heading", { name: "Marriage with a Map: Growth Map" }),
    ).toBeVisible();
    await expect(page.getByText("Price: ₦55,000")).toBeVisible();
  });

  test("a tampered amount is never a success", async ({ page }) => {
    const { reference } = await startPayment(page);
    await fakes.paystackTamper(reference, 100);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "We could not confirm this payment" }),
    ).toBeVisible();
    await expect(page.getByText("Your payment was successful.")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toBeVisible();
    await outboxCaughtUp(page, "mail");
    expect(await paymentMails(reference)).toHaveLength(0);
  });

  test("an unknown or made-up reference is not a success and is not repeated back", async ({
    page,
  }) => {
    for (const query of [
      "ref=KH-0123456789ABCDEF01234567",
      `reference=${encodeURIComponent("<b>PAID-IN-FULL</b>")}`,
      "trxref=PAID-IN-FULL",
    ]) {
      const response = await page.goto(`/thank-you?${query}`);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "We could not find that payment" }),
      ).toBeVisible();
      await expect(page.getByText("Your payment was successful.")).toHaveCount(0);
      await expect(page.getByText(/PAID-IN-FULL|0123456789ABCDEF/)).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toBeVisible();
    }
  });

  test("a failed payment says so and offers to try again", async ({ page }) => {
    await startPayment(page, "map-legacy");
    await page.getByRole("button", { name: "Fail payment" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your payment did not go through" }),
    ).toBeVisible();
    await expect(page.getByText("Your payment was successful.")).toHaveCount(0);
    const retry = page.getByRole("link", { name: "Try the payment again" });
    await expect(retry).toHaveAttribute("href", "/checkout?item=map-legacy");
    await retry.click();
    await expect(
      page.getByRole("heading", { name: "Marriage with a Map: Legacy Map" }),
    ).toBeVisible();
  });

  test("a cancelled payment says nothing was charged", async ({ page }) => {
    await startPayment(page, "high-quality-singles");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your payment was not completed" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Try the payment again" })).toHaveAttribute(
      "href",
      "/checkout?item=high-quality-singles",
    );
  });

  test("a forged or unsigned webhook is refused with 401 and changes nothing", async ({
    page,
    baseURL,
  }) => {
    const { reference } = await startPayment(page);
    expect((await fakes.paystackWebhook(reference, { forge: true })).status).toBe(401);
    const body = JSON.stringify({
      event: "charge.success",
      data: { reference, amount: 12_499_000, currency: "NGN", status: "success" },
    });
    for (const signature of [undefined, "00", "f".repeat(128)]) {
      const response = await fetch(`${baseURL}/webhooks/paystack`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature ? { "x-paystack-signature": signature } : {}),
        },
        body,
      });
      expect(response.status, String(signature)).toBe(401);
    }
    const oversize = await fetch(`${baseURL}/webhooks/paystack`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ event: "charge.success", padding: "x".repeat(70_000) }),
    });
    expect(oversize.status).toBe(413);
    await page.goto(`/thank-you?ref=${reference}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your payment was not completed" }),
    ).toBeVisible();
    expect(await paymentMails(reference)).toHaveLength(0);
  });

  test("a signed webhook marks the order paid; a replay is acknowledged and sends nothing more", async ({
    page,
  }) => {
    const { reference } = await startPayment(page);
    const first = await fakes.paystackWebhook(reference);
    expect(first.status).toBe(200);
    await expect.poll(async () => (await paymentMails(reference)).length).toBe(2);
    const replay = await fakes.paystackWebhook(reference);
    expect(replay.status).toBe(200);
    await outboxCaughtUp(page, "mail");
    expect(await paymentMails(reference)).toHaveLength(2);
    await page.goto(`/thank-you?ref=${reference}`);
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
  });

  test("when Paystack cannot start the payment the visitor is told, nothing is charged, and details stay", async ({
    page,
  }) => {
    await page.goto("/checkout?item=happier-marriage");
    const payer = await fillPayer(page);
    // For this payer only: the forms of other files, running beside it, still pay.
    await fakes.paystackFailsFor(payer.email);
    await page.getByRole("button", { name: "Continue to secure payment" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "We could not start your payment." }),
    ).toBeVisible();
    await expect(page.getByText(/nothing has been charged/)).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue(payer.name);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("invalid details get a message at the field, and focus moves there", async ({ page }) => {
    await page.goto("/checkout?item=happier-marriage");
    await fillPayer(page, { email: "not-an-email" });
    await page.getByRole("button", { name: "Continue to secure payment" }).click();
    const email = page.getByLabel("Email Address");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("aria-describedby", /email-error/);
    await expect(
      page.getByText("Please enter a valid e-mail address, like name@example.com."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\?item=happier-marriage$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an unknown item is a real 404", async ({ request }) => {
    const response = await request.get("/checkout?item=free-sessions-forever");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("We could not find that programme");
    const posted = await request.post("/checkout?item=free-sessions-forever", {
      form: { name: "Ada", email: "ada@example.com", phone: "+234 803 000 2222" },
    });
    expect(posted.status()).toBe(404);
  });

  test("the price comes from our content, never from the address or the form", async ({ page }) => {
    await page.goto("/checkout?item=map-foundation&amount=100&price=1");
    await expect(page.getByText("Price: ₦35,000")).toBeVisible();
    await page.evaluate(() => {
      const form = document.querySelector("main form")!;
      for (const [name, value] of [
        ["amount", "100"],
        ["price", "1"],
      ]) {
        const input = Object.assign(document.createElement("input"), {
          type: "hidden",
          name,
          value,
        });
        form.append(input);
      }
    });
    await fillPayer(page);
    await page.getByRole("button", { name: "Continue to secure payment" }).click();
    await expect(page.getByRole("heading", { name: "Fake Paystack checkout" })).toBeVisible();
    await expect(page.getByText("₦35,000")).toBeVisible();
  });

  test("the checkout pages are accessible in each state", async ({ page }) => {
    await page.goto("/checkout");
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/checkout?item=nope");
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/checkout?item=map-growth");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the thank-you page is accessible when not paid and when unknown", async ({ page }) => {
    const { reference } = await startPayment(page, "map-foundation");
    await page.goto(`/thank-you?ref=${reference}`);
    await expect(
      page.getByRole("heading", { name: "Your payment was not completed" }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/thank-you?ref=KH-0123456789ABCDEF01234567");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the thank-you page is accessible when paid, on a phone too", async ({ page }) => {
    const { reference } = await startPayment(page, "map-growth");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/thank-you?ref=${reference}`);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("checkout posts, goes to Paystack and comes back confirmed", async ({ page }) => {
    const { reference } = await startPayment(page, "high-quality-singles");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await expect(page.getByText(`Reference: ${reference}`)).toBeVisible();
  });

  test("the checkout post is answered 303 to Paystack's page, and starts one payment", async ({
    page,
  }) => {
    await page.goto("/checkout?item=map-growth");
    const payer = await fillPayer(page);
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Continue to secure payment" }).click();
    expect((await posted).status()).toBe(303);
    await expect(page.getByRole("heading", { name: "Fake Paystack checkout" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Fake Paystack checkout" })).toBeVisible();
    expect(await fakes.paystackInitializedFor(payer.email)).toHaveLength(1);
  });

  test("server validation shows each error at its field and keeps the values", async ({ page }) => {
    await page.goto("/checkout?item=happier-marriage");
    const payer = await fillPayer(page, { phone: "call me" });
    await page.getByRole("button", { name: "Continue to secure payment" }).click();
    await expect(
      page.getByText("Please enter a valid phone number, like +234 803 000 0000."),
    ).toBeVisible();
    const phone = page.getByLabel("Phone Number");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAttribute("aria-describedby", /phone-error/);
    await expect(phone).toBeFocused();
    await expect(page.getByLabel("Full Name")).toHaveValue(payer.name);
    await expect(page.getByRole("heading", { name: "Happier Marriage Program" })).toBeVisible();
  });
});

test.describe("when payments are not configured", () => {
  test.describe.configure({ timeout: 60_000 });
  let server: Awaited<ReturnType<typeof spawnServer>>;
  test.beforeAll(async () => {
    // A second server process starts in a few seconds, slower on a busy machine.
    test.setTimeout(120_000);
    server = await spawnServer({ PAYSTACK_SECRET_KEY: "", PAYSTACK_API_URL: "" });
    // spawnServer stops waiting after 30 s; under load the start can take longer.
    const up = () =>
      fetch(`${server.url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
    await expect.poll(up, { timeout: 60_000 }).toBe(true);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("checkout shows 'Checkout Temporarily Unavailable' with a Contact us link", async ({
    page,
  }) => {
    for (const path of ["/checkout", "/checkout?item=happier-marriage", "/checkout?item=nope"]) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(
        page.getByRole("heading", { level: 1, name: "Checkout Temporarily Unavailable" }),
      ).toBeVisible();
      await expect(
        page.getByRole("main").getByRole("link", { name: "Contact us" }),
      ).toHaveAttribute("href", "/contact");
      await expect(page.getByRole("main").locator("form")).toHaveCount(0);
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  test("/about still has two Proceed to Payment buttons to /checkout; plans offer WhatsApp only", async ({
    page,
  }) => {
    await page.goto(`${server.url}/about`);
    const pay = page.getByRole("link", { name: /^Proceed to Payment/ });
    await expect(pay).toHaveCount(2);
    await pay.first().click();
    await expect(
      page.getByRole("heading", { name: "Checkout Temporarily Unavailable" }),
    ).toBeVisible();
    await page.goto(`${server.url}/marraige-with-a-map`);
    await expect(page.getByRole("link", { name: /^Pay online/ })).toHaveCount(0);
  });

  test("thank-you keeps the spec's page: the reference as plain text, over-long ones ignored", async ({
    page,
  }) => {
    await page.goto(`${server.url}/thank-you?ref=KH-2025-0042`);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await expect(page.getByText("Reference: KH-2025-0042")).toBeVisible();
    await page.goto(`${server.url}/thank-you?ref=${encodeURIComponent("<b>x</b>")}`);
    await expect(page.getByText("Reference: <b>x</b>")).toBeVisible();
    await expect(page.getByRole("main").locator("b")).toHaveCount(0);
    await page.goto(`${server.url}/thank-you`);
    await expect(page.getByText(/Reference:/)).toHaveCount(0);
    await page.goto(`${server.url}/thank-you?ref=${"A".repeat(101)}`);
    await expect(page.getByText("Your payment was successful.")).toBeVisible();
    await expect(page.getByText(/Reference:/)).toHaveCount(0);
  });

  test("there is no webhook to post to", async () => {
    const response = await fetch(`${server.url}/webhooks/paystack`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(405);
  });
});
