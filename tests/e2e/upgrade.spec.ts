import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/local";
import { spawnServer } from "../support/spawn-server";

/**
 * An upgrade by the docs (docs/deployment.md, "Upgrades"): `npm run build` while the site runs,
 * then a restart. Issue 25, item 20: a build in place emptied build/ under the running process,
 * and its stylesheet and scripts answered 404 until the restart. Here a poller asks for pages and
 * every file they name, all the way through, and nothing may answer anything but 200.
 */
test("pages and their files answer 200 throughout a rebuild and a restart", async () => {
  test.setTimeout(360_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-upgrade-"));
  const port = String(await freePort());
  let server = await spawnServer({ DATA_DIR: dataDir, PORT: port });
  const base = server.url;
  const pages = ["/", "/services", "/book", "/contact"];

  /** The files a page names: its scripts, stylesheet links, pictures, icons. */
  const filesOf = (html: string) =>
    [...html.matchAll(/(?:src|href)="(\/(?:assets|images)\/[^"?#]+)"/g)].map((m) => m[1]!);
  const before = new Set<string>();
  for (const page of pages) {
    for (const file of filesOf(await (await fetch(base + page)).text())) before.add(file);
  }
  expect([...before].some((f) => f.startsWith("/assets/"))).toBe(true);

  const wrong: string[] = [];
  let answered = 0;
  let polling = true;
  const urls = () => [...pages, ...before];
  const poller = (async () => {
    while (polling) {
      for (const url of urls()) {
        try {
          const response = await fetch(base + url);
          await response.arrayBuffer();
          answered += 1;
          if (response.status !== 200) wrong.push(`${url}: ${response.status}`);
        } catch {
          // Refused while the process restarts: no answer at all, not a wrong one.
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  try {
    // The build, as the docs say it, beside the running site (in the background: the poller runs).
    const build = await run("npm", ["run", "build"]);
    expect(build.status, build.output).toBe(0);
    expect(build.output).toMatch(/release releases\/\S+ is live/);
    const duringBuild = answered;
    expect(duringBuild).toBeGreaterThan(pages.length);

    // The restart, as systemd does it: stop, then start on the same port and data.
    await server.stop();
    server = await spawnServer({ DATA_DIR: dataDir, PORT: port });
    // The new process's pages and files, and the old pages' files too (a tab left open, a page
    // kept by the service worker), all answer.
    for (const page of pages) {
      for (const file of filesOf(await (await fetch(base + page)).text())) before.add(file);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  } finally {
    polling = false;
    await poller;
    await server.stop();
  }
  expect(wrong).toEqual([]);
  expect(answered).toBeGreaterThan(urls().length * 3);
});

/** Runs a command to its end without blocking the event loop; its exit status and output. */
function run(command: string, args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}
