import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";

declare module "vitest" {
  interface ProvidedContext {
    /** a DATA_DIR holding an embedded database a fresh site made and closed (freshDataDir) */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global setup: one embedded database, made once for the whole run as a fresh site makes
 * it (PGlite's initdb and every migration), then closed. A test that needs a fresh database but
 * not the making of one gets a copy (tests/support/databases.ts): about 0.5 s instead of 4.6 s on
 * a quiet machine, and the unit suite opens about a hundred (docs/performance.md, CI minutes).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "site-unit-template-"));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide("pgliteTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
