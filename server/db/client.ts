import { accessSync, constants, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { type LockConnectionHandler, takeDataDirLock } from "./data-dir-lock";
import { createInChildProcess } from "./first-start";
import * as schema from "./schema";

/**
 * The one place that knows which database is behind the site (STYLE.md rule 7): embedded PGlite
 * in DATA_DIR by default, Postgres when DATABASE_URL is set. Everything above speaks Drizzle.
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * The embedded database only: answers the operator's commands on the data-dir lock's socket
   * (server/operations/commands/protocol.ts), since no other process may open the database while
   * this one runs.
   */
  serveCommands?(handler: LockConnectionHandler): void;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Postgres refuses a statement that runs longer than this; the pool's client gives up a bit later. */
export const STATEMENT_TIMEOUT_MS = 10_000;
export const QUERY_TIMEOUT_MS = 15_000;
/** pg_advisory_lock key held while migrations run, so instances starting at once take turns. */
export const MIGRATION_LOCK_KEY = 7_305_912_012;

export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.resolve(options.dataDir));
}

async function openPglite(dataDir: string): Promise<Database> {
  // Each driver is loaded only when it is the one in use: pg's code alone is about 6 MB of RSS
  // that a site on PGlite would carry for nothing (docs/decisions/022).
  const [
    { PGlite },
    { btree_gist },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import("@electric-sql/pglite"),
    // The bookings' overlap constraint (docs/decisions/042) needs btree_gist: a database migrated
    // with it cannot insert an appointment when opened without it.
    import("@electric-sql/pglite/contrib/btree_gist"),
    // The inbox's search index (server/db/search-text.ts): likewise for a submission or order.
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const dir = path.join(dataDir, "pglite");
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK | constants.R_OK);
  } catch (error) {
    throw new DatabaseStartError(
      `DATA_DIR is not a writable directory: ${dataDir} (${(error as Error).message})`,
    );
  }
  let lock: Awaited<ReturnType<typeof takeDataDirLock>>;
  try {
    lock = await takeDataDirLock(dataDir);
  } catch (error) {
    throw new DatabaseStartError(
      `The embedded database in ${dir} is already open: ${(error as Error).message}`,
    );
  }
  const release = () => lock.release();
  let client: PGlite;
  try {
    // The site's data is small: 16 MB of buffers instead of Postgres's 128 MB default keeps the
    // process about 130 MB smaller (bench/results.md measures it).
    const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
    await createInChildProcess(dir, startParams);
    client = await PGlite.create(dir, { startParams, extensions: { btree_gist, pg_trgm } });
  } catch (error) {
    release();
    throw new DatabaseStartError(
      `The embedded database in ${dir} could not be opened; it may be corrupt or from another ` +
        `version. Move it aside to start fresh. (${(error as Error).message})`,
    );
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: () => ping(db as unknown as Db),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    serveCommands: (handler) => lock.serve(handler),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // A stuck query (a lock held elsewhere, a hung server) fails instead of holding a visitor's
    // request and a pool slot for ever: Postgres cancels it, and the client stops waiting too.
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema });
  try {
    await migrateWithLock(url);
  } catch (error) {
    await pool.end();
    throw new DatabaseStartError(
      `Could not prepare the Postgres database at DATABASE_URL (${(error as Error).message})`,
    );
  }
  return {
    db: db as unknown as Db,
    kind: "postgres",
    ping: () => ping(db as unknown as Db),
    close: () => pool.end(),
  };
}

/**
 * Drizzle's migrate takes no lock, and instances starting at once on a fresh database race to
 * create its tables. A session-level advisory lock makes them take turns: the first migrates, the
 * others find the work done. Its own connection, without the pool's statement timeout, because
 * waiting for the lock and a long migration are both expected.
 */
async function migrateWithLock(url: string) {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    // Ending the session releases the lock too; unlocking first lets the next one go at once.
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
