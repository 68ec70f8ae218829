import { once } from "node:events";
import { createWriteStream, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PassThrough, Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createGzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupTable,
  migrationLevel,
  onlyRows,
  orderOf,
  query,
  tableColumns,
  type TableHeader,
} from "./format";

/** Rows read per query, so a large table never sits in memory whole. */
const PAGE = 1000;
const BINARY_PAGE = 20;
/**
 * Beside a live site on the embedded database every query runs in the site's own thread: smaller
 * reads, with the event loop let go between them, keep pages answering during a backup.
 */
const LIVE_PAGE = 250;
const LIVE_BINARY_PAGE = 4;

export type BackupCounts = Record<string, number>;

/**
 * Writes every table of `database` to `file` (format in ./format.ts). The file appears under its
 * name only when complete, readable by its owner only: it holds every lead and order. Its folder
 * is made if missing, readable by the same owner only.
 */
export async function writeBackup(
  database: Database,
  file: string,
  options: { live?: boolean } = {},
) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  const output = createWriteStream(partial, { mode: 0o600 });
  try {
    const counts = await streamBackup(database, output, options);
    renameSync(partial, file);
    return counts;
  } catch (error) {
    output.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Writes the backup's gzip bytes into `output` and ends it; resolves with the rows per table once
 * everything is flushed.
 *
 * On Postgres one read-only, repeatable-read transaction sees a single moment, so a backup taken
 * beside a live site is consistent. The embedded database has one session, shared with the site:
 * a transaction there would hold every visitor's query until the backup ends. So with `live`
 * on PGlite each table is read in short queries by key (rows added or removed meanwhile move
 * nothing), the event loop is let go between them, and a row whose parent row arrived after the
 * parent's table was read is left out (BackupTable.parents), so the file always restores.
 */
export async function streamBackup(
  database: Database,
  output: NodeJS.WritableStream | Writable,
  options: { live?: boolean } = {},
): Promise<BackupCounts> {
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip({ level: 9 }), output as Writable);
  const putRaw = async (line: string) => {
    if (!lines.write(`${line}\n`)) await once(lines, "drain");
  };
  const put = (value: unknown) => putRaw(JSON.stringify(value));
  // A failure of the file (disk full) ends the reading too.
  let failed: unknown;
  written.catch((error: unknown) => (failed = error ?? new Error("the backup's output failed")));
  const counts: BackupCounts = {};
  try {
    const live = options.live === true && database.kind === "pglite";
    if (live) {
      await readLive(database.db, put, putRaw, counts, () => failed);
    } else {
      await database.db.transaction(
        async (tx) => {
          // Timestamps come out in UTC, so the file reads the same whichever server wrote it.
          await tx.execute(sql`set local timezone = 'UTC'`);
          await put(await header(tx, database.kind));
          for (const table of BACKUP_TABLES) {
            const name = sql.identifier(table.name);
            const [{ count } = { count: 0 }] = await query<{ count: number }>(
              tx,
              sql`select count(*)::int as count from ${name}${onlyRows(table)}`,
            );
            const columns = await tableColumns(tx, table.name);
            await put({ table: table.name, columns, rows: count } satisfies TableHeader);
            const page = table.binary ? BINARY_PAGE : PAGE;
            for (let offset = 0; offset < count; offset += page) {
              const rows = await query<{ line: string }>(
                tx,
                sql`select row_to_json(t)::text as line from (select ${selectList(table, columns)}
                    from ${name}${onlyRows(table)} order by ${orderOf(table)}
                    limit ${page} offset ${offset}) t`,
              );
              for (const row of rows) await putRaw(row.line);
              if (failed) throw failed;
            }
            counts[table.name] = count;
          }
          await put({ end: true, tables: BACKUP_TABLES.length });
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
    }
    lines.end();
    await written;
  } catch (error) {
    lines.destroy();
    await written.catch(() => {});
    throw error;
  }
  return counts;
}

async function header(db: Db, source: Database["kind"]): Promise<BackupHeader> {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source,
    migrations: await migrationLevel(db),
  };
}

/** The table's columns as the file has them: bytea as base64 (row_to_json would write hex). */
function selectList(table: BackupTable, columns: string[]) {
  return sql.join(
    columns.map((c) =>
      table.binary?.includes(c)
        ? sql`translate(encode(${sql.identifier(c)}, 'base64'), E'\n', '') as ${sql.identifier(c)}`
        : sql.identifier(c),
    ),
    sql`, `,
  );
}

/**
 * The embedded database beside the live site: each table read by key, a chunk per query, its
 * rows held until the table is done (the table's line gives the count first). PGlite's session
 * runs in UTC already, so timestamps come out as the transaction's `set local` makes them.
 */
async function readLive(
  db: Db,
  put: (value: unknown) => Promise<void>,
  putRaw: (line: string) => Promise<void>,
  counts: BackupCounts,
  failed: () => unknown,
) {
  await put(await header(db, "pglite"));
  /** The highest id written of each serial table, and every key written of the others. */
  const written = new Map<string, { maxId?: number; keys?: string[] }>();
  for (const table of BACKUP_TABLES) {
    const name = sql.identifier(table.name);
    const columns = await tableColumns(db, table.name);
    const keyColumns = [table.key, ...(table.orderBy ?? [])];
    const keyObject = sql.join(
      keyColumns.map((c) => sql`${c}::text, x.${sql.identifier(c)}`),
      sql`, `,
    );
    const keyTuple = (prefix: SQL) =>
      sql.join(
        keyColumns.map((c) => sql`${prefix}.${sql.identifier(c)}`),
        sql`, `,
      );
    const filters: SQL[] = table.only ? [sql.raw(table.only)] : [];
    for (const parent of table.parents ?? []) {
      const seen = written.get(parent.table);
      const column = sql.identifier(parent.column);
      if (seen?.maxId !== undefined)
        filters.push(sql`(${column} is null or ${column} <= ${seen.maxId})`);
      else if (seen?.keys)
        filters.push(
          sql`(${column} is null or ${column} in (select jsonb_array_elements_text(${JSON.stringify(seen.keys)}::jsonb)))`,
        );
    }
    const page = table.binary ? LIVE_BINARY_PAGE : LIVE_PAGE;
    const rows: string[] = [];
    const keys: string[] = [];
    let maxId = 0;
    let after: string | undefined;
    for (;;) {
      const where = [...filters];
      if (after !== undefined)
        where.push(
          sql`(${keyTuple(sql`t`)}) > (select ${keyTuple(sql`(r)`)} from json_populate_record(null::${name}, ${after}::json) r)`,
        );
      const condition = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const chunk = await query<{ line: string; k: string }>(
        db,
        sql`select row_to_json(x)::text as line, json_build_object(${keyObject})::text as k
            from (select ${selectList(table, columns)}
                  from ${name} t ${condition} order by ${keyTuple(sql`t`)} limit ${page}) x`,
      );
      for (const row of chunk) {
        rows.push(row.line);
        const key = JSON.parse(row.k) as Record<string, unknown>;
        if (table.serial) maxId = Math.max(maxId, Number(key[table.key]));
        else keys.push(String(key[table.key]));
        after = row.k;
      }
      if (failed()) throw failed();
      // Let the site answer its visitors before the next chunk.
      await nextTurn();
      if (chunk.length < page) break;
    }
    written.set(table.name, table.serial ? { maxId } : { keys });
    await put({ table: table.name, columns, rows: rows.length } satisfies TableHeader);
    for (const line of rows) await putRaw(line);
    counts[table.name] = rows.length;
  }
  await put({ end: true, tables: BACKUP_TABLES.length });
}
