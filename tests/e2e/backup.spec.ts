import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/local";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import { spawnServer } from "../support/spawn-server";

/**
 * The PORT the commands are given. On the embedded database they refuse to run while a site
 * answers on PORT (default 3000); on a shared machine something else may answer there, so they
 * are pointed at a port nothing listens on.
 */
let idlePort = "";
test.beforeAll(async () => {
  idlePort = String(await freePort());
});

/** Runs one of the built commands (backup, restore, export) as an operator would. */
function command(name: string, args: string[], env: Record<string, string>) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  const result = spawnSync(process.execPath, [`build/node/${name}.js`, ...args], {
    env: { ...clean, PORT: idlePort, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function postContact(url: string, email: string) {
  const response = await fetch(`${url}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({
      name: "Backup Test",
      email,
      phone: "",
      need: "other",
      message: "Checking that this message survives a backup and restore.",
    }).toString(),
  });
  expect(response.status).toBe(200);
}

/** The site answers its health check and home page; if it does not, its own log says why. */
async function expectServes(site: Awaited<ReturnType<typeof spawnServer>>) {
  const { url } = site;
  const health = await fetch(`${url}/healthz`).catch((error: Error) => {
    throw new Error(`${url} did not answer (${error.cause ?? error}):\n${site.output()}`);
  });
  expect(health.status).toBe(200);
  const home = await fetch(`${url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("Kindred Hearts");
}

test.describe("backups that restore", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  const work = mkdtempSync(path.join(tmpdir(), "site-backup-e2e-"));
  const original = path.join(work, "original");
  const file = path.join(work, "site.jsonl.gz");
  const email = `backup.${Date.now()}@example.com`;
  test.afterAll(() => rmSync(work, { recursive: true, force: true }));

  test("backup and export work while the embedded site serves, and the backup restores", async () => {
    const first = await spawnServer({ DATA_DIR: original });
    try {
      await postContact(first.url, email);
      // The embedded database serves one process: the running site does the work for them
      // over its lock socket (docs/decisions/034).
      const backup = command("backup", [file], { DATA_DIR: original });
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(/Backup of the pglite database written to .*: 1 submissions/);
      const exported = command("export", ["--kind", "contact"], { DATA_DIR: original });
      expect(exported.status, exported.stderr).toBe(0);
      expect(exported.stdout).toContain(email);
      expect(exported.stderr).toContain("1 contact submission(s)");
      const queue = command("deliveries", [], { DATA_DIR: original });
      expect(queue.status, queue.stderr).toBe(0);
      // Restoring into the database the site is using stays refused, saying why.
      const refused = command("restore", [file], { DATA_DIR: original });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("the site is running on it");
      await expectServes(first);
    } finally {
      await first.stop();
    }

    const restored = path.join(work, "restored");
    const restore = command("restore", [file], { DATA_DIR: restored });
    expect(restore.stdout).toMatch(/Restored .* into the pglite database: 1 submissions/);
    const again = command("restore", [file], { DATA_DIR: restored });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("The target database is not empty (1 submissions");

    const second = await spawnServer({ DATA_DIR: restored });
    try {
      await expectServes(second);
      await postContact(second.url, `after.${email}`);
    } finally {
      await second.stop();
    }
    const exported = command("export", ["--kind", "contact"], { DATA_DIR: restored });
    expect(exported.stdout, `status ${exported.status}: ${exported.stderr}`).toContain(email);
    expect(exported.stdout).toContain(`after.${email}`);
  });

  test("the same backup moves the site to Postgres, which then takes new forms", async () => {
    test.skip(!(await postgresAvailable()), "no Postgres at TEST_DATABASE_URL");
    const target = await createTempDatabase();
    try {
      const restore = command("restore", [file], { DATABASE_URL: target.url });
      expect(restore.stdout).toMatch(/into the postgres database: 1 submissions/);
      const site = await spawnServer({ DATABASE_URL: target.url });
      try {
        await expectServes(site);
        await postContact(site.url, `postgres.${email}`);
      } finally {
        await site.stop();
      }
      const exported = command("export", ["--kind", "contact"], { DATABASE_URL: target.url });
      expect(exported.stdout, `status ${exported.status}: ${exported.stderr}`).toContain(email);
      expect(exported.stdout).toContain(`postgres.${email}`);
    } finally {
      await target.drop();
    }
  });
});
