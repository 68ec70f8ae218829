import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * The backup format (docs/decisions/021): one gzip file of JSON lines, portable between PGlite and
 * Postgres because every row is written by Postgres itself (`row_to_json`) and read back by it
 * (`json_populate_recordset`), so no driver's idea of a date, a bigint or a jsonb value is involved.
 *
 *   {"format":"kindred-hearts-backup","version":1,"createdAt":…,"source":"pglite","migrations":4}
 *   {"table":"submissions","columns":["id",…],"rows":2}
 *   {"id":1,"kind":"contact",…}            ← exactly `rows` lines, one per row
 *   …                                      ← every table below, in this order
 *   {"end":true,"tables":8}                ← a file without it was cut short
 */
export const BACKUP_FORMAT = "kindred-hearts-backup";
export const BACKUP_VERSION = 1;

export interface BackupTable {
  name: string;
  /** the column rows are written in order of */
  key: string;
  /** more columns after `key`, when `key` alone is not unique */
  orderBy?: readonly string[];
  /** an id from a sequence, which restore moves past the highest id restored */
  serial: boolean;
  /** bytea columns, written as base64 (row_to_json would write hex, half again as large) */
  binary?: readonly string[];
  /** rows a fresh site writes by itself: they do not make a database "not empty" */
  bookkeepingRows?: string;
  /**
   * Columns that point at an earlier table's key. Read beside a live site on the embedded
   * database, rows are read a chunk at a time, not in one snapshot: a row whose parent arrived
   * after that table was read is left for the next backup, so the file always restores.
   */
  parents?: readonly { column: string; table: string }[];
  /** the rows written, when not all of them (SQL on the table's columns) */
  only?: string;
}

/**
 * Every table of the public schema but EXCLUDED_TABLES, parents before children so foreign keys
 * hold while rows go back in (photos before photo_files). A test fails when the schema gains a
 * table neither list names.
 */
export const BACKUP_TABLES: readonly BackupTable[] = [
  { name: "submissions", key: "id", serial: true },
  {
    name: "deliveries",
    key: "id",
    serial: true,
    parents: [{ column: "submission_id", table: "submissions" }],
  },
  { name: "subscribers", key: "id", serial: true },
  { name: "orders", key: "id", serial: true },
  {
    name: "idempotency_keys",
    key: "key",
    serial: false,
    parents: [
      { column: "submission_id", table: "submissions" },
      { column: "order_id", table: "orders" },
    ],
  },
  { name: "testimonials_cache", key: "id", serial: false },
  { name: "rate_limits", key: "key", serial: false },
  { name: "job_runs", key: "name", serial: false },
  // The shipped content a fresh site writes as version 1 is replaced by the backup's history.
  {
    name: "content_versions",
    key: "id",
    serial: true,
    bookkeepingRows: "created_by = 'shipped'",
  },
  // One draft per document and editor (issue 29, item 8).
  { name: "content_drafts", key: "doc", orderBy: ["updated_by"], serial: false },
  { name: "content_audit", key: "id", serial: true },
  // The erasure salt: restored with the audit rows whose hashes it made.
  { name: "site_secrets", key: "name", serial: false },
  { name: "photos", key: "key", serial: false },
  {
    name: "photo_files",
    key: "photo_key",
    orderBy: ["width", "format"],
    serial: false,
    binary: ["bytes"],
    parents: [{ column: "photo_key", table: "photos" }],
  },
  // Bookings (issue 42, docs/decisions/042), after the submissions holding the visitor's details.
  // A hold is a visitor's few minutes at Paystack: stale by the time a backup is restored.
  {
    name: "appointments",
    key: "id",
    serial: true,
    parents: [{ column: "submission_id", table: "submissions" }],
    only: "status <> 'held'",
  },
  // Each counsellor's hours, rules and calendar addresses (the address of their own calendar
  // is a secret, like the rest of what a backup holds), and their days away.
  { name: "counsellor_settings", key: "counsellor_id", serial: false },
  { name: "counsellor_time_off", key: "id", serial: true },
];

/**
 * Tables left out on purpose: editors' sign-in links, sessions and passkeys, and the challenges
 * passkeys sign; and the counsellors' busy times, which are read again from their calendars. They are credentials, or bound to a device; a restored site asks its editors to
 * sign in again by link and set up their passkeys again (docs/decisions/031), and a backup file
 * that leaks signs no one in.
 */
export const EXCLUDED_TABLES = new Set<string>([
  "editor_links",
  "editor_sessions",
  "editor_passkeys",
  "editor_passkey_challenges",
  // A copy of each counsellor's own calendar, read again from its address within minutes.
  "counsellor_busy_times",
]);

/** ` where …` of the rows a table's backup holds, or nothing. */
export const onlyRows = (table: BackupTable) =>
  table.only ? sql` where ${sql.raw(table.only)}` : sql``;

/** The ORDER BY of a table's rows in the file. */
export function orderOf(table: BackupTable) {
  return sql.join(
    [table.key, ...(table.orderBy ?? [])].map((c) => sql.identifier(c)),
    sql`, `,
  );
}

/**
 * Bookkeeping a site writes on its first start (job runs, the testimonials it fetched, rate-limit
 * counters). A database holding only these still counts as empty, and restore replaces them; any
 * other row means someone's data is there, and restore refuses.
 */
export const BOOKKEEPING_TABLES = new Set<string>([
  "testimonials_cache",
  "rate_limits",
  "job_runs",
]);

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: "pglite" | "postgres";
  /** how many of server/db/migrations had been applied to the database backed up */
  migrations: number;
}

export interface TableHeader {
  table: string;
  columns: string[];
  rows: number;
}

export class BackupError extends Error {
  override name = "BackupError";
}

/** Both drivers answer `{ rows }`; Drizzle types the shared base loosely. */
export async function query<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many migrations Drizzle has applied to this database. */
export async function migrationLevel(db: Db): Promise<number> {
  const [row] = await query<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row?.count ?? 0;
}

/** The columns of a table as the database has them, in their order. */
export async function tableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await query<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}
