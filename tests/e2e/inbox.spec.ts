import { spawnSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { editorBaseURL } from "../../playwright.config";
import { allKindsHeadings, exportHeadings } from "../../server/inbox/export-columns";
import { parseCsv } from "../support/csv";
import {
  EDITOR_EMAIL,
  SECOND_EDITOR_EMAIL,
  requestSignInLink,
  signInAsEditor,
  signInLinkFor,
} from "../support/editor";
import { fakes } from "../support/fakes";
import { fillContact, layOutEverything, toastWith } from "../support/fixtures";

/**
 * The practice's front office (issue 30): what visitors sent, in /admin/inbox, and one person's
 * data found, handed over and erased at /admin/people. On the editor's site, where
 * editor@kindredhearts.ng is in both EDITOR_EMAILS and INBOX_EMAILS, office@kindredhearts.ng only
 * in INBOX_EMAILS, and second.editor@kindredhearts.ng only in EDITOR_EMAILS (playwright.config.ts).
 */

const OFFICE_EMAIL = "office@kindredhearts.ng";
const phone = { width: 390, height: 844 };

// One at a time: they steer the shared fake HubSpot and Paystack.
test.describe.configure({ mode: "default" });
test.use({ viewport: phone });
// Each test sends forms as a visitor, then signs in: slow on a loaded machine.
test.setTimeout(180_000);

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function axeViolations(page: Page) {
  await layOutEverything(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

/** axe at a phone's width and a laptop's, then back to the phone. */
async function axeAtBothWidths(page: Page) {
  for (const size of [phone, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), `${page.url()} at ${size.width}px`).toEqual([]);
  }
  await page.setViewportSize(phone);
}

const cards = (page: Page) =>
  page.getByRole("list", { name: "What visitors sent" }).getByRole("listitem");

/** `npm run export -- --kind KIND` on the editor's site's database, as an operator runs it. */
function exported(kind: string): string[][] {
  const result = spawnSync(process.execPath, ["build/node/export.js", "--kind", kind], {
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_EDITOR_DATA_DIR,
      DATABASE_URL: process.env.E2E_EDITOR_DATABASE_URL ?? "",
    },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return parseCsv(result.stdout);
}

/**
 * The inbox's CSV of one kind, searched for `who`, is the export of that kind: the same headings
 * in the same order, and the same cells in each of `who`'s rows.
 */
async function expectTheExport(page: Page, kind: string, exportKind: string, who: string) {
  const response = await page.request.get(
    `/admin/inbox/csv?kind=${kind}&q=${encodeURIComponent(who)}`,
  );
  expect(response.headers()["content-disposition"]).toContain(`inbox-${kind}-`);
  const [headings, ...rows] = parseCsv(await response.text());
  const [exportHeadings, ...exportRows] = exported(exportKind);
  expect(headings, kind).toEqual(exportHeadings);
  expect(rows.length, kind).toBeGreaterThan(0);
  expect(rows, kind).toEqual(exportRows.filter((r) => r.includes(who)).reverse());
}

async function sendContact(page: Page, overrides: Parameters<typeof fillContact>[1] = {}) {
  await page.goto("/contact");
  const v = await fillContact(page, overrides);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    toastWith(page, "Message sent successfully! We will get back to you shortly."),
  ).toBeVisible({ timeout: 20_000 });
  return v;
}

test("a visitor's message, booking and sign-up reach the inbox; handled, filter, search and the CSV work", async ({
  page,
}) => {
  await fakes.hubspotMode("contact-form", "accept");
  const id = unique();
  const email = `inbox.${id}@example.com`;
  await sendContact(page, { name: `=Eve ${id}`, email });

  await page.goto("/schedule");
  await page.getByLabel("Name", { exact: true }).fill(`Bola ${id}`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contact number").fill("+234 803 000 2222");
  await page.getByRole("button", { name: "Complete Booking" }).click();
  await page.waitForLoadState("networkidle");

  await page.goto("/newsletter");
  const main = page.getByRole("main");
  await main.getByLabel("Email Address").fill(email);
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(main.getByText("Thank You!")).toBeVisible();

  await signInAsEditor(page, EDITOR_EMAIL);
  await expect(page.getByRole("link", { name: /Inbox/ })).toBeVisible();
  await page.getByRole("link", { name: /Inbox/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByLabel("Name, e-mail or phone").fill(email);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(cards(page)).toHaveCount(3, { timeout: 10_000 });
  await expect(cards(page).filter({ hasText: "Contact message" })).toContainText("New");
  await expect(cards(page).filter({ hasText: "Booking" })).toContainText(
    "not finished at the provider",
  );
  await axeAtBothWidths(page);

  // The filter by kind.
  await page.getByLabel("Kind", { exact: true }).selectOption("newsletter");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText("Newsletter sign-up");

  // Open the contact message, mark it handled.
  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}&kind=contact`);
  await cards(page).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`=Eve ${id}`);
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:${email}`,
  );
  await expect(
    page.getByRole("main").getByRole("link", { name: "WhatsApp", exact: true }),
  ).toHaveAttribute("href", "https://wa.me/2348030001111");
  await axeAtBothWidths(page);
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked handled." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as new" })).toBeVisible();

  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}&status=handled`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText("Handled");
  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}&status=new`);
  await expect(cards(page)).toHaveCount(2);

  // The CSV of the search holds the rows, the name's "=" neutralised.
  const csv = await page.request.get(`/admin/inbox/csv?q=${encodeURIComponent(email)}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["cache-control"]).toBe("no-store");
  // A UTF-8 byte-order mark first, so Excel on Windows shows accented names as written.
  expect([...(await csv.body()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = await csv.text();
  expect(parseCsv(text)[0]).toEqual(allKindsHeadings);
  expect(text).toContain(`'=Eve ${id}`);
  expect(text).not.toMatch(/(^|,)=Eve/m);
  expect(text.trim().split("\r\n")).toHaveLength(4);
  // One kind's CSV has the columns and cells of `npm run export` for that kind (issue 30).
  await expectTheExport(page, "contact", "contact", email);
  await expectTheExport(page, "booking", "booking", email);
  await expectTheExport(page, "newsletter", "newsletter", email);
});

test("an editor not in INBOX_EMAILS is told the inbox is for the people who read enquiries, with the way back, and gets nothing of it; a cross-site post is refused", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsEditor(page, SECOND_EDITOR_EMAIL);
  await expect(page.getByRole("link", { name: /Inbox/ })).toHaveCount(0);
  // Opening the inbox anyway (an old bookmark, a colleague's link): what it is, and the way back.
  const answer = await page.goto("/admin/inbox");
  expect(answer?.status()).toBe(403);
  await expect(
    page.getByRole("heading", { name: "This page is for the people who read enquiries" }),
  ).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
  await axeAtBothWidths(page);
  await page.getByRole("link", { name: "Back to the editor" }).click();
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  for (const path of [
    "/admin/inbox",
    "/admin/inbox?q=a",
    "/admin/inbox/csv",
    "/admin/inbox/s1",
    "/admin/people",
    "/admin/people?q=someone%40example.com",
    "/admin/backups",
  ]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(403);
    expect(await res.text(), path).not.toContain("someone@example.com");
  }
  for (const [path, form] of [
    ["/admin/inbox/s1", { intent: "handled" }],
    ["/admin/people", { intent: "erase", q: "someone@example.com", confirm: "yes" }],
    ["/admin/people/download", { q: "someone@example.com" }],
    ["/admin/inbox/csv", { q: "x" }],
  ] as const) {
    const res = await page.request.post(path, {
      form: form as Record<string, string>,
      headers: { Origin: editorBaseURL },
      maxRedirects: 0,
    });
    expect(res.status(), `POST ${path}`).toBe(403);
  }
  const cross = await page.request.post("/admin/people", {
    form: { intent: "erase", q: "someone@example.com", confirm: "yes" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(cross.status()).toBe(403);
});

test("an address only in INBOX_EMAILS reads the inbox and sees no editor", async ({ page }) => {
  await requestSignInLink(page, OFFICE_EMAIL);
  await page.goto(await signInLinkFor(page, OFFICE_EMAIL));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What visitors sent" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Inbox/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pages" })).toHaveCount(0);
  await axeAtBothWidths(page);
  expect((await page.request.get("/admin/faq")).status()).toBe(404);
  expect((await page.request.get("/admin/inbox")).status()).toBe(200);
  // A cross-site post from a reader is refused too.
  const cross = await page.request.post("/admin/inbox/s1", {
    form: { intent: "handled" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(cross.status()).toBe(403);
});

test("Find, Download and Erase one person: the inbox and the CSV hold nothing of them, their paid order keeps its amount", async ({
  page,
}) => {
  await fakes.paystackMode("ok");
  const id = unique();
  const email = `erase.${id}@example.com`;
  await sendContact(page, { name: `Erin ${id}`, email, phone: "+234 805 123 4567" });
  await page.goto("/checkout?item=happier-marriage");
  await page.getByLabel("Full Name").fill(`Erin ${id}`);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("+234 805 123 4567");
  await page.getByRole("button", { name: "Continue to secure payment" }).click();
  await expect(page.getByRole("heading", { name: "Fake Paystack checkout" })).toBeVisible();
  const reference = (await page.getByRole("main").locator("code").textContent()) ?? "";
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible({
    timeout: 20_000,
  });

  await signInAsEditor(page, EDITOR_EMAIL);
  await expectTheExport(page, "order", "orders", email);
  await page.goto("/admin/people");
  await axeAtBothWidths(page);
  // By phone, written the other way.
  await page.getByLabel("E-mail or phone").fill("0805 123 4567");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: "What we hold about this person" })).toBeVisible();
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: /Orders \(1\)/ })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await axeAtBothWidths(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download their data" }).click(),
  ]);
  const file = JSON.parse(
    await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let text = "";
        stream.on("data", (c: Buffer) => (text += c.toString()));
        stream.on("end", () => resolve(text));
        stream.on("error", reject);
      });
    }),
  ) as { submissions: unknown[]; orders: { reference: string; email: string }[] };
  expect(file.submissions.length).toBeGreaterThanOrEqual(1);
  expect(file.orders[0]).toMatchObject({ reference, email });

  // Erasing without the tick erases nothing.
  await page.getByRole("button", { name: "Erase their data" }).click();
  await expect(page.getByRole("alert")).toContainText("Nothing was erased");
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByLabel("Yes, erase everything about this person").check();
  await page.getByRole("button", { name: "Erase their data" }).click();
  const done = page.getByRole("status").filter({ hasText: "Erased from the website" });
  await expect(done).toBeVisible();
  await expect(done).toContainText("HubSpot");
  await expect(done).toContainText("mailbox");
  await axeAtBothWidths(page);

  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("Nothing matches this filter.")).toBeVisible();
  const all = await (await page.request.get("/admin/inbox/csv")).text();
  expect(all).not.toContain(email);
  expect(all).not.toContain(`Erin ${id}`);
  const order = all.split("\r\n").find((line) => line.includes(reference));
  expect(order, "the order stays, for the books").toBeDefined();
  expect(order).toContain(",Paid,");
  expect(order).toMatch(/,\d+\.\d\d,/);
});

test("the office finds a client who wrote from two addresses with one phone, sees who it is, includes the other record and erases both", async ({
  page,
}) => {
  const id = unique();
  const number = `0705 ${String(Math.floor(Math.random() * 1000)).padStart(3, "0")} ${String(Date.now()).slice(-4)}`;
  const home = `funmi.${id}@example.com`;
  const work = `f.ade.${id}@work.example`;
  await sendContact(page, { name: `Funmi ${id}`, email: home, phone: number });
  await sendContact(page, { name: `Funmilayo Adé ${id}`, email: work, phone: number });

  await requestSignInLink(page, OFFICE_EMAIL);
  await page.goto(await signInLinkFor(page, OFFICE_EMAIL));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What visitors sent" })).toBeVisible();
  await page.goto("/admin/people");
  await page.getByLabel("E-mail or phone").fill(home);
  await page.getByRole("button", { name: "Find" }).click();
  // Who it found, to check it is really them.
  await expect(page.getByRole("heading", { name: "Who we found" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `Funmi ${id}` })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: home })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: number })).toBeVisible();
  await expect(
    page.getByRole("link", { name: new RegExp(`Contact message of .*Funmi ${id}`) }),
  ).toBeVisible();
  // The message from work shares the number: offered, not included.
  const related = page.getByRole("region", {
    name: "Records that share their details, not included",
  });
  await expect(related).toContainText(work);
  await expect(page.getByText(/Backups made before today still hold them/)).toBeVisible();
  await axeAtBothWidths(page);

  await related.getByLabel(`Include ${number}`).check();
  await related.getByRole("button", { name: "Include the ticked ones" }).click();
  await expect(
    page.getByRole("heading", { name: /Messages, bookings and sign-ups \(2\)/ }),
  ).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: work })).toBeVisible();
  await expect(related).toHaveCount(0);

  await page.getByLabel("Yes, erase everything about this person").check();
  await page.getByRole("button", { name: "Erase their data" }).click();
  const done = page.getByRole("status").filter({ hasText: "Erased from the website" });
  await expect(done).toContainText(home);
  await expect(done).toContainText(/up to 30 days/);
  await expect(page.getByText(/Not erased/)).toHaveCount(0);
  await axeAtBothWidths(page);
  for (const q of [home, work, number]) {
    await page.goto(`/admin/inbox?q=${encodeURIComponent(q)}`);
    await expect(page.getByText("Nothing matches this filter.")).toBeVisible();
  }
});

test("the office opens a message and reads its fields in words, and sees who looked once each", async ({
  page,
}) => {
  const id = unique();
  const email = `words.${id}@example.com`;
  await sendContact(page, { name: `Words ${id}`, email, need: "couples-counseling" });
  await requestSignInLink(page, OFFICE_EMAIL);
  await page.goto(await signInLinkFor(page, OFFICE_EMAIL));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What visitors sent" })).toBeVisible();
  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}`);
  await cards(page).first().getByRole("link").first().click();
  const sent = page.getByRole("heading", { name: "What they sent" });
  await expect(sent).toBeVisible();
  for (const label of ["Name", "E-mail", "Phone", "Help with", "Message", "Page"])
    await expect(
      page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }),
    ).toBeVisible();
  for (const code of ["name", "need", "pageUri", "pageName"])
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${code}$`) })).toHaveCount(
      0,
    );
  await expect(
    page.getByRole("definition").filter({ hasText: /^Couples counselling$/ }),
  ).toBeVisible();
  await page.reload();
  await expect(sent).toBeVisible();

  await page.goto(`/admin/people?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { name: "Who looked (1)" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: `${OFFICE_EMAIL} opened the contact message of` }),
  ).toContainText("2 times");
  await axeAtBothWidths(page);
});

test("the office chooses a kind and last month, and Download CSV gives that without pressing Show", async ({
  page,
}) => {
  await requestSignInLink(page, OFFICE_EMAIL);
  await page.goto(await signInLinkFor(page, OFFICE_EMAIL));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What visitors sent" })).toBeVisible();
  await page.goto("/admin/inbox");
  await page.getByLabel("Kind").selectOption({ label: "Booking request" });
  await page.getByLabel("Received").selectOption({ label: "Last month" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^inbox-booking-/);
  const text = await new Promise<string>((resolve, reject) => {
    void download.createReadStream().then((stream) => {
      let t = "";
      stream.on("data", (c: Buffer) => (t += c.toString()));
      stream.on("end", () => resolve(t));
      stream.on("error", reject);
    });
  });
  // The booking file's columns, and nothing sent this month (every test sends today).
  expect(parseCsv(text)[0]).toEqual(exportHeadings("booking"));
  expect(parseCsv(text)).toHaveLength(1);
  await page.getByLabel("Received").selectOption({ label: "This month" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/period=this-month/);
  await expect(page.getByLabel("Received")).toHaveValue("this-month");
  await expect(page.getByLabel("Kind")).toHaveValue("booking");
});
