import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, freePort, serverArgs } from "./tests/support/local";

// Computed once in the runner and inherited by the workers through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-"));
process.env.FAKE_HUBSPOT_PORT ??= String(await freePort());
process.env.FAKE_SMTP_PORT ??= String(await freePort());
process.env.FAKES_ADMIN_PORT ??= String(await freePort());
process.env.FAKE_PAYSTACK_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
/** where tests read and steer the fake HubSpot and SMTP server */
export const fakesAdmin = `http://127.0.0.1:${process.env.FAKES_ADMIN_PORT}`;
export const fakeHubspot = `http://127.0.0.1:${process.env.FAKE_HUBSPOT_PORT}`;
export const fakePaystack = `http://127.0.0.1:${process.env.FAKE_PAYSTACK_PORT}`;
export const baseURL = `http://127.0.0.1:${port}`;
/** the secret the site and the fake Paystack share; a test key, never a real one */
export const paystackSecret = "sk_test_e2e_kindredhearts";

/**
 * The second run, with the site on Postgres (scripts/test.mjs), leaves out the suites that never
 * touch the site's database, or start their own servers whatever the run: there they would only
 * repeat the first run's checks (axe, markup, menus, headers, redirects, the page cache, the
 * process lifecycle, backups across both databases, the content policy, the service worker,
 * analytics, which scripts load) and add minutes to CI.
 */
const samePagesOnAnyDatabase = [
  "a11y",
  "pages",
  "shell",
  "services",
  "routes",
  "server",
  "page-cache",
  "no-js",
  "lifecycle",
  "backup",
  "security",
  "offline",
  "analytics",
  "first-paint",
  "page-stylesheet",
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: process.env.E2E_DATABASE_URL ? samePagesOnAnyDatabase : [],
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // scripts/test.mjs runs the suite a second time on Postgres, into its own report file.
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_JSON_OUTPUT ?? "reports/tests/e2e.json" }],
  ],
  // Generous: CI shares two cores between the browser, the site and the fakes.
  timeout: 60_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node --import tsx tests/support/fakes-main.ts",
      env: { PAYSTACK_SECRET_KEY: paystackSecret, SITE_URL: baseURL },
      url: `${fakesAdmin}/health`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: ["node", ...serverArgs()].join(" "),
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      // A fresh embedded database is created at start: on a busy two-core machine that takes a minute.
      timeout: 150_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        HUBSPOT_API_URL: fakeHubspot,
        HUBSPOT_PORTAL_ID: "12345",
        HUBSPOT_CONTACT_FORM_ID: "contact-form",
        HUBSPOT_NEWSLETTER_FORM_ID: "newsletter-form",
        SCHEDULING_URL: `${fakesAdmin}/provider/consultation`,
        SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
        MAIL_FROM: "website@kindredhearts.ng",
        PRACTICE_INBOX: "team@kindredhearts.ng",
        PAYSTACK_SECRET_KEY: paystackSecret,
        PAYSTACK_PUBLIC_KEY: "pk_test_e2e_kindredhearts",
        PAYSTACK_API_URL: fakePaystack,
        // The suite sends many forms from one address; the limiter has its own tests.
        FORM_RATE_LIMIT: "1000",
        // Who may sign in to the editor (tests/support/editor.ts).
        EDITOR_EMAILS: "editor@kindredhearts.ng,second.editor@kindredhearts.ng",
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
  ],
});
