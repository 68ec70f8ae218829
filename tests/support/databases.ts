import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { createTempDatabase } from "./postgres";

/** Opens a fresh database for one suite; `cleanup` removes what it left behind. */
export type OpenDatabase = () => Promise<{ database: Database; cleanup: () => Promise<void> }>;

/**
 * Puts a fresh embedded database into `dataDir` (made if missing): a copy of the one the run made
 * once (tests/support/pglite-template.ts). A test of the making itself (first start, migrations,
 * locks) opens an empty folder instead.
 */
export function fillDataDir(dataDir: string): string {
  cpSync(path.join(inject("pgliteTemplate"), "pglite"), path.join(dataDir, "pglite"), {
    recursive: true,
  });
  return dataDir;
}

/** A new temporary DATA_DIR named after `prefix`, holding a fresh embedded database. */
export function freshDataDir(prefix: string): string {
  return fillDataDir(mkdtempSync(path.join(tmpdir(), prefix)));
}

/** An embedded PGlite database in a new temporary folder named after `prefix`. */
export function openTempPglite(prefix: string): OpenDatabase {
  return async () => {
    const dir = freshDataDir(prefix);
    const database = await openDatabase({ dataDir: dir });
    return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  };
}

/** A throw-away database on TEST_DATABASE_URL's Postgres server, dropped by `cleanup`. */
export const openTempPostgres: OpenDatabase = async () => {
  const temp = await createTempDatabase();
  const database = await openDatabase({ databaseUrl: temp.url, dataDir: "unused" });
  return { database, cleanup: temp.drop };
};
