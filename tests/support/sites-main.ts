/**
 * Every site of the end-to-end suite, started at once by one process (playwright.config.ts).
 * Playwright starts its web servers one after another, and each site creates its database and
 * renders its pages on start, mostly on one core: eight in a row took 50 s on a quiet two-core
 * machine before the first test, with the other core idle. Started together they share both.
 *
 *   E2E_SITES     JSON list of { name, url, env }: each site's address and its settings
 *   E2E_SITES_PORT where GET /ready answers 200 once every site answers /healthz
 *
 * A site that exits ends this process with its output, so Playwright reports it as a failed
 * start. Playwright stops this process's group at the end, the sites with it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import { answersHealth, serverArgs } from "./local";
import { fillDataDir } from "./spawn-server";

interface SiteSpec {
  name: string;
  url: string;
  env: Record<string, string>;
}

const sites = JSON.parse(process.env.E2E_SITES ?? "[]") as SiteSpec[];
const children: ChildProcess[] = [];
let ready = false;

// The sites on the embedded database start from one database made once and copied, instead of
// each making its own at the same time (tests/support/spawn-server.ts, fillDataDir).
for (const { env } of sites) {
  if (env.DATA_DIR && !env.DATABASE_URL && readdirSync(env.DATA_DIR).length === 0)
    await fillDataDir(env.DATA_DIR);
}

for (const site of sites) {
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, ...site.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n"))
      if (line) process.stderr.write(`[${site.name}] ${line}\n`);
  });
  child.on("exit", (code, signal) => {
    process.stderr.write(`[${site.name}] exited (${signal ?? code})\n`);
    stopAll(1);
  });
  children.push(child);
}

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGTERM", () => stopAll(0));
process.on("SIGINT", () => stopAll(0));

createServer((req, res) => {
  res.writeHead(ready ? 200 : 503, { "content-type": "text/plain" });
  res.end(ready ? "ready" : "starting");
}).listen(Number(process.env.E2E_SITES_PORT), "127.0.0.1");

const waiting = new Set(sites.map((site) => site.url));
while (waiting.size > 0) {
  for (const url of [...waiting]) if (await answersHealth(url)) waiting.delete(url);
  if (waiting.size > 0) await new Promise((r) => setTimeout(r, 250));
}
ready = true;
