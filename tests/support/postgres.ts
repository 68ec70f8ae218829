import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The Postgres the data-layer tests run against: TEST_DATABASE_URL (CI sets it), else the local
 * server at 127.0.0.1:5432. Each suite gets its own throw-away database so runs never collide.
 */
export const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** true when a Postgres answers; CI (TEST_DATABASE_URL set) treats absence as a failure. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (process.env.TEST_DATABASE_URL) throw error;
    return false;
  }
}

export async function createTempDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `site_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
