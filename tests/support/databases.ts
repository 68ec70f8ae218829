import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "../../server/db/client";
import { createTempDatabase } from "./postgres";

/** Opens a fresh database for one suite; `cleanup` removes what it left behind. */
export type OpenDatabase = () => Promise<{ database: Database; cleanup: () => Promise<void> }>;

/** An embedded PGlite database in a new temporary folder named after `prefix`. */
export function openTempPglite(prefix: string): OpenDatabase {
  return async () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
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
