import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Imports point one way. ESLint's no-restricted-imports keeps app/ from importing server/ and
 * app/lib from importing app/components; this test keeps modules from importing each other in a
 * cycle (static and dynamic imports, `~/` and relative paths; type-only imports do not count).
 */
const root = path.resolve(__dirname, "../..");
const appDir = path.join(root, "app");
const serverDir = path.join(root, "server");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith("+") ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(appDir, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+["']([^"']+)["']/gm),
    ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return specs
    .map((spec) => resolve(file, spec.replace(/\?.*$/, "")))
    .filter((f): f is string => f !== undefined);
}

function findCycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const cycles: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "visiting") {
      cycles.push([...stack.slice(stack.indexOf(file)), file].map((f) => path.relative(root, f)));
      return;
    }
    state.set(file, "visiting");
    stack.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    stack.pop();
    state.set(file, "done");
  };
  for (const f of files) visit(f);
  return cycles;
}

describe("imports", () => {
  it("app/ has no import cycles", () => {
    expect(findCycles(sources(appDir))).toEqual([]);
  });

  it("the check finds a cycle when there is one", () => {
    const a = path.join(appDir, "components/ToastOutlet.tsx");
    const b = path.join(appDir, "components/Toaster.tsx");
    // ToastOutlet loads Toaster lazily; a Toaster importing the outlet back would be a cycle.
    expect(importsOf(a)).toContain(b);
    expect(importsOf(b)).not.toContain(a);
  });

  it("nothing under app/ imports from server/, not even a type", () => {
    const upward = sources(appDir).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const specs = [
        ...text.matchAll(/\bfrom\s+["']([^"']+)["']/g),
        ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
        ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
      ].map((m) => m[1]!);
      return specs
        .map((spec) => resolve(file, spec.replace(/\?.*$/, "")))
        .filter((target) => target?.startsWith(serverDir + path.sep))
        .map((target) => `${path.relative(root, file)} -> ${path.relative(root, target!)}`);
    });
    expect(upward).toEqual([]);
  });
});

describe("the lint rule on imports", () => {
  const eslint = new ESLint({ cwd: root });
  const restricted = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages
      .filter((m) => m.ruleId === "no-restricted-imports")
      .map((m) => m.message);
  };

  it("refuses an import of server/ anywhere under app/", async () => {
    const line =
      'import { describeDatabaseError } from "../server/db/errors";\nvoid describeDatabaseError;\n';
    expect(await restricted("app/entry.server.tsx", line)).toEqual([
      expect.stringContaining("app/ must not import server/"),
    ]);
    const deep = 'import type { Config } from "../../server/config";\nexport type C = Config;\n';
    expect(await restricted("app/routes/contact.tsx", deep)).toHaveLength(1);
    const lib =
      'import { scriptRewriter } from "~/../server/http/pages/document-scripts";\nvoid scriptRewriter;\n';
    expect(await restricted("app/lib/forms/action.server.ts", lib)).toHaveLength(1);
  });

  it("still keeps app/lib from importing app/components, and lets server/ import app/", async () => {
    const ui = 'import { Layout } from "~/components/Layout";\nvoid Layout;\n';
    expect(await restricted("app/lib/money.ts", ui)).toEqual([
      expect.stringContaining("app/lib must not import app/components"),
    ]);
    const down =
      'import type { SiteLoadContext } from "../app/lib/load-context";\nexport type C = SiteLoadContext;\n';
    expect(await restricted("server/app.ts", down)).toEqual([]);
  });
});
