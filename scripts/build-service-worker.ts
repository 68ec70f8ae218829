/**
 * Writes build/client/sw.js, the service worker (docs/decisions/018-service-worker.md): bundles
 * app/lib/service-worker/worker.ts with this build's hashed assets (build/client/assets) and a
 * version made from them and from the worker's own code, so any change to either makes browsers
 * install the new worker.
 *
 * Run by `npm run build` after `react-router build` and before compress-assets, which writes its
 * brotli and gzip copies like every other file's. By hand: `node --import tsx scripts/build-service-worker.ts`.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildDir } from "./build-dir";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(buildDir, "client");

const assets = readdirSync(path.join(clientDir, "assets"))
  .filter((name) => !/\.(br|gz|map)$/.test(name))
  .sort()
  .map((name) => `/assets/${name}`);

// React Router's manifest version, which its /__manifest requests carry (the worker asks for the
// routes forms post to at install).
const manifests = readdirSync(path.join(clientDir, "assets")).filter((name) =>
  /^manifest-[\w-]+\.js$/.test(name),
);
if (manifests.length !== 1)
  throw new Error(`expected one manifest-*.js, found ${manifests.length}`);
const routesVersion = /"version":"([^"]+)"/.exec(
  readFileSync(path.join(clientDir, "assets", manifests[0]!), "utf8"),
)?.[1];
if (!routesVersion) throw new Error(`no version in ${manifests[0]}`);

async function bundle(version: string): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["app/lib/service-worker/worker.ts"],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    define: {
      __SW_VERSION__: JSON.stringify(version),
      __SW_ASSETS__: JSON.stringify(assets),
      __SW_ROUTES_VERSION__: JSON.stringify(routesVersion),
    },
  });
  return result.outputFiles[0]!.text;
}

// The version is the hash of the worker built without one, so it changes exactly when its code
// or its list of assets does.
const version = createHash("sha256")
  .update(await bundle(""))
  .digest("base64url")
  .slice(0, 12);
const code = await bundle(version);
writeFileSync(path.join(clientDir, "sw.js"), code);
console.log(
  `service worker: version ${version}, ${assets.length} assets to keep, ${(code.length / 1024).toFixed(1)} KB`,
);
