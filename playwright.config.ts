import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import pg from "pg";
import { chromiumArgs, freePort } from "./tests/support/local";

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
process.env.E2E_SITES_PORT ??= String(await freePort());

/**
 * The second run puts every site on Postgres (scripts/test.mjs sets E2E_POSTGRES_PREFIX): each
 * site gets a database of its own on TEST_DATABASE_URL's server, named after the prefix, created
 * here once and dropped by scripts/test.mjs after the run.
 */
const postgresPrefix = process.env.E2E_POSTGRES_PREFIX;
const postgresServer = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
function databaseFor(site: string): string | undefined {
  if (!postgresPrefix) return undefined;
  const url = new URL(postgresServer);
  url.pathname = `/${postgresPrefix}_${site.replaceAll("-", "_")}`;
  return url.toString();
}
/** Sets `key` in the runner, where the workers inherit it; never to the string "undefined". */
function once(key: string, value: () => string | undefined): string | undefined {
  if (process.env[key] === undefined) {
    const v = value();
    if (v !== undefined) process.env[key] = v;
  }
  return process.env[key];
}
once("E2E_DATABASE_URL", () => databaseFor("site"));
once("E2E_EDITOR_DATABASE_URL", () => databaseFor("editor"));

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
 * The second run, with the sites on Postgres (scripts/test.mjs), runs the files that store what
 * visitors send or the editor writes through the site's own process: the forms, the outbox's
 * status, sign-in, publishing, drafts, photos, the inbox and its export, backups, floods. It
 * leaves out the files that never touch the site's database, or start their own servers whatever
 * the run (axe, markup, menus, headers, redirects, the page cache, the process lifecycle, backups
 * across both databases, the content policy, the service worker, analytics, which scripts load),
 * and those whose subject is the browser's side of a form (a lost connection or answer, a proxy's
 * error page, a field's bounds, autofill, a form sent before its script, a TLS proxy) or how
 * published words render (editor-content): every write those make, the files kept make too, and
 * the data layer's own tests run on both databases (tests/unit, TEST_DATABASE_URL). There they
 * would only repeat the first run's checks and add minutes to CI.
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
  "network-failures",
  "error-answers",
  "bounded-forms",
  "autofill",
  "forms-before-react",
  "behind-proxy",
  "behind-nginx",
  "faults",
  // on a Postgres database of its own in both runs
  "step-up",
  // orders, their one-time payment and their e-mails run on both databases in tests/unit (orders,
  // bookings-pay); the Paystack pages and redirects are the same on both (CI time: 2.4
  // worker-minutes of the Postgres run)
  "checkout",
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
 * The editor's longer files each publish the same pages as editor.spec.ts and one another (the
 * book, the FAQ): on one site, a version that appears from a file running beside it reads as
 * "someone else published first". So each runs on a site and database of its own, serially inside
 * (mode "serial"), and beside everything else from the start. (They were once stages of one site,
 * each depending on the last: Playwright starts a stage only when every project before it has
 * finished, so the last ten minutes of CI ran on one of its two cores.)
 */
const stageNames = [
  // Longest first, so that none is the last file left running.
  "editing-guide",
  "editor-bounds",
  "editor-publish",
  "editor-content",
  "editor-drafts",
];
/**
 * Not in the Postgres run: the guide follows docs/editing.md's words, which no database changes,
 * and how published words render is the same on both; every write they make (publish, schedule,
 * drafts, conflicts, photos) the other files make on Postgres too. editor-bounds is about what a
 * request may cost the process and a photo on a slow line, the browser's side: the photos' and
 * drafts' storage runs on both databases in tests/unit (photos, content-store).
 */
const firstRunOnly = ["editing-guide", "editor-content", "editor-bounds"];
const editorStages = await Promise.all(
  stageNames
    .filter((name) => !(postgresPrefix && firstRunOnly.includes(name)))
    .map(async (name) => {
      const key = `E2E_${name.toUpperCase().replaceAll("-", "_")}`;
      process.env[`${key}_PORT`] ??= String(await freePort());
      process.env[`${key}_DATA_DIR`] ??= mkdtempSync(path.join(tmpdir(), `site-e2e-${name}-`));
      return {
        name,
        testMatch: [`**/${name}.spec.ts`],
        url: `http://127.0.0.1:${process.env[`${key}_PORT`]}`,
        dataDir: process.env[`${key}_DATA_DIR`],
        databaseUrl: once(`${key}_DATABASE_URL`, () => databaseFor(name)),
      };
    }),
);
const editorContentSpecs = stageNames.map((name) => `**/${name}.spec.ts`);
/** Only Postgres has several instances on one database. */
const postgresOnly = editorDatabaseUrl ? [] : ["**/editor-instances.spec.ts"];
/**
 * Sign-in by link and by passkey, sessions and devices: their storage runs on both databases in
 * tests/unit (editor-auth, editor-passkeys), and every other editor file signs in on Postgres too;
 * their pages and limits are the same on both (CI time: 4.7 minutes of the Postgres run).
 */
const firstRunOnlyEditor = editorDatabaseUrl
  ? ["**/editor-auth.spec.ts", "**/editor-passkeys.spec.ts"]
  : [];

if (postgresPrefix && !process.env.E2E_DATABASES_CREATED) {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  for (const url of [
    process.env.E2E_DATABASE_URL,
    editorDatabaseUrl,
    ...editorStages.map((stage) => stage.databaseUrl),
  ])
    await admin.query(`create database ${new URL(url!).pathname.slice(1)}`);
  await admin.end();
  process.env.E2E_DATABASES_CREATED = "true";
}

/**
 * A site as the suite starts it (tests/support/sites-main.ts): its address and settings, also
 * those of a spawned copy (spawnServer).
 */
export function site(url: string, env: Record<string, string | undefined>) {
  return {
    url,
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
/** A site the editor's tests sign in to and publish on. */
function editorSite(url: string, dataDir?: string, databaseUrl?: string) {
  return site(url, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    EDITOR_EMAILS: editorEmails,
    INBOX_EMAILS: inboxEmails,
  });
}

/** Every site of the run, started together by one web server (tests/support/sites-main.ts). */
const sites = [
  {
    name: "site",
    ...site(baseURL, {
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
    }),
  },
  {
    name: "editor",
    ...editorSite(editorBaseURL, process.env.E2E_EDITOR_DATA_DIR, editorDatabaseUrl),
  },
  ...editorStages.map((stage) => ({
    name: stage.name,
    ...editorSite(stage.url, stage.dataDir, stage.databaseUrl),
  })),
  ...(secondInstanceURL
    ? [
        {
          name: "second instance",
          ...editorSite(secondInstanceURL, process.env.E2E_SECOND_DATA_DIR, editorDatabaseUrl),
        },
      ]
    : []),
];

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
    // Recorded on a retry only: a trace of every test (screencast frames and a DOM snapshot per
    // action) cost a fifth of the suite's time, most of it in the browser (docs/decisions/037).
    trace: "on-first-retry",
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    // First: their files are serial and long, and should not be the last ones left running.
    ...editorStages.map(({ name, testMatch, url }) => ({
      name,
      testMatch,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: url },
    })),
    {
      name: "editor",
      testMatch: editorSpecs,
      testIgnore: [...postgresOnly, ...firstRunOnlyEditor],
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: editorBaseURL },
    },
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
    {
      command: "node --import tsx tests/support/sites-main.ts",
      env: { E2E_SITES: JSON.stringify(sites), E2E_SITES_PORT: process.env.E2E_SITES_PORT! },
      url: `http://127.0.0.1:${process.env.E2E_SITES_PORT}/ready`,
      reuseExistingServer: false,
      // Fresh embedded databases are created at start: on a busy two-core machine, minutes.
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
