/**
 * Writes the whole database to one file (docs/operations.md, "Backups"):
 *   npm run backup -- backups/site-2026-11-24.jsonl.gz
 * Reads DATABASE_URL, or else the embedded database in DATA_DIR. It runs beside the live site:
 * on the embedded database the site itself reads the data and streams the backup here
 * (docs/decisions/034).
 */
import { once } from "node:events";
import { createWriteStream, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { runBackup } from "../server/operations/commands/backup";
import { fileArgument, runCommand } from "./open-for-command";

const usage = `Usage: npm run backup -- FILE

Writes every table of the site's database to FILE (gzip'd JSON lines; restore it with
npm run restore). The database is DATABASE_URL's, or else the embedded one in DATA_DIR
(default ./data). It runs while the site is running: on the embedded database the
running site reads the data for it.`;

const file = fileArgument(usage);

// The file appears under its name only when complete, readable by its owner only: it holds every
// lead and order.
mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
const partial = `${file}.partial`;
const output = createWriteStream(partial, { mode: 0o600 });
let reason = "";
const outcome = await runCommand(
  "backup",
  runBackup,
  [],
  async (chunk) => {
    if (!output.write(chunk)) await once(output, "drain");
  },
  "back up",
).catch((error: unknown) => {
  reason = ` (${(error as Error).message})`;
  return { code: 1, result: undefined };
});
output.end();
await once(output, "close");
const result = outcome.result as
  { counts: Record<string, number>; kind: "pglite" | "postgres" } | undefined;
if (outcome.code === 0 && result) {
  renameSync(partial, file);
  const summary = Object.entries(result.counts)
    .map(([table, rows]) => `${rows} ${table}`)
    .join(", ");
  console.log(`Backup of the ${result.kind} database written to ${file}: ${summary}.`);
} else {
  rmSync(partial, { force: true });
  console.error(`The backup failed; nothing was written to ${file}.${reason}`);
  process.exitCode = outcome.code || 1;
}
