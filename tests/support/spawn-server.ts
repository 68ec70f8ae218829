import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { answersHealth, freePort, serverArgs } from "./local";

/**
 * Starts another process of the built site, for tests that need their own settings. On a port the
 * system has just found free; if something took it meanwhile (the tests' own outgoing connections
 * use the same range), once more on another.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  options: {
    /**
     * In the suite's Postgres run (scripts/test.mjs sets E2E_POSTGRES_PREFIX), put this site on a
     * fresh Postgres database of its own, named with the run's prefix so that the run drops it
     */
    postgresInPostgresRun?: boolean;
  } = {},
) {
  const prefix = process.env.E2E_POSTGRES_PREFIX;
  if (options.postgresInPostgresRun && prefix && !env.DATABASE_URL) {
    env = { ...env, DATABASE_URL: await createRunDatabase(prefix) };
  }
  try {
    return await startOnce(env);
  } catch (error) {
    if (env.PORT || !String(error).includes("EADDRINUSE")) throw error;
    return startOnce(env);
  }
}

async function createRunDatabase(prefix: string): Promise<string> {
  const server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `${prefix}_spawn_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<string | undefined> | undefined;

/**
 * A DATA_DIR whose embedded database is already made: a copy of one this process made once, as a
 * fresh site makes it, then stopped. Making one (PGlite's initdb and the migrations) took 10 s on
 * a quiet machine and about 29 s under the suite's load; copying its 40 MB, well under one
 * (docs/performance.md, CI minutes). A site that must make its own passes DATA_DIR.
 */
async function preparedDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-spawn-"));
  await fillDataDir(dir);
  return dir;
}

/** Copies the prepared database into `dir`, an empty DATA_DIR; leaves it empty if none could be made. */
export async function fillDataDir(dir: string): Promise<void> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-template-"));
    try {
      const site = await startOnce({ DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "warn" });
      await site.stop();
      return dir;
    } catch {
      return undefined;
    }
  })();
  const made = await template;
  if (made) cpSync(made, dir, { recursive: true });
}

async function startOnce(env: Record<string, string>) {
  if (!env.DATA_DIR && !env.DATABASE_URL) env = { ...env, DATA_DIR: await preparedDataDir() };
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-spawn-")),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  // A fresh embedded database takes a while to create on a busy machine.
  const deadline = Date.now() + 90_000;
  let ready = false;
  while (!ready && Date.now() < deadline && child.exitCode === null) {
    ready = await answersHealth(url);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill("SIGKILL");
    throw new Error(`The server did not start on ${url}:\n${output}`);
  }
  return {
    url,
    /** the settings it was started with, its port among them: spawnServer(site.env) starts it again */
    env: { ...env, PORT: String(port) },
    child,
    exited,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
