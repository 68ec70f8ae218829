import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Page, expect, test } from "@playwright/test";
import { spawnServer } from "../support/spawn-server";
import { layOutEverything, uniqueId } from "../support/fixtures";

/**
 * Bookings the practice owns (BOOKINGS=native, issue 42), as a visitor on a 390 px phone: book on
 * /schedule, see "Booked", open the change link, move to another time, cancel; without
 * JavaScript and with it. On a site of its own, so its bookings meet no other test's.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: Awaited<ReturnType<typeof spawnServer>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Many posts from one address: the limiter has its own tests.
  server = await spawnServer(
    { BOOKINGS: "native", FORM_RATE_LIMIT: "1000" },
    { postgresInPostgresRun: true },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

const phone = { width: 390, height: 844 };
const bookingPath = /\/bookings\/[A-Za-z0-9_-]+/;

async function open(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    viewport: phone,
    javaScriptEnabled,
    // A visitor abroad: with JavaScript, their own time shows beside Lagos time.
    timezoneId: "Europe/London",
  });
  return context.newPage();
}

async function fillDetails(page: Page) {
  await page.getByLabel("Name", { exact: true }).fill("Bola Ade");
  await page.getByLabel("Email", { exact: true }).fill(`bola.${uniqueId()}@example.com`);
  await page.getByLabel("Contact number").fill("+234 803 000 2222");
}

/** The radio's posted value ("2026-12-07T09:00") of the n-th offered time on the page. */
async function timeValue(page: Page, n: number) {
  return page.locator('input[name="time"]').nth(n).getAttribute("value");
}

/** The session type /schedule's HTML has chosen, whose times it shows. */
function chosenSessionType(html: string) {
  const radio = [...html.matchAll(/<input[^>]*name="sessionTypeId"[^>]*>/g)].find((m) =>
    / checked=/.test(m[0]),
  );
  return /value="([^"]+)"/.exec(radio![0])![1]!;
}

async function bookedTime(page: Page) {
  return page.locator("dl time").first().getAttribute("datetime");
}

async function bookMoveCancel(page: Page, { js }: { js: boolean }) {
  const response = await page.goto(`${server.url}/schedule`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(
    page.getByRole("heading", { level: 1, name: "Schedule Your Appointment" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Book Your Session" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Other Ways to Schedule" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Call Us Directly" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Emergency appointments on request" })).toBeVisible();

  // Each day's times are radios in a fieldset named by the day, in Lagos time with its offset.
  const firstDay = page.locator("fieldset").filter({ has: page.locator('input[name="time"]') });
  await expect(firstDay.first().locator("legend")).toHaveText(
    /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday) \d{1,2} \w+ \d{4}$/,
  );
  await expect(page.locator("label time").first()).toHaveAttribute(
    "datetime",
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+01:00$/,
  );

  await fillDetails(page);
  // Paging keeps what was typed, with or without JavaScript.
  const before = await timeValue(page, 0);
  await page.getByRole("button", { name: "Later times →" }).click();
  await expect.poll(() => timeValue(page, 0)).not.toBe(before);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bola Ade");
  await expect(page.getByLabel("Contact number")).toHaveValue("+234 803 000 2222");

  if (js) {
    await expect(page.locator("label [data-local-time]").first()).toHaveText(/your time/);
  } else {
    await expect(page.locator("label [data-local-time]").first()).toHaveText("");
  }

  // Two taps from the times: one to choose, one to book.
  const chosen = await timeValue(page, 0);
  await page.locator('input[name="time"]').first().check();
  await page.getByRole("button", { name: "Complete Booking" }).click();
  await expect(page).toHaveURL(bookingPath);
  await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
  await expect.poll(() => bookedTime(page)).toBe(`${chosen}+01:00`);
  await expect(page.getByText("Session", { exact: true })).toBeVisible();
  await expect(page.getByText("Counsellor", { exact: true })).toBeVisible();
  await expect(page.getByText("Where", { exact: true })).toBeVisible();
  const link = new URL(page.url());
  const headers = (await page.request.get(page.url())).headers();
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["x-robots-tag"]).toBe("noindex");
  // Never to another site; to this one, so its own forms carry their origin.
  expect(headers["referrer-policy"]).toMatch(/same-origin$/);

  // The change link, as the e-mail gives it: another time.
  await page.goto(`${server.url}${link.pathname}`);
  await expect(page.getByRole("heading", { name: "Choose another time" })).toBeVisible();
  const next = await timeValue(page, 1);
  await page.locator('input[name="time"]').nth(1).check();
  await page.getByRole("button", { name: "Move my session to this time" }).click();
  await expect(page).toHaveURL(/\?moved=1/);
  await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
  // React may draw the new page a moment after the address changes.
  await expect.poll(() => bookedTime(page)).toBe(`${next}+01:00`);

  // Cancel, with a second step that works without JavaScript.
  await page.getByRole("link", { name: "Cancel this session" }).click();
  await expect(page.getByRole("button", { name: "Yes, cancel this session" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel this session" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cancelled" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Choose another time" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cancel this session" })).toHaveCount(0);
}

test("without JavaScript, a visitor books, moves and cancels a session", async ({ browser }) => {
  const page = await open(browser, false);
  await bookMoveCancel(page, { js: false });
  await page.context().close();
});

test("with JavaScript, a visitor books, moves and cancels a session", async ({ browser }) => {
  const page = await open(browser, true);
  await bookMoveCancel(page, { js: true });
  await page.context().close();
});

test("without JavaScript, empty details get messages at the fields, the choice kept", async ({
  browser,
}) => {
  const page = await open(browser, false);
  await page.goto(`${server.url}/schedule`);
  const chosen = await timeValue(page, 2);
  await page.locator('input[name="time"]').nth(2).check();
  await page.getByLabel("Name", { exact: true }).fill("Bola Ade");
  // The browser's own check would stop the post: send it as an old browser would.
  await page.locator("form[aria-labelledby='book-heading']").evaluate((f: HTMLFormElement) => {
    f.noValidate = true;
  });
  await page.getByRole("button", { name: "Complete Booking" }).click();
  await expect(page.getByText("Please enter your e-mail address.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bola Ade");
  await expect(page.locator(`input[name="time"][value="${chosen}"]`)).toBeChecked();
  await page.context().close();
});

test("a session and counsellor change without JavaScript, what was typed kept", async ({
  browser,
}) => {
  const page = await open(browser, false);
  await page.goto(`${server.url}/schedule`);
  await fillDetails(page);
  const types = page.locator('input[name="sessionTypeId"]');
  await types.nth(1).check();
  const counsellor = page.getByLabel("Counsellor");
  const second = await counsellor.locator("option").nth(1).getAttribute("value");
  await counsellor.selectOption(second!);
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(types.nth(1)).toBeChecked();
  await expect(counsellor).toHaveValue(second!);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bola Ade");
  await page.context().close();
});

test("a forged or crafted post is a 4xx or a message at the field, never a 5xx or a booking", async ({
  request,
}) => {
  const page = await request.get(`${server.url}/schedule`);
  const html = await page.text();
  const sessionTypeId = chosenSessionType(html);
  const good = /name="time" value="([^"]+)"/.exec(html)![1]!;
  const day = good.slice(0, 10);
  const base = {
    name: "Bola Ade",
    email: `bola.${uniqueId()}@example.com`,
    phone: "+234 803 000 2222",
    sessionTypeId,
    counsellorId: "first",
  };
  // The next Sunday on or after the first offered day.
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  const sunday = `${d.toISOString().slice(0, 10)}T10:00`;
  const cases: Record<string, string>[] = [
    { ...base, time: "2020-01-06T09:00" },
    { ...base, time: sunday },
    { ...base, time: `${day}T09:07` },
    { ...base, time: `${day}T23:00` },
    { ...base, time: "not-a-time" },
    { ...base, time: "2026-02-30T09:00" },
    { ...base, time: good, counsellorId: "no-such-counsellor" },
    { ...base, time: good, sessionTypeId: "no-such-session" },
    { ...base, time: good, email: "not-an-email" },
    { ...base, time: good, name: "" },
  ];
  for (const form of cases) {
    const response = await request.post(`${server.url}/schedule`, { form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBeGreaterThanOrEqual(400);
    expect(response.status(), JSON.stringify(form)).toBeLessThan(500);
  }
  for (const path of ["/bookings/forged-token-forged-token-forged-token-1", "/bookings/x"]) {
    const response = await request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain("We could not find that booking");
    const post = await request.post(`${server.url}${path}`, {
      form: { intent: "cancel" },
      maxRedirects: 0,
    });
    expect(post.status(), path).toBe(404);
  }
});

test("the same post sent twice makes one booking", async ({ request }) => {
  const html = await (await request.get(`${server.url}/schedule`)).text();
  const form = {
    name: "Bola Ade",
    email: `bola.${uniqueId()}@example.com`,
    phone: "+234 803 000 2222",
    sessionTypeId: chosenSessionType(html),
    counsellorId: "first",
    time: [...html.matchAll(/name="time" value="([^"]+)"/g)].at(-1)![1]!,
    idempotency_key: /name="idempotency_key" value="([^"]+)"/.exec(html)![1]!,
  };
  const [first, second] = await Promise.all(
    [1, 2].map(() => request.post(`${server.url}/schedule`, { form, maxRedirects: 0 })),
  );
  expect(first!.status()).toBe(303);
  expect(second!.status()).toBe(303);
  expect(second!.headers().location).toBe(first!.headers().location);
  const third = await request.post(`${server.url}/schedule`, { form, maxRedirects: 0 });
  expect(third.headers().location).toBe(first!.headers().location);
});

test("/schedule and a booking's page have no accessibility violations", async ({ browser }) => {
  const page = await open(browser, true);
  const check = async () => {
    await layOutEverything(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      ),
    ).toEqual([]);
  };
  await page.goto(`${server.url}/schedule`);
  await check();
  await fillDetails(page);
  await page.locator('input[name="time"]').nth(3).check();
  await page.getByRole("button", { name: "Complete Booking" }).click();
  await expect(page).toHaveURL(bookingPath);
  await check();
  await page.goto(`${page.url().split("?")[0]}?cancel=1`);
  await check();
  await page.goto(`${server.url}/bookings/forged-token-forged-token-forged-token-1`);
  await check();
  await page.context().close();
});
