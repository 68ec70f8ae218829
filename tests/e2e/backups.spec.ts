import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { freePort } from "../support/local";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import {
  SECOND_EDITOR_EMAIL,
  signInAsEditor,
  signInLinkFor,
  signInWithLink,
} from "../support/editor";
import { fillContact, layOutEverything, uniqueId } from "../support/fixtures";
import { startS3 } from "../support/s3";
import { spawnServer } from "../support/spawn-server";

/**
 * /admin/backups on the editor's site (issue 30, docs/decisions/034): "Back up now" writes a
 * verified backup, a reader downloads it, and `npm run restore` brings it back into an empty
 * database. Runs on PGlite, and on Postgres in the Postgres pass (E2E_EDITOR_DATABASE_URL).
 */

test.describe.configure({ timeout: 240_000 });

async function axeClean(page: Page) {
  await layOutEverything(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function backUpNow(page: Page) {
  await page.goto("/admin/backups");
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Done. A new backup was written and checked",
    { timeout: 120_000 },
  );
}

test("Back up now writes a checked backup that downloads and restores into an empty database", async ({
  page,
}) => {
  await signInAsEditor(page);
  await backUpNow(page);
  const first = page
    .getByRole("list", { name: "Backups, newest first" })
    .getByRole("listitem")
    .first();
  await expect(first).toContainText("Checked");
  await expect(first.getByText("Yes").first()).toBeVisible();
  await axeClean(page);

  const work = mkdtempSync(path.join(tmpdir(), "site-backups-e2e-"));
  try {
    // Signed in just now: no fresh link needed.
    const download = page.waitForEvent("download");
    await first.getByRole("button", { name: /^Download the backup of/ }).click();
    const file = path.join(work, (await download).suggestedFilename());
    expect(path.basename(file)).toMatch(
      /^kindred-hearts-\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-f]{8}\.jsonl\.gz$/,
    );
    await (await download).saveAs(file);

    const clean = { ...process.env };
    delete clean.DATABASE_URL;
    const env: Record<string, string | undefined> = {
      ...clean,
      PORT: String(await freePort()),
      DATA_DIR: path.join(work, "restored"),
    };
    const postgres = process.env.E2E_EDITOR_DATABASE_URL && (await postgresAvailable());
    const target = postgres ? await createTempDatabase() : undefined;
    if (target) env.DATABASE_URL = target.url;
    try {
      const restore = spawnSync(process.execPath, ["build/node/restore.js", file], {
        env,
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(restore.stderr).toBe("");
      expect(restore.stdout).toMatch(/^Restored .* into the (pglite|postgres) database: /);
    } finally {
      await target?.drop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("on a phone, /admin/backups reads at 390 px and has no accessibility violations", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsEditor(page);
  await backUpNow(page);
  await page.screenshot({ path: "reports/backups-390.png", fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  await axeClean(page);
});

test("an editor who is not in INBOX_EMAILS is told the backups are for the people who read enquiries, and gets none", async ({
  page,
}) => {
  await signInAsEditor(page, SECOND_EDITOR_EMAIL);
  const response = await page.goto("/admin/backups");
  expect(response?.status()).toBe(403);
  await expect(
    page.getByRole("heading", { name: "This page is for the people who read enquiries" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the editor" })).toBeVisible();
  const post = await page.request.post("/admin/backups/download", {
    form: { name: "kindred-hearts-2026-01-01-0215.jsonl.gz" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
  expect(post.headers()["content-type"] ?? "").not.toContain("gzip");
});

/**
 * A site of its own with the practice's backup key and S3-compatible storage (s3rver, a real
 * S3 server in this process): "Back up now" writes an encrypted backup, uploads it, and
 * `npm run restore -- FILE --identity KEY` brings it back into an empty database.
 */
test("with a backup key and storage set, Back up now writes an encrypted backup, copies it off the server, and it restores only with the key", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const reader = `backups.${uniqueId()}@kindredhearts.ng`;
  const identity = await generateIdentity();
  const recipient = await identityToRecipient(identity);
  const work = mkdtempSync(path.join(tmpdir(), "site-backups-age-e2e-"));
  const keyFile = path.join(work, "kindred-backup-key.txt");
  writeFileSync(keyFile, `# public key: ${recipient}\n${identity}\n`);
  const s3 = await startS3();
  const postgres = process.env.E2E_EDITOR_DATABASE_URL && (await postgresAvailable());
  const siteDatabase = postgres ? await createTempDatabase() : undefined;
  const server = await spawnServer({
    EDITOR_EMAILS: reader,
    INBOX_EMAILS: reader,
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    BACKUP_AGE_RECIPIENT: recipient,
    BACKUP_S3_URL: `${s3.url}/kindred`,
    BACKUP_S3_KEY_ID: s3.keyId,
    BACKUP_S3_SECRET: s3.secret,
    ...(siteDatabase ? { DATABASE_URL: siteDatabase.url } : {}),
  });
  try {
    // Something of a visitor's to bring back.
    await page.goto(`${server.url}/contact`);
    const sent = await fillContact(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Message sent successfully! We will get back to you shortly.").first(),
    ).toBeVisible({ timeout: 20_000 });

    await page.goto(`${server.url}/admin`);
    await page.getByLabel("E-mail").fill(reader);
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await page.goto(await signInLinkFor(page, reader));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Signed in only once the answer to Sign in has arrived.
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
    await page.goto(`${server.url}/admin/backups`);
    await expect(
      page.getByText("Backups are encrypted with the practice's backup key"),
    ).toBeVisible();
    await page.getByRole("button", { name: "Back up now" }).click();
    const done = page.getByRole("status");
    await expect(done).toContainText("Done. A new backup was written and checked", {
      timeout: 120_000,
    });
    await expect(done).toContainText("It is encrypted with the practice's backup key.");
    await expect(done).toContainText("A copy is stored off the server.");
    const name = /kindred-hearts-\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-f]{8}\.jsonl\.gz\.age/.exec(
      (await done.textContent()) ?? "",
    )?.[0];
    expect(name).toBeDefined();

    const first = page
      .getByRole("list", { name: "Backups, newest first" })
      .getByRole("listitem")
      .first();
    await expect(first.getByText("Copied off the server")).toBeVisible();
    await expect(first.locator("dd").nth(2)).toHaveText("Yes");
    await expect(first.locator("dd").nth(3)).toHaveText("Yes");
    await expect(first.getByText("Downloads encrypted")).toBeVisible();
    await axeClean(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      ),
    ).toBe(false);
    await axeClean(page);

    // The download is the encrypted file, the same bytes as the copy in the storage.
    const download = page.waitForEvent("download");
    await first.getByRole("button", { name: /^Download the backup of .* \(encrypted\)$/ }).click();
    const file = path.join(work, (await download).suggestedFilename());
    expect(path.basename(file)).toBe(name);
    await (await download).saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 21).toString()).toBe("age-encryption.org/v1");
    expect(bytes.includes(Buffer.from(sent.email))).toBe(false);
    expect((await s3.object(`kindred/${name}`))?.equals(bytes)).toBe(true);

    const clean = { ...process.env };
    delete clean.DATABASE_URL;
    const restore = async (args: string[]) => {
      const target = postgres ? await createTempDatabase() : undefined;
      try {
        return spawnSync(process.execPath, ["build/node/restore.js", file, ...args], {
          env: {
            ...clean,
            PORT: String(await freePort()),
            DATA_DIR: mkdtempSync(path.join(work, "restored-")),
            ...(target ? { DATABASE_URL: target.url } : {}),
          },
          encoding: "utf8",
          timeout: 120_000,
        });
      } finally {
        await target?.drop();
      }
    };
    const withoutKey = await restore([]);
    expect(withoutKey.status).toBe(1);
    expect(withoutKey.stderr).toContain("This backup is encrypted with age.");
    const withKey = await restore(["--identity", keyFile]);
    expect(withKey.stderr).toBe("");
    expect(withKey.stdout).toMatch(
      /^Restored .* into the (pglite|postgres) database: 1 submissions, /,
    );
  } finally {
    await server.stop();
    await siteDatabase?.drop();
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  }
});

test("a backup key that is not an age public key is named in /status and the log, never its value", async () => {
  test.setTimeout(240_000);
  const server = await spawnServer({ BACKUP_AGE_RECIPIENT: "age1-not-a-real-key" });
  try {
    const status = (await (await fetch(`${server.url}/status`)).json()) as {
      status: string;
      reasons: string[];
    };
    expect(status.status).toBe("attention");
    expect(status.reasons).toContain(
      "BACKUP_AGE_RECIPIENT is not an age public key (age1…, as age-keygen prints it): no " +
        "backup is written until it is fixed",
    );
    expect(server.output()).toContain("BACKUP_AGE_RECIPIENT is not an age public key");
    expect(server.output()).not.toContain("age1-not-a-real-key");
  } finally {
    await server.stop();
  }
});

/**
 * Issue 41, item 13: after the practice's key is set, the backups made before it are marked as
 * not encrypted, each with a way to delete it; a key setting that is not a key never reads "not
 * encrypted" beside "no backup is written". Three starts of one site on one DATA_DIR, on a phone.
 */
test("on a phone, once the backup key is set, older unencrypted backups are marked and can be deleted; a broken key says no backup is written", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const reader = `backups.${uniqueId()}@kindredhearts.ng`;
  const work = mkdtempSync(path.join(tmpdir(), "site-backups-key-later-"));
  const env = {
    EDITOR_EMAILS: reader,
    INBOX_EMAILS: reader,
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    DATA_DIR: path.join(work, "data"),
  };
  const openBackups = async (url: string) => {
    await page.context().clearCookies();
    await signInWithLink(page, reader, url);
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
    await page.goto(`${url}/admin/backups`);
  };
  try {
    const plain = await spawnServer(env);
    try {
      await openBackups(plain.url);
      await expect(page.getByText("Backups are not encrypted")).toBeVisible();
      await expect(page.getByText("It is the whole database in one compressed file")).toBeVisible();
      await page.getByRole("button", { name: "Back up now" }).click();
      await expect(page.getByRole("status")).toContainText("Done.", { timeout: 120_000 });
      await expect(page.getByRole("button", { name: /^Delete the unencrypted/ })).toHaveCount(0);
    } finally {
      await plain.stop();
    }

    const recipient = await identityToRecipient(await generateIdentity());
    const keyed = await spawnServer({ ...env, BACKUP_AGE_RECIPIENT: recipient });
    try {
      await openBackups(keyed.url);
      await page.getByRole("button", { name: "Back up now" }).click();
      await expect(page.getByRole("status")).toContainText("It is encrypted", { timeout: 120_000 });
      const list = page.getByRole("list", { name: "Backups, newest first" });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      const old = list.getByRole("listitem").nth(1);
      await expect(old.getByText("Not encrypted:")).toBeVisible();
      await expect(list.getByRole("listitem").first().getByText("Not encrypted:")).toHaveCount(0);
      await axeClean(page);
      await old.getByRole("button", { name: /^Delete the unencrypted backup of / }).click();
      await expect(page.getByRole("status")).toHaveText(
        "Deleted. That unencrypted backup is gone from the server.",
      );
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(page.getByText("Not encrypted:")).toHaveCount(0);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
    } finally {
      await keyed.stop();
    }

    const broken = await spawnServer({ ...env, BACKUP_AGE_RECIPIENT: "age1-not-a-real-key" });
    try {
      await openBackups(broken.url);
      await expect(
        page.getByText("No backup is being written: the backup key setting needs your developer"),
      ).toBeVisible();
      await expect(page.getByText("Backups are not encrypted")).toHaveCount(0);
      await expect(page.getByRole("alert")).toContainText("no backup is written until it is fixed");
    } finally {
      await broken.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
