#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure. Ends with one summary line
 * "N passed, N failed" that CI reads.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

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

mkdirSync("reports/tests", { recursive: true });
for (const f of ["reports/tests/unit.json", "reports/tests/e2e.json"]) rmSync(f, { force: true });

const started = Date.now();
let failedStep = null;
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const parts = [];
if (existsSync("reports/tests/unit.json")) {
  const unit = JSON.parse(readFileSync("reports/tests/unit.json", "utf8"));
  counts.passed += unit.numPassedTests;
  counts.failed += unit.numFailedTests;
  counts.skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
  parts.push(`unit ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
}
if (existsSync("reports/tests/e2e.json")) {
  const { stats } = JSON.parse(readFileSync("reports/tests/e2e.json", "utf8"));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
  parts.push(`end-to-end ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`);
}
if (failedStep && counts.failed === 0) counts.failed = 1;

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\n${parts.join("; ") || "no tests ran"} (${seconds}s)`);
if (failedStep) console.log(`✖ stopped at step: ${failedStep}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
