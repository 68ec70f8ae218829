/**
 * Writes the whole database to one file (docs/operations.md, "Backups"):
 *   npm run backup -- backups/site-2026-11-24.jsonl.gz
 * Reads DATABASE_URL, or else the embedded database in DATA_DIR. On Postgres it can run beside the
 * live site; the embedded database serves one process at a time, so stop the site first.
 */
import { writeBackup } from "../server/backup/write-backup";
import { fileArgument, openForCommand } from "./open-for-command";

const usage = `Usage: npm run backup -- FILE

Writes every table of the site's database to FILE (gzip'd JSON lines; restore it with
npm run restore). The database is DATABASE_URL's, or else the embedded one in DATA_DIR
(default ./data). On Postgres it can run while the site is running; with the embedded
database, stop the site first.`;

const file = fileArgument(usage);

const database = await openForCommand("back up");
try {
  const counts = await writeBackup(database, file);
  const summary = Object.entries(counts)
    .map(([table, rows]) => `${rows} ${table}`)
    .join(", ");
  console.log(`Backup of the ${database.kind} database written to ${file}: ${summary}.`);
} catch (error) {
  console.error(`The backup failed; nothing was written to ${file}. (${(error as Error).message})`);
  process.exitCode = 1;
} finally {
  await database.close();
}
