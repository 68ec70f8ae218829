/**
 * The site's small script (app/enhance/main.ts, docs/decisions/017): menus, dropdowns, the FAQ,
 * the consent banner and analytics on every page, and React on demand on words-only pages. One
 * minified module with a hashed name in build/client/assets/, cached for a year like the others;
 * its URL goes to build/enhance.json, where the server reads it.
 *
 * Run by `npm run build` after `react-router build`, before the assets are compressed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { ENHANCE_MANIFEST } from "../server/document-assets";
import { buildDir } from "./build-dir";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(buildDir, "client");

const result = await build({
  absWorkingDir: root,
  entryPoints: { enhance: "app/enhance/main.ts" },
  outdir,
  entryNames: "assets/[name]-[hash]",
  // consent.ts and react-on-demand.ts load as their own files, only where a page needs them.
  splitting: true,
  chunkNames: "assets/[name]-[hash]",
  bundle: true,
  platform: "browser",
  format: "esm",
  // The browsers that run module scripts at all (Safari from 14.1, whose destructuring esbuild can
  // write as is); older ones read the pages without it.
  target: ["chrome87", "firefox78", "safari14.1"],
  alias: { "~": path.join(root, "app") },
  minify: true,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});
const [file, output] = Object.entries(result.metafile.outputs).find(
  ([, out]) => out.entryPoint === "app/enhance/main.ts",
)!;
/** an output's URL under build/client */
const url = (out: string) =>
  `/${path.relative(outdir, path.join(root, out)).split(path.sep).join("/")}`;
const src = url(file);
// Every file of the build: the server keeps the classes they write in each page's stylesheet.
const files = Object.keys(result.metafile.outputs).map(url);
writeFileSync(path.join(buildDir, ENHANCE_MANIFEST), JSON.stringify({ src, files }));
console.log(`enhance script: ${src}, ${(output.bytes / 1024).toFixed(1)} KB`);
