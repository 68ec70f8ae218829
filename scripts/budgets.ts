/**
 * `npm run budgets`: DESIGN.md's quality bars and issue 17's targets, measured on the built site.
 *
 * 1. Bytes. Each route of SPEC.md section 2 (and the 404 page) is opened in Chromium at phone and
 *    desktop size; every response of the first view is counted as it came over the wire
 *    (compressed, as Chromium negotiated it: brotli), by kind; scripts are also fetched again
 *    gzip-compressed, the measure of the JavaScript budgets: home page ≤ 90 KB (the target; the
 *    must was 130 KB), a page that hydrates only on demand (`<html data-react="on-demand">`, every
 *    page since decision 025) ≤ 30 KB. CSS ≤ 20 KB, HTML ≤ 40 KB, everything ≤ 350 KB. All fail.
 * 2. Lighthouse 12, mobile defaults (simulated Slow 4G, 4× CPU), three runs per route; the median
 *    run is kept as an HTML report in reports/lighthouse/. Accessibility, Best Practices and SEO
 *    must be 100 (SEO not for the noindex /test), CLS ≤ 0.02 (target 0.00), the LCP image
 *    discoverable from the HTML. Targets (warned when missed): Performance ≥ 98, FCP ≤ 1.0 s,
 *    LCP ≤ 1.2 s, TBT ≤ 100 ms; and the musts, Performance ≥ 97 and LCP ≤ 2.0 s. The run fails
 *    under Performance 80 (BUDGET_PERF_FLOOR; see the budget's comment) or over LCP 2.5 s.
 * 3. The same routes on a slower profile, a 3G phone in Lagos: RTT 300 ms, 700 Kbps down, 4× CPU,
 *    median of 3 (--slow-runs). Each slow run re-simulates a mobile run's saved trace (Lighthouse
 *    throttles by simulation), so it costs an audit, not a page load. A budget of its own (issue
 *    31): fails over LCP 2.0 s or FCP 1.6 s on any route, warns over 1.8 s / 1.45 s.
 *
 * A table per route and profile gives Performance, FCP, LCP, TBT, CLS and JavaScript (gzip).
 * Options: --only=bytes|lighthouse, --routes=/,/services, --runs=N, --slow-runs=N (0 skips the
 * slow profile). Needs `npm run build` first (runs it when build/ is missing).
 */
import { spawnSync } from "node:child_process";
import { get } from "node:http";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { chromiumArgs as machineChromiumArgs } from "../tests/support/local";
import { routes } from "../tests/support/routes";
import { spawnServer } from "../tests/support/spawn-server";

const KB = 1024;
const budgets = {
  homeJsTarget: 90 * KB,
  onDemandJs: 30 * KB,
  /** issue 42: /schedule with its free times, before a form is touched */
  nativeScheduleJs: 10 * KB,
  css: 20 * KB,
  html: 40 * KB,
  total: 350 * KB,
  cls: 0.02,
  perfTarget: 98,
  // The issue's "must" is 97 and its target 98; both are warned. The run fails under 80: since
  // decision 025 no page starts React at load, and on this 2-core machine the pages measure
  // 96–99 (the home page 90–92: its long page's style and layout, see the closing note), while a
  // page that started React at load measured 73–78. A shared CI machine moves scores by 5 or more.
  perfFloor: Number(process.env.BUDGET_PERF_FLOOR ?? 80),
  perfMust: 97,
  // Issue 31: FCP ≤ 1.0 s and LCP ≤ 1.2 s on the default mobile profile (warned).
  fcpTargetSeconds: 1.0,
  lcpTargetSeconds: 1.2,
  lcpMust: 2.0,
  // Fails only well past the must, for the same reason as perfFloor.
  lcpMaxSeconds: 2.5,
  tbtTargetMs: 100,
  /**
   * The 3G profile is a budget of its own (issue 31): the run fails when any route's LCP is over
   * 2.0 s or its FCP over 1.6 s, and warns inside a band below them, where a busy machine's slower
   * CPU tasks (4× in the simulation) can push a route over on the next run.
   */
  slowLcpMaxSeconds: 2.0,
  /** BUDGET_3G=warn reports a miss as a warning (CI, until every route meets it: decision 037) */
  slowFails: process.env.BUDGET_3G !== "warn",
  slowFcpMaxSeconds: 1.6,
  slowLcpWarnSeconds: 1.8,
  slowFcpWarnSeconds: 1.45,
  /** ten TCP segments of 1,460 bytes: a new connection's first flight (docs/decisions/037) */
  firstFlightBytes: 14_600,
};
/** Lighthouse's simulated throttling for the slow profile (the mobile default is Slow 4G). */
const slowThrottling = {
  rttMs: 300,
  throughputKbps: 700,
  cpuSlowdownMultiplier: 4,
  // What Lighthouse's DevTools throttling would apply for the same link (its 3.75× and 0.9×).
  requestLatencyMs: 300 * 3.75,
  downloadThroughputKbps: 700 * 0.9,
  uploadThroughputKbps: 330,
};
const chromiumArgs = [
  ...machineChromiumArgs,
  // The server listens on 127.0.0.1; Chromium would try ::1 for localhost first.
  "--host-resolver-rules=MAP localhost 127.0.0.1",
];
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const outDir = "reports/lighthouse";

const { values: options } = parseArgs({
  options: {
    only: { type: "string" },
    routes: { type: "string" },
    runs: { type: "string", default: "3" },
    "slow-runs": { type: "string", default: "3" },
  },
});

const notFoundPath = "/this-page-does-not-exist";
/** pages marked noindex on purpose: the test page, checkout, the payment result, the 404 */
const noindex = new Set(["/test", "/checkout", "/thank-you", notFoundPath]);
const expectedOn404 = new Set([
  "http-status-code",
  "errors-in-console",
  "is-crawlable",
  "meta-description",
]);
const allPaths = [...routes.map((r) => r.path), notFoundPath];
const paths = options.routes ? options.routes.split(",") : allPaths;
/**
 * Lighthouse loads one page per template: the six Hidden Thread stories are one template with
 * different words (the bytes phase measures every one of them), so only the first is run by
 * Lighthouse unless --routes names them. Five routes fewer keep CI inside its hour.
 */
const sameTemplateAsDay1 = /^\/hidden-thread\/day-[2-9]$/;
const lighthousePaths = options.routes ? paths : paths.filter((p) => !sameTemplateAsDay1.test(p));
const failures: string[] = [];
const warnings: string[] = [];

const kb = (bytes: number) => (bytes / KB).toFixed(1);

type Kind = "html" | "js" | "css" | "font" | "image" | "other";

function kindOf(resourceType: string, url: string): Kind {
  if (resourceType === "document") return "html";
  if (resourceType === "script") return "js";
  if (resourceType === "stylesheet") return "css";
  if (resourceType === "font") return "font";
  if (resourceType === "image" || /\.(avif|webp|png|jpe?g|svg|ico)$/.test(url)) return "image";
  return "other";
}

/** Transfer sizes of one page's first view, by kind. */
async function measureBytes(
  browser: import("@playwright/test").Browser,
  url: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: viewport.width < 600 ? 3 : 1,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  const page = await context.newPage();
  const totals: Record<Kind, number> = { html: 0, js: 0, css: 0, font: 0, image: 0, other: 0 };
  let headers = 0;
  /** the page itself with its headers: what must come in a new connection's first flight */
  let document = 0;
  /** the hero video on wide screens: it starts after the page is shown, so it is counted apart */
  let video = 0;
  const scripts: string[] = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    // Frames the visitor opens (scheduling, video) are theirs to start, not the page's cost.
    if (request.frame() !== page.mainFrame()) return;
    pending.push(
      request
        .sizes()
        .then((sizes) => {
          if (request.resourceType() === "media") {
            video += Math.max(0, sizes.responseBodySize);
            return;
          }
          const kind = kindOf(request.resourceType(), new URL(request.url()).pathname);
          if (kind === "js") scripts.push(request.url());
          totals[kind] += Math.max(0, sizes.responseBodySize);
          headers += Math.max(0, sizes.responseHeadersSize);
          if (request.resourceType() === "document")
            document = sizes.responseHeadersSize + sizes.responseBodySize;
          if (process.env.BUDGET_VERBOSE) console.log(kind, sizes.responseBodySize, request.url());
        })
        // A request that finishes while the page closes is not part of the view: not counted.
        .catch(() => {}),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(pending);
  const onDemand = (await page.locator("html").getAttribute("data-react")) === "on-demand";
  await context.close();
  // Each kind is counted by its (compressed) bodies; the first-view total includes the headers.
  const total = Object.values(totals).reduce((a, b) => a + b, headers);
  const jsGzip = (await Promise.all(scripts.map((u) => bodyBytes(u, "gzip")))).reduce(
    (a, b) => a + b,
    0,
  );
  return { ...totals, headers, total, jsGzip, video, onDemand, document };
}

/** Compressed body size of a URL when the client accepts only `encoding`. */
function bodyBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      let n = 0;
      res.on("data", (chunk: Buffer) => (n += chunk.length));
      res.on("end", () => resolve(n));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** JavaScript (gzip) of each route's phone view, for the Lighthouse tables. */
const jsGzipByRoute = new Map<string, number>();

/** A page to measure: the route as the tables name it, and where it is served. */
interface Target {
  label: string;
  url: string;
}

async function bytesPhase(targets: Target[]) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  const rows: string[] = [
    "| Route | View | React | HTML | Page + headers (B) | CSS | JS | JS (gzip) | Fonts | Images | Other | Headers | Total | Video after |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const { label: p, url } of targets) {
    for (const [view, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["desktop", { width: 1280, height: 800 }],
    ] as const) {
      const t = await measureBytes(browser, url, viewport);
      const over = (what: string, value: number, limit: number) => {
        if (value > limit)
          failures.push(`${p} (${view}): ${what} ${kb(value)} KB > ${kb(limit)} KB`);
      };
      over("HTML", t.html, budgets.html);
      over("CSS", t.css, budgets.css);
      over("first view", t.total, budgets.total);
      // Since decision 025 the home page runs no React until a form is used: its target fails.
      if (p === "/") over("JavaScript (gzip)", t.jsGzip, budgets.homeJsTarget);
      else if (p === "/schedule (native)")
        over("JavaScript (gzip) before a form is touched", t.jsGzip, budgets.nativeScheduleJs);
      else if (t.onDemand)
        over("JavaScript (gzip) on a words-only page", t.jsGzip, budgets.onDemandJs);
      if (view === "phone") jsGzipByRoute.set(p, t.jsGzip);
      // A new connection sends about ten segments before it waits for the phone's first
      // acknowledgement: a page past them paints a round trip later (300 ms on the 3G profile).
      if (view === "phone" && t.document > budgets.firstFlightBytes)
        warnings.push(
          `${p}: the page and its headers are ${t.document} B, past a new connection's first flight (${budgets.firstFlightBytes} B): it paints a round trip later`,
        );
      rows.push(
        `| ${p} | ${view} | ${t.onDemand ? "on demand" : "page"} | ${kb(t.html)} | ${t.document} | ${kb(t.css)} | ${kb(t.js)} | ${kb(t.jsGzip)} | ${kb(t.font)} | ${kb(t.image)} | ${kb(t.other)} | ${kb(t.headers)} | ${kb(t.total)} | ${kb(t.video)} |`,
      );
    }
  }
  await browser.close();
  const table = rows.join("\n");
  console.log(`\nBytes over the wire (KB, compressed as served):\n${table}\n`);
  return table;
}

interface Run {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpDiscoverable: boolean;
  html: string;
  failing: string[];
}

type Profile = "mobile" | "slow";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * One Lighthouse run of `url` in a profile. A run whose trace Lighthouse could not read (its
 * runtimeError, e.g. NO_NAVSTART on a busy machine) measured nothing: it is tried again, twice.
 */
async function lighthouseRun(
  port: number,
  url: string,
  profile: Profile,
  artifacts?: Artifacts,
  tries = 3,
): Promise<Run> {
  const run = await lighthouseOnce(port, url, profile, artifacts);
  // A run from saved artifacts would only repeat the same error: that one gathers afresh.
  if (run.runtimeError && tries > 1) {
    console.log(`${profile} ${url}: ${run.runtimeError}, running it again`);
    const again = artifacts?.mode === "audit" ? undefined : artifacts;
    return lighthouseRun(port, url, profile, again, tries - 1);
  }
  return run;
}

/**
 * Saved artifacts of a mobile run, audited again on the slow profile. Lighthouse's throttling is
 * simulated (Lantern): the browser loads the page at full speed either way, and the profile only
 * changes the simulation over the same trace. So the slow profile re-simulates a mobile run's
 * trace instead of loading the page once more, which saves a quarter of CI's Lighthouse time.
 */
interface Artifacts {
  dir: string;
  mode: "save" | "audit";
}

/** The saved artifacts as the slow profile would have gathered them: only the throttling differs. */
function asSlowProfile(dir: string): void {
  const file = path.join(dir, "artifacts.json");
  const artifacts = JSON.parse(readFileSync(file, "utf8"));
  artifacts.settings.throttlingMethod = "simulate";
  artifacts.settings.throttling = slowThrottling;
  writeFileSync(file, JSON.stringify(artifacts));
}

async function lighthouseOnce(
  port: number,
  url: string,
  profile: Profile,
  artifacts?: Artifacts,
): Promise<Run & { runtimeError?: string }> {
  if (artifacts?.mode === "audit") asSlowProfile(artifacts.dir);
  const saved =
    artifacts?.mode === "save"
      ? { gatherMode: artifacts.dir, auditMode: artifacts.dir }
      : artifacts?.mode === "audit"
        ? { auditMode: artifacts.dir }
        : {};
  const result = await lighthouse(
    url,
    { port, output: "html", logLevel: "error", ...saved },
    {
      extends: "lighthouse:default",
      settings: {
        // Filmstrips only make the reports heavier; they score nothing.
        skipAudits: ["screenshot-thumbnails", "final-screenshot"],
        // The not-found page is measured too, as the 404 it is.
        ignoreStatusCode: url.endsWith(notFoundPath),
        ...(profile === "slow"
          ? { throttlingMethod: "simulate" as const, throttling: slowThrottling }
          : {}),
      },
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? 0);
  const failing = Object.values(lhr.categories)
    .filter((c) => c.id !== "performance")
    .flatMap((c) => c.auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const lazyLcp = lhr.audits["lcp-lazy-loaded"]?.score;
  const discovery = lhr.audits["lcp-discovery-insight"]?.score;
  return {
    perf: score("performance"),
    a11y: score("accessibility"),
    bp: score("best-practices"),
    seo: score("seo"),
    fcp: numeric("first-contentful-paint") / 1000,
    lcp: numeric("largest-contentful-paint") / 1000,
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    lcpDiscoverable: lazyLcp !== 0 && discovery !== 0,
    html: String(result.report),
    failing,
    runtimeError: lhr.runtimeError?.code,
  };
}

/** The medians of a route's runs; the run with the median Performance is kept as the report. */
function summarise(p: string, profile: Profile, results: Run[]): Omit<Run, "html"> {
  const perfMedian = median(results.map((r) => r.perf));
  const kept = results.find((r) => r.perf === perfMedian) ?? results[0]!;
  const name =
    (p === "/"
      ? "home"
      : p
          .slice(1)
          .replaceAll("/", "_")
          .replace(/ \((\w+)\)$/, "_$1")) + (profile === "slow" ? ".slow" : "");
  writeFileSync(path.join(outDir, `${name}.html`), kept.html);
  const { html: _html, ...row } = kept;
  const of = (key: "a11y" | "bp" | "seo" | "fcp" | "lcp" | "tbt" | "cls") =>
    median(results.map((r) => r[key]));
  return {
    ...row,
    a11y: of("a11y"),
    bp: of("bp"),
    seo: of("seo"),
    fcp: of("fcp"),
    lcp: of("lcp"),
    tbt: of("tbt"),
    cls: of("cls"),
  };
}

const tableHead = [
  "| Route | Performance | FCP (s) | LCP (s) | TBT (ms) | CLS | JS gzip (KB) |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
];

function tableRow(p: string, m: Omit<Run, "html">): string {
  const js = jsGzipByRoute.get(p);
  return `| ${p} | ${m.perf} | ${m.fcp.toFixed(2)} | ${m.lcp.toFixed(2)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${js === undefined ? "–" : kb(js)} |`;
}

/** Budgets of the mobile profile: the targets warn, the musts fail. */
/** The 3G profile's budget: LCP ≤ 2.0 s and FCP ≤ 1.6 s on every route, a warn band below. */
function checkSlow(p: string, m: Omit<Run, "html">) {
  const metrics = [
    ["LCP", m.lcp, budgets.slowLcpMaxSeconds, budgets.slowLcpWarnSeconds],
    ["FCP", m.fcp, budgets.slowFcpMaxSeconds, budgets.slowFcpWarnSeconds],
  ] as const;
  for (const [name, value, max, warn] of metrics) {
    if (value > max)
      (budgets.slowFails ? failures : warnings).push(
        `${p} (3G profile): ${name} ${value.toFixed(2)} s > ${max} s`,
      );
    else if (value > warn)
      warnings.push(`${p} (3G profile): ${name} ${value.toFixed(2)} s is within ${warn}–${max} s`);
  }
}

function checkMobile(p: string, m: Omit<Run, "html">) {
  const problems = m.failing.length ? ` (failing: ${m.failing.join(", ")})` : "";
  if (m.perf < budgets.perfFloor)
    failures.push(`${p}: Performance ${m.perf} < ${budgets.perfFloor}`);
  else if (m.perf < budgets.perfMust)
    warnings.push(`${p}: Performance ${m.perf} is under the must of ${budgets.perfMust}`);
  else if (m.perf < budgets.perfTarget)
    warnings.push(`${p}: Performance ${m.perf} is under the target of ${budgets.perfTarget}`);
  if (m.fcp > budgets.fcpTargetSeconds)
    warnings.push(
      `${p}: FCP ${m.fcp.toFixed(2)} s is over the target of ${budgets.fcpTargetSeconds} s`,
    );
  if (m.lcp > budgets.lcpMaxSeconds)
    failures.push(`${p}: LCP ${m.lcp.toFixed(2)} s > ${budgets.lcpMaxSeconds} s`);
  else if (m.lcp > budgets.lcpMust)
    warnings.push(`${p}: LCP ${m.lcp.toFixed(2)} s is over the must of ${budgets.lcpMust} s`);
  else if (m.lcp > budgets.lcpTargetSeconds)
    warnings.push(
      `${p}: LCP ${m.lcp.toFixed(2)} s is over the target of ${budgets.lcpTargetSeconds} s`,
    );
  if (m.tbt > budgets.tbtTargetMs)
    warnings.push(
      `${p}: TBT ${Math.round(m.tbt)} ms is over the target of ${budgets.tbtTargetMs} ms`,
    );
  if (m.a11y < 100) failures.push(`${p}: Accessibility ${m.a11y}${problems}`);
  // Pages kept out of search on purpose (noindex) lose SEO points for exactly that; the 404
  // page also for its status, the browser's line about it, and having nothing to describe.
  const allowed =
    p === notFoundPath ? expectedOn404 : noindex.has(p) ? new Set(["is-crawlable"]) : new Set();
  const unexpected = m.failing.some((id) => !allowed.has(id));
  if (m.bp < 100 && unexpected) failures.push(`${p}: Best Practices ${m.bp}${problems}`);
  if (m.seo < 100 && unexpected) failures.push(`${p}: SEO ${m.seo}${problems}`);
  if (m.cls > budgets.cls) failures.push(`${p}: CLS ${m.cls.toFixed(3)} > ${budgets.cls}`);
  // The target is 0.00 as the table shows it: a shift under 0.0005 prints as 0.000 and is none.
  else if (m.cls >= 0.0005)
    warnings.push(`${p}: CLS ${m.cls.toFixed(3)} is over the target of 0.00`);
  if (!m.lcpDiscoverable) failures.push(`${p}: the LCP image is not discoverable from the HTML`);
}

async function lighthousePhase(targets: Target[]) {
  const runs: Record<Profile, number> = {
    mobile: Number(options.runs),
    slow: Number(options["slow-runs"]),
  };
  mkdirSync(outDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const rows: Record<Profile, string[]> = { mobile: [...tableHead], slow: [...tableHead] };
  const quality = [
    "| Route | Accessibility | Best Practices | SEO |",
    "| --- | ---: | ---: | ---: |",
  ];
  const summary: Record<string, Partial<Record<Profile, Omit<Run, "html">>>> = {};
  const artifactsRoot = mkdtempSync(path.join(tmpdir(), "lighthouse-artifacts-"));
  try {
    for (const { label: p, url } of targets) {
      summary[p] = {};
      for (const profile of ["mobile", "slow"] as const) {
        if (runs[profile] < 1) continue;
        const results: Run[] = [];
        for (let i = 0; i < runs[profile]; i++) {
          // Mobile run i keeps its artifacts for slow run i, which re-simulates them.
          const dir = path.join(artifactsRoot, String(i));
          const reuse = i < runs.mobile && i < runs.slow;
          const artifacts: Artifacts | undefined = !reuse
            ? undefined
            : { dir, mode: profile === "mobile" ? "save" : "audit" };
          results.push(await lighthouseRun(chrome.port, url, profile, artifacts));
        }
        const m = summarise(p, profile, results);
        summary[p][profile] = m;
        rows[profile].push(tableRow(p, m));
        console.log(`${profile.padEnd(6)} ${rows[profile].at(-1)}`);
        if (profile === "slow") {
          checkSlow(p, m);
          continue;
        }
        quality.push(
          `| ${p} | ${m.a11y} | ${m.bp} | ${noindex.has(p) ? `${m.seo} (noindex)` : m.seo} |`,
        );
        checkMobile(p, m);
      }
    }
  } finally {
    chrome.kill();
    rmSync(artifactsRoot, { recursive: true, force: true });
  }
  writeFileSync(path.join(outDir, "summary.json"), JSON.stringify(summary, null, 2));
  return {
    mobile: runs.mobile > 0 ? rows.mobile.join("\n") : "",
    slow: runs.slow > 0 ? rows.slow.join("\n") : "",
    quality: quality.join("\n"),
  };
}

async function main() {
  if (!existsSync("build/node/main.js")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await spawnServer({ LOG_LEVEL: "warn", FORM_RATE_LIMIT: "1000" });
  const up = await fetch(`${server.url}/healthz`).catch(() => undefined);
  if (!up?.ok) {
    await server.stop();
    throw new Error(`The site did not start:\n${server.output()}`);
  }
  // SITE_URL defaults to http://localhost:PORT; measuring on that origin keeps canonicals on-site.
  const base = server.url.replace("127.0.0.1", "localhost");
  // /schedule with bookings the practice owns (BOOKINGS=native, issue 42) is a page of its own:
  // the free times, drawn for each request. Measured on a second site, as "/schedule (native)".
  const native = paths.includes("/schedule")
    ? await spawnServer({ LOG_LEVEL: "warn", FORM_RATE_LIMIT: "1000", BOOKINGS: "native" })
    : undefined;
  const nativeTarget: Target[] = native
    ? [
        {
          label: "/schedule (native)",
          url: `${native.url.replace("127.0.0.1", "localhost")}/schedule`,
        },
      ]
    : [];
  const on = (list: string[]): Target[] => [
    ...list.map((p) => ({ label: p, url: base + p })),
    ...nativeTarget,
  ];
  let bytesTable = "";
  let lh = { mobile: "", slow: "", quality: "" };
  try {
    if (options.only !== "lighthouse") bytesTable = await bytesPhase(on(paths));
    if (options.only !== "bytes") lh = await lighthousePhase(on(lighthousePaths));
  } finally {
    await server.stop();
    await native?.stop();
  }
  mkdirSync(outDir, { recursive: true });
  const report = [
    `# Budgets (${new Date().toISOString()})`,
    "",
    bytesTable && `## Bytes (KB, compressed as served)\n\n${bytesTable}\n`,
    lh.mobile &&
      `## Lighthouse 12, mobile (Slow 4G, 4× CPU), median of ${options.runs} runs\n\n${lh.mobile}\n\nHTML reports: reports/lighthouse/<route>.html\n`,
    lh.slow &&
      `## Lighthouse 12, slow profile (RTT 300 ms, 700 Kbps, 4× CPU), median of ${options["slow-runs"]} runs\n\n${lh.slow}\n\nHTML reports: reports/lighthouse/<route>.slow.html\n`,
    lh.mobile && `## Accessibility, Best Practices, SEO (mobile)\n\n${lh.quality}\n`,
    warnings.length ? `## Warnings\n\n${warnings.map((w) => `- ${w}`).join("\n")}\n` : "",
    failures.length ? `## Over budget\n\n${failures.map((f) => `- ${f}`).join("\n")}\n` : "",
  ].join("\n");
  writeFileSync(path.join(outDir, "summary.md"), report);
  if (lh.mobile) console.log(`\nLighthouse, mobile (Slow 4G, 4× CPU):\n${lh.mobile}\n`);
  if (lh.slow)
    console.log(`Lighthouse, slow profile (RTT 300 ms, 700 Kbps, 4× CPU):\n${lh.slow}\n`);
  if (lh.mobile) console.log(`Accessibility, Best Practices, SEO:\n${lh.quality}\n`);
  for (const w of warnings) console.log(`WARN ${w}`);
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(
    failures.length
      ? `\nBudgets: ${failures.length} over budget (see ${outDir}/summary.md)`
      : `\nBudgets: all met (see ${outDir}/summary.md)`,
  );
  process.exit(failures.length ? 1 : 0);
}

await main();
