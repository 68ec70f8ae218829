import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * A first start on an empty DATA_DIR creates the embedded database (PGlite's initdb) in a child
 * process, and the site then opens what it made as it would after a restart (issue 25, item 17).
 * initdb grows PGlite's WebAssembly memory by about 70 MB, and WebAssembly memory never shrinks:
 * done in the site's own process, a site started once and never restarted kept it for ever
 * (253–275 MB after load, against 186–190 MB after a restart on the same data). The child costs
 * a process start and a second load of PGlite, once: measured, no more CPU for the whole first
 * start (docs/decisions/022).
 *
 * Answers true when the child made the database. On any failure the folder is emptied again and
 * the answer is false: the caller then creates it in its own process, as before, so that a first
 * start never fails for this.
 */
export async function createInChildProcess(dir: string, startParams: string[]): Promise<boolean> {
  if (readdirSync(dir).length > 0) return false;
  const ok = await new Promise<boolean>((resolve) => {
    // V8's baseline compiler only, as bin/serve runs the site: optimising PGlite's WebAssembly
    // for a process that lives two seconds costs more than it saves (and on a busy machine, much
    // more). A small young generation, as the site has, keeps initdb's garbage collected early.
    const flags = ["--liftoff-only", "--max-semi-space-size=2"];
    const job = JSON.stringify({ module: pgliteModule(), dir, startParams });
    const child = spawn(process.execPath, [...flags, "--input-type=module", "-e", CHILD, job], {
      stdio: ["ignore", "ignore", "ignore"],
    });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
  if (ok) return true;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return false;
}

/** The child's whole program: create the database in `dir`, close it, exit 0. */
const CHILD = `
const { module, dir, startParams } = JSON.parse(process.argv[1]);
const { PGlite } = await import(module);
const db = await PGlite.create(dir, { startParams });
await db.close();
`;

/** PGlite's entry point as a URL the child can import, wherever the site was installed. */
function pgliteModule(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
}
