import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { freePort } from "../support/local";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import { SECOND_EDITOR_EMAIL, signInAsEditor } from "../support/editor";

/**
 * /admin/backups on the editor's site (issue 30, docs/decisions/034): "Back up now" writes a
 * verified backup, a reader downloads it, and `npm run restore` brings it back into an empty
 * database. Runs on PGlite, and on Postgres in the Postgres pass (E2E_EDITOR_DATABASE_URL).
 */

test.describe.configure({ timeout: 240_000 });

async function axeClean(page: Page) {
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
    expect(path.basename(file)).toMatch(/^kindred-hearts-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl\.gz$/);
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

test("an editor who is not in INBOX_EMAILS gets the 404 page", async ({ page }) => {
  await signInAsEditor(page, SECOND_EDITOR_EMAIL);
  const response = await page.goto("/admin/backups");
  expect(response?.status()).toBe(404);
  const post = await page.request.post("/admin/backups/download", {
    form: { name: "kindred-hearts-2026-01-01-0215.jsonl.gz" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(404);
});
