/**
 * The operator's command for the delivery queue (issue 16):
 *   npm run deliveries                       list what waits, was refused or was given up
 *   npm run deliveries -- --retry rejected   send refused ones again after fixing a setting
 *   npm run deliveries -- --retry dead       the same for ones given up after 24 hours
 *   npm run deliveries -- --release held     send the ones held back during a flood
 * Safe beside a running site on Postgres. The embedded database serves one process at a time,
 * so with it the site must be stopped first.
 */
import { parseArgs } from "node:util";
import { configFromEnvironment } from "../server/config";
import { DatabaseStartError, openDatabase } from "../server/db/client";
import { type QueueRow, listQueue, requeue } from "../server/delivery-queue";
import { releaseHeld } from "../server/outbox";

const usage = `Usage: npm run deliveries [-- OPTIONS]

Lists the deliveries that are not yet delivered (pending, held, rejected, dead) by
destination and age, without message contents or personal data.

Options:
  --retry rejected   put every rejected delivery back in the queue (after fixing a setting,
                     e.g. the HubSpot form or SMTP_URL); attempts start again now
  --retry dead       the same for deliveries given up after 24 hours
  --release held     send the deliveries held back during a flood of posts
  --help             show this help

Uses DATABASE_URL (Postgres; safe while the site runs), or else the embedded database in
DATA_DIR, which must not be open by the running site: stop the site first.`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      retry: { type: "string" },
      release: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${usage}`);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (values.retry !== undefined && values.retry !== "rejected" && values.retry !== "dead") {
  fail(`--retry takes "rejected" or "dead"\n\n${usage}`);
}
if (values.release !== undefined && values.release !== "held") {
  fail(`--release takes "held"\n\n${usage}`);
}

const config = configFromEnvironment();
let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DatabaseStartError && !config.databaseUrl) {
    console.error(
      `The embedded database in ${config.dataDir} is in use, most likely by the running site. ` +
        "It serves one process at a time: stop the site first, run this command, then start " +
        `the site again. (${error.message})`,
    );
    process.exit(1);
  }
  throw error;
}

function ageText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} days`;
}

function printQueue(rows: QueueRow[]) {
  if (rows.length === 0) {
    console.log("Nothing waiting: every delivery has been delivered.");
    return;
  }
  const summary = new Map<string, { count: number; oldest: number }>();
  for (const r of rows) {
    const key = `${r.destination} ${r.status}`;
    const s = summary.get(key) ?? { count: 0, oldest: 0 };
    summary.set(key, { count: s.count + 1, oldest: Math.max(s.oldest, r.ageMinutes) });
  }
  console.log("By destination and status:");
  for (const [key, s] of summary) {
    console.log(`  ${key.padEnd(26)} ${String(s.count).padStart(5)}   oldest ${ageText(s.oldest)}`);
  }
  console.log(
    "\nOldest first (delivery id, submission id, form, destination, status, attempts, age, last error):",
  );
  for (const r of rows) {
    console.log(
      `  #${r.id}  submission ${r.submissionId}  ${r.kind}  ${r.destination}  ${r.status}  ` +
        `${r.attempts} attempt(s)  ${ageText(r.ageMinutes)}${r.error ? `  ${r.error}` : ""}`,
    );
  }
}

try {
  if (values.retry === "rejected" || values.retry === "dead") {
    const n = await requeue(database.db, values.retry);
    console.log(
      `${n} ${values.retry} deliver${n === 1 ? "y" : "ies"} put back in the queue.` +
        (config.databaseUrl ? "" : " Start the site to send them."),
    );
  } else if (values.release === "held") {
    const n = await releaseHeld(database.db);
    console.log(
      `${n} held deliver${n === 1 ? "y" : "ies"} released.` +
        (config.databaseUrl ? "" : " Start the site to send them."),
    );
  } else {
    printQueue(await listQueue(database.db));
  }
} finally {
  await database.close();
}
