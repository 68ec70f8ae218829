import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The Dockerfile in docs/deployment.md copies the whole folder (`COPY . .`). .dockerignore keeps
 * out what must never be in an image: the settings with their passwords, the embedded database
 * with every lead, backups and exports, and what the image installs and builds for itself.
 */
const root = path.resolve(__dirname, "../..");

/** Docker's rules: anchored at the context, `*` within a name, `**` across folders, `!` re-includes. */
function dockerIgnore(text: string) {
  const rules = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const negated = line.startsWith("!");
      const pattern = (negated ? line.slice(1) : line).replace(/^\/+|\/+$/g, "");
      const source = pattern
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) =>
          part === "**/"
            ? "(?:.*/)?"
            : part === "**"
              ? ".*"
              : part === "*"
                ? "[^/]*"
                : part === "?"
                  ? "[^/]"
                  : part.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
        )
        .join("");
      return { negated, regex: new RegExp(`^${source}$`) };
    });
  return (file: string) => {
    const parts = file.split("/");
    // A folder that matches takes everything in it along.
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    let excluded = false;
    for (const rule of rules) {
      if (prefixes.some((p) => rule.regex.test(p))) excluded = !rule.negated;
    }
    return excluded;
  };
}

describe(".dockerignore", () => {
  const excluded = dockerIgnore(readFileSync(path.join(root, ".dockerignore"), "utf8"));

  it.each([
    ".env",
    ".env.production",
    "data/PG_VERSION",
    "data/base/1/1259",
    "backups/site-2026-11-24.jsonl.gz",
    "site.jsonl.gz",
    "site.jsonl.gz.partial",
    "contact.csv",
    "exports/orders.csv",
    "node_modules/react/index.js",
    "build/server/index.js",
    "build/client/assets/app.css",
    "releases/20261125T181453/node/main.js",
    ".build-20261125T181453",
    ".react-router/types/app/+types/root.ts",
    "reports/tests/e2e.json",
    "test-results/contact/trace.zip",
    "playwright-report/index.html",
    "bench/results-raw/2026-11-25.json",
    "npm-debug.log",
    "scratch/notes.md",
    ".git/HEAD",
    ".git/objects/ab/cdef",
  ])("keeps %s out of the image", (file) => {
    expect(excluded(file)).toBe(true);
  });

  it("sends every file of the repository the build needs", () => {
    const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((file) => file !== "" && !file.startsWith(".ci/") && file !== ".dockerignore");
    expect(tracked).toContain("package-lock.json");
    expect(tracked).toContain("bin/serve");
    expect(tracked.filter(excluded)).toEqual([]);
  });
});
