/**
 * A backup under load (issue 30): 50,000 submissions in the embedded database (PGlite), the built
 * site serving a cached page to wrk (10 s alone, then 60 s), a contact form posted every quarter
 * second, and `npm run backup` taken through the running site 3 s into the 60. The site's own thread
 * reads the backup in chunks and yields between them; this says whether visitors notice.
 *   npm run build && npm run bench:backup
 * Budget: page p99 ≤ 50 ms while the backup runs, and every form post answered within 1 s.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../server/db/client";
import { freePort } from "../tests/support/local";
import { parseWrk } from "./bench";
import { seedInbox } from "./bench-seed";

const ROWS = Number(process.env.BACKUP_BENCH_ROWS ?? 50_000);
const LOAD_SECONDS = Number(process.env.BACKUP_BENCH_SECONDS ?? 60);
const root = path.resolve(import.meta.dirname, "..");

if (!existsSync(path.join(root, "build/node/main.js"))) {
  console.error("Build the site first: npm run build");
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), "backup-bench-"));
let site: ChildProcess | undefined;
try {
  const database = await openDatabase({ dataDir: dir });
  await seedInbox(database.db, ROWS);
  await database.close();
  console.log(`seeded ${ROWS} submissions`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  site = spawn(path.join(root, "bin/serve"), [], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: base,
      DATA_DIR: dir,
      LOG_LEVEL: "warn",
      FORM_RATE_LIMIT: "1000000000",
    },
    stdio: "ignore",
    detached: true,
  });
  await waitFor(`${base}/healthz`);
  // The page is cached once asked for; wrk then measures the cached answer.
  await fetch(`${base}/`).then((r) => r.arrayBuffer());

  const runWrk = (seconds: number) => {
    const wrk = spawn(
      "wrk",
      ["-t1", "-c20", `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: br", `${base}/`],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    wrk.stdout.on("data", (d) => (out += d));
    return new Promise<string>((resolve) => wrk.once("exit", () => resolve(out)));
  };
  const quiet = parseWrk(await runWrk(10));

  const posts: number[] = [];
  const postStatuses: Record<number, number> = {};
  let posting = true;
  const poster = (async () => {
    for (let i = 0; posting; i++) {
      const started = performance.now();
      const answer = await fetch(`${base}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: new URLSearchParams({
          name: "Bench Visitor",
          email: `backup.bench.${i}@example.com`,
          phone: "",
          need: "couples-counseling",
          message: "A message sent while a backup runs, to be stored and counted.",
          kh_leave_blank: "",
        }),
      });
      await answer.arrayBuffer();
      posts.push(performance.now() - started);
      postStatuses[answer.status] = (postStatuses[answer.status] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const loaded = runWrk(LOAD_SECONDS);

  // The backup, 3 s in, through the running site (docs/decisions/034).
  await new Promise((r) => setTimeout(r, 3_000));
  const file = path.join(dir, "bench-backup.jsonl.gz");
  const backupStart = performance.now();
  const backup = spawnSync(process.execPath, [path.join(root, "build/node/backup.js"), file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const backupSeconds = (performance.now() - backupStart) / 1000;
  const wrkOut = await loaded;
  posting = false;
  await poster;
  const coveredByLoad = 3 + backupSeconds <= LOAD_SECONDS;

  const page = parseWrk(wrkOut);
  const slowestPost = Math.max(...posts);
  const stored = backup.status === 0 && existsSync(file);
  console.log(
    `backup: ${stored ? `${(statSync(file).size / 1e6).toFixed(1)} MB` : `failed: ${backup.stderr}`} in ${backupSeconds.toFixed(1)} s`,
  );
  console.log(`page / alone: ${quiet.rps} req/s, p50 ${quiet.p50} ms, p99 ${quiet.p99} ms`);
  console.log(
    `page / during the backup: ${page.rps} req/s, p50 ${page.p50} ms, p99 ${page.p99} ms, ` +
      `${page.errors} errors, ${page.timeouts} time-outs` +
      (coveredByLoad ? "" : ` (the backup outlasted the ${LOAD_SECONDS} s of load)`),
  );
  console.log(
    `form posts: ${posts.length}, slowest ${slowestPost.toFixed(0)} ms, statuses ${JSON.stringify(postStatuses)}`,
  );
  const ok =
    stored &&
    coveredByLoad &&
    page.p99 <= 50 &&
    page.errors === 0 &&
    slowestPost <= 1000 &&
    Object.keys(postStatuses).every((s) => s === "303" || s === "200");
  console.log(ok ? "within budget (page p99 ≤ 50 ms, every post ≤ 1 s)" : "OVER BUDGET");
  process.exitCode = ok ? 0 : 1;
} finally {
  if (site?.pid && site.exitCode === null) process.kill(-site.pid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}

async function waitFor(url: string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}
