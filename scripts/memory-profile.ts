/**
 * Where the server's memory goes, component by component: loads each part of the production
 * server in the order main.ts does and prints process.memoryUsage() after each (after a full GC),
 * then writes a heap snapshot of the running whole. Needs a build (`npm run build`).
 *
 *   npm run build && node --expose-gc build/node/memory-profile.js [--snapshot]
 *
 * The snapshot (reports/memory/server.heapsnapshot) opens in Chromium's DevTools, Memory tab.
 */
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getHeapStatistics, writeHeapSnapshot } from "node:v8";
import type { ServerBuild } from "react-router";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const rows: string[] = [];
let last = process.memoryUsage();
function measure(step: string) {
  gc!();
  const now = process.memoryUsage();
  const mb = (n: number) => (n / 2 ** 20).toFixed(0).padStart(5);
  rows.push(
    `${step.padEnd(34)} rss ${mb(now.rss)} (+${mb(now.rss - last.rss)})  heap used ${mb(now.heapUsed)}` +
      `  external ${mb(now.external)}`,
  );
  last = now;
}

measure("node itself");
const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
measure("React Router server build + React");
const { openDatabase } = await import("../server/db/client");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "memory-"));
const database = await openDatabase({ dataDir });
measure("PGlite open + migrations (first start)");
await database.close();
const reopened = await openDatabase({ dataDir });
measure("PGlite closed and opened again");
const { createApp } = await import("../server/app");
const { configFromEnvironment } = await import("../server/config");
const { createLogger } = await import("../server/operations/logger");
const config = configFromEnvironment();
const { openContentStore } = await import("../server/content/store");
const content = await openContentStore({ db: reopened.db, logger: createLogger("warn") });
measure("published content");
const created = createApp({
  content,
  config,
  database: reopened,
  logger: createLogger("warn"),
  version: "profile",
  build,
  clientDir: path.resolve("build/client"),
});
measure("Express app, services, outbox");
await created.pageCache?.warm();
measure(`page cache warm (${created.pageCache?.size ?? 0} pages)`);
console.log(rows.join("\n"));
console.log(breakdown());
if (process.argv.includes("--snapshot")) {
  mkdirSync("reports/memory", { recursive: true });
  console.log(`heap snapshot: ${writeHeapSnapshot("reports/memory/server.heapsnapshot")}`);
}
await reopened.close();
process.exit(0);

/**
 * What the resident memory is made of, from the kernel's side (/proc/self/smaps_rollup) and V8's:
 * file-backed pages (the node binary and libraries, shared and cheap to drop) against anonymous
 * ones, of which the V8 heap is one part and PGlite's WebAssembly memory (touched pages of its
 * 128 MB) and malloc's arenas most of the rest.
 */
function breakdown() {
  const rollup = readFileSync("/proc/self/smaps_rollup", "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0);
  const mb = (n: number) => `${(n / 1024).toFixed(0)} MB`;
  const heap = getHeapStatistics();
  return [
    "",
    `resident ${mb(kb("Rss"))}: file-backed ${mb(kb("Rss") - kb("Anonymous"))}, anonymous ${mb(kb("Anonymous"))}`,
    `  of the anonymous: V8 heap ${mb(heap.total_physical_size / 1024)}; the rest is WebAssembly ` +
      `memory and code, malloc arenas and thread stacks`,
  ].join("\n");
}
