import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, freePort, serverArgs } from "./tests/support/local";

// Computed once in the runner and inherited by the workers through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-"));
process.env.E2E_EDITOR_PORT ??= String(await freePort());
process.env.E2E_EDITOR_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-editor-"));
process.env.E2E_SECOND_INSTANCE_PORT ??= String(await freePort());
process.env.E2E_SECOND_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-second-"));
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
/**
 * The editor's tests publish: new prices, photos, FAQ answers, webinar dates. They run against a
 * site of their own, with its own database, so that no other test ever reads their edits.
 */
export const editorBaseURL = `http://127.0.0.1:${process.env.E2E_EDITOR_PORT}`;
/**
 * On Postgres, a second instance of the editor's site on the same database: a publish made on
 * one must show on the other (editor-instances.spec.ts). There is no such thing on PGlite.
 */
const editorDatabaseUrl = process.env.E2E_EDITOR_DATABASE_URL;
export const secondInstanceURL = editorDatabaseUrl
  ? `http://127.0.0.1:${process.env.E2E_SECOND_INSTANCE_PORT}`
  : undefined;
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
  "upgrade",
].map((name) => `**/${name}.spec.ts`);
const editorSpecs = [
  "**/editor.spec.ts",
  "**/editor-auth.spec.ts",
  "**/editor-passkeys.spec.ts",
  "**/editor-instances.spec.ts",
  "**/inbox.spec.ts",
  "**/backups.spec.ts",
];
/**
 * Later stages on the editor's site, one after another: each publishes the same pages as
 * editor.spec.ts and the others (the book, the FAQ), and a version that appears from a file
 * running beside it reads as "someone else published first". So none runs beside another.
 */
const guideSpec = "**/editing-guide.spec.ts";
const editorStages = [
  { name: "editor-content", testMatch: ["**/editor-content.spec.ts"] },
  { name: "editor-publish", testMatch: ["**/editor-publish.spec.ts"] },
  { name: "editor-bounds", testMatch: ["**/editor-bounds.spec.ts"] },
  { name: "editor-drafts", testMatch: ["**/editor-drafts.spec.ts"] },
  // docs/editing.md word for word: last, so that no other file publishes the pages it follows.
  // Only in the first run: it follows the guide's words, which no database changes, and every
  // write it makes (publish, schedule, drafts, conflicts, photos) the stages before it make on
  // Postgres too; on Postgres it would add six minutes to CI for no path of its own.
  ...(editorDatabaseUrl ? [] : [{ name: "editing-guide", testMatch: [guideSpec] }]),
];
const editorContentSpecs = [...editorStages.flatMap((stage) => stage.testMatch), guideSpec];
/** Only Postgres has several instances on one database. */
const postgresOnly = editorDatabaseUrl ? [] : ["**/editor-instances.spec.ts"];

/** How the built site is started for the tests: one place for the settings every instance shares. */
function site(url: string, env: Record<string, string | undefined>) {
  return {
    command: ["node", ...serverArgs()].join(" "),
    url: `${url}/healthz`,
    reuseExistingServer: false,
    // A fresh embedded database is created at start: on a busy two-core machine that takes a minute.
    timeout: 150_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: new URL(url).port,
      HOST: "127.0.0.1",
      SITE_URL: url,
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
      ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
    } as Record<string, string>,
  };
}
/** Who may sign in to the editor's site (tests/support/editor.ts). */
const editorEmails = "editor@kindredhearts.ng,second.editor@kindredhearts.ng";
/**
 * Who may read what visitors sent there (issue 30): the first editor too, the office only here,
 * and the second editor not at all (tests/e2e/inbox.spec.ts).
 */
const inboxEmails = "editor@kindredhearts.ng,office@kindredhearts.ng";

export default defineConfig({
  testDir: "tests/e2e",
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
  // A page's answer on a loaded two-core machine can take longer than the default 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    // First: its serial file is the longest one, and should not be the last one left running.
    {
      name: "editor",
      testMatch: editorSpecs,
      testIgnore: postgresOnly,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: editorBaseURL },
    },
    ...editorStages.map((stage, i) => ({
      ...stage,
      dependencies: [i === 0 ? "editor" : editorStages[i - 1]!.name],
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: editorBaseURL },
    })),
    {
      name: "chromium",
      testIgnore: [
        ...(editorDatabaseUrl ? samePagesOnAnyDatabase : []),
        ...editorSpecs,
        ...editorContentSpecs,
      ],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: [
    {
      command: "node --import tsx tests/support/fakes-main.ts",
      env: { PAYSTACK_SECRET_KEY: paystackSecret, SITE_URL: baseURL },
      url: `${fakesAdmin}/health`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    site(baseURL, {
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
    }),
    site(editorBaseURL, {
      DATA_DIR: process.env.E2E_EDITOR_DATA_DIR,
      DATABASE_URL: editorDatabaseUrl,
      EDITOR_EMAILS: editorEmails,
      INBOX_EMAILS: inboxEmails,
    }),
    ...(secondInstanceURL
      ? [
          site(secondInstanceURL, {
            DATA_DIR: process.env.E2E_SECOND_DATA_DIR,
            DATABASE_URL: editorDatabaseUrl,
            EDITOR_EMAILS: editorEmails,
            INBOX_EMAILS: inboxEmails,
          }),
        ]
      : []),
  ],
});
