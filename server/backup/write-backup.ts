import { once } from "node:events";
import { createWriteStream, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PassThrough } from "node:stream";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  type BackupHeader,
  migrationLevel,
  orderOf,
  query,
  tableColumns,
  type TableHeader,
} from "./format";

/** Rows read per query, so a large table never sits in memory whole. */
const PAGE = 1000;
const BINARY_PAGE = 20;

/**
 * Writes every table of `database` to `file` (format in ./format.ts). One read-only,
 * repeatable-read transaction sees a single moment, so a backup taken beside a live site on
 * Postgres is consistent. The file appears under its name only when complete, readable by its
 * owner only: it holds every lead and order. Its folder is made if missing (nightly backups go
 * into a folder no other step creates), readable by the same owner only.
 */
export async function writeBackup(database: Database, file: string) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  const lines = new PassThrough();
  const written = pipeline(
    lines,
    createGzip({ level: 9 }),
    createWriteStream(partial, { mode: 0o600 }),
  );
  const put = async (value: unknown) => {
    if (!lines.write(`${JSON.stringify(value)}\n`)) await once(lines, "drain");
  };
  const putRaw = async (line: string) => {
    if (!lines.write(`${line}\n`)) await once(lines, "drain");
  };
  const counts: Record<string, number> = {};
  try {
    await database.db.transaction(
      async (tx) => {
        // Timestamps come out in UTC, so the file reads the same whichever server wrote it.
        await tx.execute(sql`set local timezone = 'UTC'`);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          source: database.kind,
          migrations: await migrationLevel(tx),
        };
        await put(header);
        for (const table of BACKUP_TABLES) {
          const name = sql.identifier(table.name);
          const [{ count } = { count: 0 }] = await query<{ count: number }>(
            tx,
            sql`select count(*)::int as count from ${name}`,
          );
          const tableHeader: TableHeader = {
            table: table.name,
            columns: await tableColumns(tx, table.name),
            rows: count,
          };
          await put(tableHeader);
          // A page of photo files is a few MB: fewer rows per query there.
          const page = table.binary ? BINARY_PAGE : PAGE;
          const columns = sql.join(
            tableHeader.columns.map((c) =>
              table.binary?.includes(c)
                ? sql`translate(encode(${sql.identifier(c)}, 'base64'), E'\n', '') as ${sql.identifier(c)}`
                : sql.identifier(c),
            ),
            sql`, `,
          );
          for (let offset = 0; offset < count; offset += page) {
            const rows = await query<{ line: string }>(
              tx,
              sql`select row_to_json(t)::text as line from (select ${columns} from ${name}
                  order by ${orderOf(table)} limit ${page} offset ${offset}) t`,
            );
            for (const row of rows) await putRaw(row.line);
          }
          counts[table.name] = count;
        }
        await put({ end: true, tables: BACKUP_TABLES.length });
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    lines.end();
    await written;
    renameSync(partial, file);
  } catch (error) {
    lines.destroy();
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
  return counts;
}
