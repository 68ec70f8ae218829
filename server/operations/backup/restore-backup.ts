import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import {
  ERASURE_LIST,
  type ErasureCounts,
  type ErasureLine,
  readErasures,
  reapplyErasures,
} from "../../inbox/erasures";
import { decryptStream, isAgeFile } from "./age";
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  BackupError,
  type BackupHeader,
  BOOKKEEPING_TABLES,
  migrationLevel,
  query,
  tableColumns,
  type TableHeader,
} from "./format";

/** Rows sent per INSERT: few round trips, each statement well under any size limit. */
const BATCH = 500;
/** Photo files are up to a few hundred KB each. */
const BINARY_BATCH = 20;

/** Tables of `database` that hold someone's data (not only bookkeeping), with their row counts. */
export async function tablesWithData(db: Db): Promise<{ table: string; rows: number }[]> {
  const found = [];
  for (const table of BACKUP_TABLES) {
    if (BOOKKEEPING_TABLES.has(table.name)) continue;
    const own = table.bookkeepingRows ? sql` where not (${sql.raw(table.bookkeepingRows)})` : sql``;
    const [{ count } = { count: 0 }] = await query<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table.name)}${own}`,
    );
    if (count > 0) found.push({ table: table.name, rows: count });
  }
  return found;
}

/**
 * Loads a backup written by writeBackup into `database`, which must be empty (freshly migrated).
 * Everything happens in one transaction: a bad or cut-short file leaves the database as it was.
 * Serial ids continue after the highest restored one, so the next submission gets a fresh id.
 * An age-encrypted backup needs the secret key it was made for (`identities`); the key is tried
 * before the database is looked at.
 *
 * A backup made before an erasure still holds that person: before the transaction ends, every
 * erasure in the lists of erasures (server/inbox/erasures.ts) is applied again, so that a restored
 * site never brings an erased person back. The lists read are the one beside the backup file and
 * the one in `erasureDirs` (the site's BACKUP_DIR, when the file was copied elsewhere).
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: { identities?: string[]; erasureDirs?: string[] } = {},
) {
  const encrypted = isAgeFile(file);
  if (encrypted && !options.identities?.length) {
    throw new BackupError(
      "This backup is encrypted with age. Give the practice's key file: " +
        "npm run restore -- FILE --identity KEYFILE.",
    );
  }
  const erasures = await erasureLines([dirname(file), ...(options.erasureDirs ?? [])]);
  const lines = await readLines(file, encrypted ? options.identities : undefined);
  const occupied = await tablesWithData(database.db);
  if (occupied.length > 0) {
    const what = occupied.map((t) => `${t.rows} ${t.table}`).join(", ");
    throw new BackupError(
      `The target database is not empty (${what}). Restore only into an empty database: ` +
        `create a new one (createdb) or point DATA_DIR at a new folder.`,
    );
  }
  const header = parseHeader(await nextLine(lines, "the header"));
  const level = await migrationLevel(database.db);
  if (header.migrations > level) {
    throw new BackupError(
      `This backup comes from a newer version of the site (migration level ${header.migrations}; ` +
        `this one has ${level}). Restore it with that version or a later one.`,
    );
  }
  const counts: Record<string, number> = {};
  let erasedAgain: ErasureCounts | undefined;
  /** Where the restore is, for an error message that never quotes the file's rows. */
  let at = "the start";
  try {
    await load();
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // The driver's message can quote a value ("invalid input syntax for type bigint: "…"") and
    // Drizzle's error carries the whole batch of rows: only the SQLSTATE goes on, never the cause.
    throw new BackupError(
      `The backup file is damaged: ${at} could not be loaded (${errorKind(error)}). ` +
        `Nothing was restored.`,
    );
  }
  return { header, counts, encrypted, erasedAgain: erasedAgain! };

  async function load() {
    await database.db.transaction(async (tx) => {
      for (const table of BOOKKEEPING_TABLES)
        await tx.execute(sql`delete from ${sql.identifier(table)}`);
      for (const table of BACKUP_TABLES.filter((t) => t.bookkeepingRows))
        await tx.execute(
          sql`delete from ${sql.identifier(table.name)} where ${sql.raw(table.bookkeepingRows!)}`,
        );
      let ended = false;
      for (const expected of BACKUP_TABLES) {
        at = `the header of table ${expected.name}`;
        const line = ended ? "" : await nextLine(lines, `table ${expected.name}`);
        const parsed = ended ? undefined : (parseJson(line, at) as TableHeader & { end?: boolean });
        // A backup from before a migration added tables ends early; those tables stay empty.
        if (ended || (parsed?.end === true && header.migrations < level)) {
          ended = true;
          counts[expected.name] = 0;
          continue;
        }
        const section = parsed as TableHeader;
        if (section.table !== expected.name) {
          throw new BackupError(
            `Expected table ${expected.name} in the backup, found ${section.table}.`,
          );
        }
        const columns = await tableColumns(tx, section.table);
        const unknown = section.columns.filter((c) => !columns.includes(c));
        if (unknown.length > 0) {
          throw new BackupError(
            `The backup's ${section.table} has columns this version does not know: ${unknown.join(", ")}.`,
          );
        }
        let batch: string[] = [];
        const binary = expected.binary ?? [];
        const flush = async () => {
          if (batch.length === 0) return;
          const name = sql.identifier(section.table);
          // Only the backup's columns: a column added by a later migration takes its default.
          const cols = sql.join(
            section.columns.map((c) => sql.identifier(c)),
            sql`, `,
          );
          const rows = `[${batch.join(",")}]`;
          if (binary.length === 0) {
            await tx.execute(
              sql`insert into ${name} (${cols}) select ${cols}
                  from json_populate_recordset(null::${name}, ${rows}::json)`,
            );
          } else {
            // bytea columns come as base64 text, which the record type would misread.
            const values = sql.join(
              section.columns.map((c) =>
                binary.includes(c)
                  ? sql`decode(e ->> ${c}, 'base64')`
                  : sql`(r).${sql.identifier(c)}`,
              ),
              sql`, `,
            );
            const withoutBinary = sql.join(
              [sql`e`, ...binary.map((c) => sql`${c}::text`)],
              sql` - `,
            );
            await tx.execute(
              sql`insert into ${name} (${cols}) select ${values}
                  from (select e, jsonb_populate_record(null::${name}, ${withoutBinary}) as r
                        from jsonb_array_elements(${rows}::jsonb) e) x`,
            );
          }
          batch = [];
        };
        at = `the rows of table ${section.table}`;
        for (let i = 0; i < section.rows; i++) {
          batch.push(await nextLine(lines, `row ${i + 1} of ${section.table}`));
          if (batch.length >= (binary.length > 0 ? BINARY_BATCH : BATCH)) await flush();
        }
        await flush();
        counts[section.table] = section.rows;
        if (expected.serial) {
          const name = sql.identifier(expected.name);
          await tx.execute(
            sql`select setval(pg_get_serial_sequence(${expected.name}, 'id'),
                  coalesce((select max(id) from ${name}), 0) + 1, false)`,
          );
        }
      }
      at = "the end marker";
      const end = ended
        ? { end: true }
        : (parseJson(await nextLine(lines, "the end marker"), at) as { end?: boolean });
      if (end.end !== true)
        throw new BackupError("The backup has more tables than this version knows.");
      at = "the erasures made since";
      erasedAgain = await reapplyErasures(tx, erasures);
    });
  }
}

/** The erasures listed in these folders, each folder once; a damaged list stops the restore. */
async function erasureLines(dirs: string[]): Promise<ErasureLine[]> {
  const lines: ErasureLine[] = [];
  for (const dir of new Set(dirs.map((d) => resolve(d)))) {
    try {
      lines.push(...(await readErasures(join(dir, ERASURE_LIST))));
    } catch (error) {
      throw new BackupError(
        `The list of erasures in ${dir} (${ERASURE_LIST}) could not be read ` +
          `(${(error as Error).message}): a restore without it could bring erased people back. ` +
          `Nothing was restored.`,
      );
    }
  }
  return lines;
}

/** One line of the file as JSON; JSON.parse's own message quotes the text, so it is not kept. */
function parseJson(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(`The backup file is damaged: ${what} is not JSON. Nothing was restored.`);
  }
}

/** A failed statement in words that hold no data: the SQLSTATE and what its class means. */
export function errorKind(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const meaning: Record<string, string> = {
        "22": "a value of the wrong type or size",
        "23": "a row that breaks a rule of the schema",
        "42": "a column or table that does not match",
      };
      const what = meaning[code.slice(0, 2)];
      return `database error ${code}${what ? `, ${what}` : ""}`;
    }
    current = current.cause;
  }
  return error instanceof Error ? error.name : "unknown error";
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new BackupError("This file is not a backup of this site (its first line is not JSON).");
  }
  if (header.format !== BACKUP_FORMAT) {
    throw new BackupError("This file is not a backup of this site (see npm run backup).");
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(`Backup format version ${header.version} is not one this version reads.`);
  }
  return header as BackupHeader;
}

async function readLines(file: string, identities?: string[]): Promise<AsyncIterator<string>> {
  const raw = createReadStream(file);
  const gzip: Readable = identities ? await decryptStream(raw, identities) : raw;
  const input = gzip.pipe(createGunzip());
  // pipe() does not pass on the file's own errors (missing, unreadable, a damaged encrypted
  // chunk); the reader must see them.
  gzip.on("error", (error) => input.destroy(error));
  return createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
}

async function nextLine(lines: AsyncIterator<string>, what: string): Promise<string> {
  let next: IteratorResult<string>;
  try {
    next = await lines.next();
  } catch (error) {
    throw new BackupError(
      `The backup file could not be read at ${what}: ${(error as Error).message}. ` +
        `It may be cut short or not a backup.`,
    );
  }
  if (next.done) {
    throw new BackupError(
      `The backup file ends before ${what}: it was cut short. Nothing was restored.`,
    );
  }
  return next.value;
}
