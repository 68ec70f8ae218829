/**
 * The server's own build (docs/decisions/011): bundles server/main.ts and the commands (export,
 * deliveries, backup, restore, editor-link) into build/node/ as plain JavaScript, so production runs under
 * `node` with no compiler in the process. Packages stay in node_modules; only our TypeScript is bundled. Drizzle's migrations are
 * copied beside the bundle, where server/db/client.ts looks for them.
 *
 * Run by `npm run build` after `react-router build`; by hand: `node --import tsx scripts/build-server.ts`.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildDir } from "./build-dir";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(buildDir, "node");

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: "server/main.ts",
    export: "scripts/export.ts",
    deliveries: "scripts/deliveries.ts",
    backup: "scripts/backup.ts",
    restore: "scripts/restore.ts",
    "editor-link": "scripts/editor-link.ts",
    "memory-profile": "scripts/memory-profile.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  alias: { "~": path.join(root, "app") },
  // No shared chunks: server/db/client.ts finds the migrations beside the file it is bundled in.
  splitting: false,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});
cpSync(path.join(root, "server/db/migrations"), path.join(outdir, "migrations"), {
  recursive: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `server build: ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(0)} KB in ${path.relative(root, outdir)}/`,
);
