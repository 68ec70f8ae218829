import { type Page, expect, test } from "@playwright/test";
import pg from "pg";
import { signInLinkFor } from "../support/editor";
import { fillContact, uniqueId } from "../support/fixtures";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import { spawnServer } from "../support/spawn-server";

/**
 * The recent sign-in (issue 41 item 3, ASVS 5 7.5.3), as the office manager meets it on a 390 px
 * phone without JavaScript: a reader signed in more than 15 minutes ago who presses Download CSV,
 * or opens a whole person's data, gets neither; the page says a fresh link was mailed, and the
 * person's page carries no part of the record. The link, opened in the same browser, brings her
 * back to the search she was on (item 14), and the CSV then downloads.
 *
 * The session is aged in the database, so the site runs on a Postgres database of its own (the
 * embedded one cannot be opened beside the running site); skipped where no Postgres answers.
 */

const hasPostgres = await postgresAvailable();
test.skip(!hasPostgres, "needs the machine's Postgres to age a session");
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

const reader = `stepup.${uniqueId()}@kindredhearts.ng`;
const client = { name: "Funmi Stepup", email: `funmi.${uniqueId()}@example.com` };
let server: Awaited<ReturnType<typeof spawnServer>>;
let database: Awaited<ReturnType<typeof createTempDatabase>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await createTempDatabase();
  server = await spawnServer({
    DATABASE_URL: database.url,
    EDITOR_EMAILS: reader,
    INBOX_EMAILS: reader,
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    FORM_RATE_LIMIT: "1000",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** Moves the reader's sessions' sign-in `minutes` into the past. */
async function ageSessions(minutes: number) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    await db.query(
      `update editor_sessions set created_at = created_at - make_interval(mins => $2) where email = $1`,
      [reader, minutes],
    );
  } finally {
    await db.end();
  }
}

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("E-mail").fill(reader);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await page.goto(await signInLinkFor(page, reader));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

test("a sign-in older than 15 minutes gets no CSV and no person's data until a fresh link, which returns her to her search", async ({
  page,
}) => {
  // A message from the client, through the site's own form.
  await page.goto(`${server.url}/contact`);
  await fillContact(page, {
    name: client.name,
    email: client.email,
    phone: "+234 802 555 0199",
    message: "We keep arguing about money and I want us to stop.",
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!").first()).toBeVisible();

  await signIn(page);
  const search = `/admin/inbox?q=${encodeURIComponent("Funmi")}`;
  await page.goto(`${server.url}${search}`);
  await expect(page.getByText(client.name).first()).toBeVisible();
  // Just signed in: the CSV comes at once.
  const fresh = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  expect((await fresh).suggestedFilename()).toMatch(/\.csv$/);

  await ageSessions(20);
  await page.goto(`${server.url}${search}`);
  let downloaded = false;
  page.on("download", () => (downloaded = true));
  await page.getByRole("button", { name: "Download CSV" }).click();
  await expect(page.getByText("Please sign in again first")).toBeVisible();
  await expect(page.getByText(`We have e-mailed a fresh sign-in link to ${reader}`)).toBeVisible();
  expect(downloaded).toBe(false);
  // Still on her search, with it kept in the address.
  expect(new URL(page.url()).searchParams.get("q")).toBe("Funmi");

  // A whole person's data: the banner, and nothing of the record in the page.
  const person = await page.goto(
    `${server.url}/admin/people?q=${encodeURIComponent(client.email)}`,
  );
  expect(person?.status()).toBe(403);
  await expect(page.getByText("Please sign in again first")).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("Who we found");
  expect(html).not.toContain("555 0199");
  expect(html).not.toContain("Funmi Stepup");
  await page.screenshot({ path: "reports/step-up-person-390.png", fullPage: true });

  // The fresh link, in this browser: back to the person's page she asked for last, in full.
  await page.goto(await signInLinkFor(page, reader));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/people\?q=/);
  await expect(page.getByRole("heading", { name: "Who we found" })).toBeVisible();
  await expect(page.getByText("+234 802 555 0199").first()).toBeVisible();

  // And the CSV of her search downloads now.
  await page.goto(`${server.url}${search}`);
  const after = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csv = await after;
  const text = await (await import("node:fs/promises")).readFile((await csv.path())!, "utf8");
  expect(text).toContain(client.name);
});
