/**
 * The site's small script (app/enhance/main.ts, docs/decisions/017): menus, dropdowns, the FAQ,
 * the consent banner and analytics on every page, and React on demand on words-only pages. One
 * minified module with a hashed name in build/client/assets/, cached for a year like the others;
 * its URL goes to build/enhance.json, where the server reads it.
 *
 * Its parts that only some pages need (app/enhance/parts.ts) are built first, each a whole file
 * of its own, and the script loads them by their URLs. Nothing is shared in a chunk: a chunk is
 * one more request, made at high priority, before the script can run (docs/decisions/037); the
 * few helpers the parts share with the script are in both (about 300 bytes).
 *
 * Run by `npm run build` after `react-router build`, before the assets are compressed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, type Metafile, build } from "esbuild";
import { partEntries } from "../app/enhance/parts";
import { ENHANCE_MANIFEST } from "../server/http/pages/document-assets";
import { buildDir } from "./build-dir";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(buildDir, "client");

const common = {
  absWorkingDir: root,
  outdir,
  entryNames: "assets/[name]-[hash]",
  splitting: false,
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
} satisfies BuildOptions;

/** an output's URL under build/client */
const url = (out: string) =>
  `/${path.relative(outdir, path.join(root, out)).split(path.sep).join("/")}`;
const entryOf = (outputs: Metafile["outputs"], entry: string) =>
  Object.entries(outputs).find(([, out]) => out.entryPoint === entry)!;

const parts = await build({ ...common, entryPoints: partEntries });
const partUrls = Object.fromEntries(
  Object.entries(partEntries).map(([name, entry]) => [
    name,
    url(entryOf(parts.metafile.outputs, entry)[0]),
  ]),
);
const result = await build({
  ...common,
  entryPoints: { enhance: "app/enhance/main.ts" },
  // The script asks for its parts by the URLs just built (in development, Vite serves their source).
  define: { "import.meta.env.DEV": "false", __ENHANCE_PARTS__: JSON.stringify(partUrls) },
});
const [file, output] = entryOf(result.metafile.outputs, "app/enhance/main.ts");
const src = url(file);
// Every file of the build: the server keeps the classes they write in each page's stylesheet.
const files = [...Object.keys(result.metafile.outputs), ...Object.keys(parts.metafile.outputs)].map(
  url,
);
writeFileSync(path.join(buildDir, ENHANCE_MANIFEST), JSON.stringify({ src, files }));
console.log(`enhance script: ${src}, ${(output.bytes / 1024).toFixed(1)} KB`);
