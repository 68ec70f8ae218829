/**
 * Loads a backup into an EMPTY database (docs/operations.md, "Backups and moving to Postgres"):
 *   createdb kindred && DATABASE_URL=postgres://…/kindred npm run restore -- site.jsonl.gz
 *   npm run restore -- kindred-hearts-2026-11-27-0215.jsonl.gz.age --identity backup-key.txt
 * The target is DATABASE_URL's database, or else the embedded one in DATA_DIR. A PGlite backup
 * restored into Postgres is how a site moves to production. An encrypted backup (BACKUP_AGE_RECIPIENT)
 * needs the key file age-keygen wrote.
 */
import { existsSync, readFileSync } from "node:fs";
import { identitiesIn } from "../server/operations/backup/age";
import { BackupError } from "../server/operations/backup/format";
import { errorKind, restoreBackup } from "../server/operations/backup/restore-backup";
import { configOrExit, fileArgument, openForCommand } from "./open-for-command";

const usage = `Usage: npm run restore -- FILE [--identity KEYFILE]

Loads FILE, written by npm run backup or the site's daily backup, into the database named by
DATABASE_URL, or else the embedded one in DATA_DIR (default ./data). The target must be empty:
a new Postgres database (createdb) or a new DATA_DIR folder. It refuses a database that already
holds data. Stop the site on the target first when it uses the embedded database.

Erasures made since the backup are applied again: the list of erasures (erasures.jsonl) beside
FILE and in BACKUP_DIR is read, so a person erased after the backup stays erased.

An encrypted backup (a name ending in .age) opens only with the practice's age key:
--identity KEYFILE names the file age-keygen wrote (its AGE-SECRET-KEY-1… line).`;

const { file, identity } = fileArgument(usage, { identity: true });
if (!existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}
let identities: string[] | undefined;
if (identity !== undefined) {
  let text: string;
  try {
    text = readFileSync(identity, "utf8");
  } catch {
    console.error(`Nothing was restored. The key file ${identity} could not be read.`);
    process.exit(2);
  }
  try {
    identities = identitiesIn(text, identity);
  } catch (error) {
    console.error(`Nothing was restored. ${(error as Error).message}`);
    process.exit(2);
  }
}

const config = configOrExit();
const database = await openForCommand("restore into", config);
try {
  const { header, counts, encrypted, erasedAgain } = await restoreBackup(database, file, {
    identities,
    erasureDirs: [config.backup.dir],
  });
  const summary = Object.entries(counts)
    .map(([table, rows]) => `${rows} ${table}`)
    .join(", ");
  console.log(
    `Restored ${file} (taken ${header.createdAt} from ${header.source}) into the ` +
      `${database.kind} database: ${summary}.` +
      (erasedAgain.submissions + erasedAgain.orders + erasedAgain.subscribers > 0
        ? ` Erased again, as the list of erasures asks: ${erasedAgain.submissions} messages ` +
          `(${erasedAgain.appointments} of them booked sessions), ` +
          `${erasedAgain.subscribers} newsletter subscriptions, ${erasedAgain.orders} orders ` +
          `anonymised.`
        : "") +
      (identities && !encrypted ? " The file was not encrypted: the key was not needed." : ""),
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
