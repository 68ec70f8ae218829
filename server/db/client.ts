import { accessSync, constants, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
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
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

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
  const dir = path.join(dataDir, "pglite");
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK | constants.R_OK);
  } catch (error) {
    throw new DatabaseStartError(
      `DATA_DIR is not a writable directory: ${dataDir} (${(error as Error).message})`,
    );
  }
  let client: PGlite;
  try {
    // The site's data is small: 16 MB of buffers instead of Postgres's 128 MB default keeps the
    // process about 130 MB smaller (bench/results.md measures it).
    client = await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    });
  } catch (error) {
    throw new DatabaseStartError(
      `The embedded database in ${dir} could not be opened; it may be corrupt or from another ` +
        `version. Move it aside to start fresh. (${(error as Error).message})`,
    );
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePg(db, { migrationsFolder });
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

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
