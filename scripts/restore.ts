/**
 * Loads a backup into an EMPTY database (docs/operations.md, "Backups and moving to Postgres"):
 *   createdb kindred && DATABASE_URL=postgres://…/kindred npm run restore -- site.jsonl.gz
 * The target is DATABASE_URL's database, or else the embedded one in DATA_DIR. A PGlite backup
 * restored into Postgres is how a site moves to production.
 */
import { existsSync } from "node:fs";
import { BackupError } from "../server/backup/format";
import { errorKind, restoreBackup } from "../server/backup/restore-backup";
import { fileArgument, openForCommand } from "./open-for-command";

const usage = `Usage: npm run restore -- FILE

Loads FILE, written by npm run backup, into the database named by DATABASE_URL, or else
the embedded one in DATA_DIR (default ./data). The target must be empty: a new Postgres
database (createdb) or a new DATA_DIR folder. It refuses a database that already holds data.
Stop the site on the target first when it uses the embedded database.`;

const file = fileArgument(usage);
if (!existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}

const database = await openForCommand("restore into");
try {
  const { header, counts } = await restoreBackup(database, file);
  const summary = Object.entries(counts)
    .map(([table, rows]) => `${rows} ${table}`)
    .join(", ");
  console.log(
    `Restored ${file} (taken ${header.createdAt} from ${header.source}) into the ` +
      `${database.kind} database: ${summary}.`,
  );
} catch (error) {
  // Never the error itself: a database error quotes the rows it was given, visitors' data.
  const message =
    error instanceof BackupError
      ? error.message.replace(/\s*Nothing was restored\.\s*/g, " ").trim()
      : `The restore failed (${errorKind(error)}).`;
  console.error(`Nothing was restored. ${message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
