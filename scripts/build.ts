/**
 * `npm run build`: builds a release beside the live one and then switches to it (issue 25, item
 * 20; docs/decisions/030). A build in place emptied build/ while the running site served from it:
 * its stylesheet and scripts answered 404 until the restart.
 *
 * 1. Every step writes into releases/<time>/ (SITE_BUILD_DIR). The live release is not touched.
 * 2. The live release's own files under client/assets/ that the new one does not have are copied
 *    in, so a page rendered by the old process (open in a tab, kept by a service worker) still
 *    finds its scripts and stylesheet after the restart. Only the live release's files made in the
 *    last 30 days are carried, so they do not pile up over many releases.
 * 3. `build` becomes a link to the new release, by renaming a new link over it: one atomic step.
 *    A running server keeps serving the release it started from (server/main.ts resolves the link
 *    once at start), so nothing changes for it until the restart.
 * 4. Releases beyond the newest three are removed (never the live one).
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const releases = path.join(root, "releases");
const link = path.join(root, "build");
const KEEP = 3;
const CARRY_DAYS = 30;

const name = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "");
const release = path.join(releases, name);
mkdirSync(release, { recursive: true });
const env = { ...process.env, SITE_BUILD_DIR: path.relative(root, release) };
/**
 * The bundler's memory (issue 25, item 21: the build peaked at 730 MB beside the live site on a
 * 1 GB server). A V8 heap of 192 MB is plenty for it, and one thread for the native parsers
 * (Rolldown, Tailwind's scanner) keeps each from holding a copy per core. With the icons imported
 * one file each (app/components/icons.ts) the peak measured 441 MB instead of 774 MB.
 */
const bundlerEnv = {
  ...env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=192`.trim(),
  RAYON_NUM_THREADS: process.env.RAYON_NUM_THREADS ?? "1",
};

const tsx = (script: string) => ["node", ["--import", "tsx", `scripts/${script}`]] as const;
const steps: (readonly [string, readonly string[], NodeJS.ProcessEnv?])[] = [
  tsx("build-images.ts"),
  tsx("build-font.ts"),
  tsx("build-icons.ts"),
  ["npx", ["react-router", "build"], bundlerEnv],
  tsx("build-enhance.ts"),
  tsx("build-service-worker.ts"),
  tsx("compress-assets.ts"),
  tsx("build-server.ts"),
];
for (const [command, args, stepEnv] of steps) {
  const { status } = spawnSync(command, args, { cwd: root, env: stepEnv ?? env, stdio: "inherit" });
  if (status !== 0) {
    rmSync(release, { recursive: true, force: true });
    console.error(`build failed at: ${command} ${args.join(" ")}; the live build is unchanged`);
    process.exit(status ?? 1);
  }
}

/** The release `build` points to now, if any. */
function liveRelease(): string | null {
  if (!existsSync(link)) return null;
  return realpathSync(link);
}

// 2. Carry the live release's recent assets.
const live = liveRelease();
let carried = 0;
if (live && live !== release) {
  const from = path.join(live, "client/assets");
  const to = path.join(release, "client/assets");
  const since = Date.now() - CARRY_DAYS * 86_400_000;
  if (existsSync(from)) {
    for (const file of readdirSync(from)) {
      const source = path.join(from, file);
      if (existsSync(path.join(to, file)) || statSync(source).mtimeMs < since) continue;
      cpSync(source, path.join(to, file), { preserveTimestamps: true });
      carried += 1;
    }
  }
}

// 3. Switch. A `build` folder from before releases existed becomes a release of its own first.
if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
  renameSync(link, path.join(releases, `${name}-before`));
}
const next = path.join(root, `.build-${name}`);
symlinkSync(path.relative(root, release), next);
renameSync(next, link);

// 4. Prune: by when each was built (its server file's time), newest first.
const builtAt = (dir: string) => {
  const file = path.join(dir, "node/main.js");
  return (existsSync(file) ? statSync(file) : statSync(dir)).mtimeMs;
};
const kept = new Set([release, realpathSync(link)]);
const all = readdirSync(releases)
  .map((entry) => path.join(releases, entry))
  .filter((dir) => statSync(dir).isDirectory())
  .sort((a, b) => builtAt(b) - builtAt(a));
for (const dir of all.slice(KEEP)) {
  if (!kept.has(dir)) rmSync(dir, { recursive: true, force: true });
}
console.log(
  `release ${path.relative(root, release)} is live (build -> ${readlinkSync(link)})` +
    (carried ? `; ${carried} files carried from the previous release` : ""),
);
