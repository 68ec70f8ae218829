#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure. Ends with one summary line
 * "N passed, N failed, N skipped" that CI reads. When TEST_DATABASE_URL is set, the end-to-end
 * suite runs a second time with the sites on Postgres, in fresh databases dropped afterwards.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";

const steps = [
  ["format", "npx", ["prettier", "--check", "--log-level", "warn", "."]],
  ["lint", "npx", ["eslint", ".", "--max-warnings", "0"]],
  ["typecheck", "npx", ["react-router", "typegen"]],
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  [
    "unit",
    "npx",
    [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=reports/tests/unit.json",
    ],
  ],
  ["build", "npm", ["run", "build"]],
  ["e2e", "npx", ["playwright", "test"]],
];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) steps.push(["e2e on Postgres", "npx", ["playwright", "test"], { postgres: true }]);

const reports = {
  unit: "reports/tests/unit.json",
  e2e: "reports/tests/e2e.json",
  e2ePostgres: "reports/tests/e2e-postgres.json",
};
mkdirSync("reports/tests", { recursive: true });
for (const f of Object.values(reports)) rmSync(f, { force: true });

/**
 * Runs `run` with a prefix for the databases of the Postgres run: playwright.config.ts creates one
 * per site on TEST_DATABASE_URL's server, named after it; they are dropped here afterwards.
 */
async function withFreshDatabases(run) {
  const prefix = `e2e_${Date.now()}`;
  try {
    return await run(prefix);
  } finally {
    const dropper = new pg.Client({ connectionString: postgresUrl });
    await dropper.connect();
    const { rows } = await dropper.query(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${prefix}_`],
    );
    for (const { datname } of rows)
      await dropper.query(`drop database if exists ${datname} with (force)`);
    await dropper.end();
  }
}

const started = Date.now();
let failedStep = null;
for (const [name, cmd, args, options] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")}`);
  const runStep = (env) => spawnSync(cmd, args, { stdio: "inherit", env }).status;
  let status;
  try {
    status = options?.postgres
      ? await withFreshDatabases((prefix) => {
          console.log(`  (sites on Postgres: databases ${prefix}_*)`);
          return runStep({
            ...process.env,
            E2E_POSTGRES_PREFIX: prefix,
            E2E_JSON_OUTPUT: reports.e2ePostgres,
          });
        })
      : runStep(process.env);
  } catch (error) {
    console.error(`✖ ${name}: ${error.message}`);
    status = 1;
  }
  if (status !== 0) {
    failedStep = name;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const parts = [];
if (existsSync(reports.unit)) {
  const unit = JSON.parse(readFileSync(reports.unit, "utf8"));
  counts.passed += unit.numPassedTests;
  counts.failed += unit.numFailedTests;
  counts.skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
  parts.push(`unit ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
}
for (const [file, label] of [
  [reports.e2e, "end-to-end"],
  [reports.e2ePostgres, "end-to-end on Postgres"],
]) {
  if (!existsSync(file)) continue;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
  parts.push(`${label} ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`);
}
if (failedStep && counts.failed === 0) counts.failed = 1;

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\n${parts.join("; ") || "no tests ran"} (${seconds}s)`);
if (failedStep) console.log(`✖ stopped at step: ${failedStep}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
