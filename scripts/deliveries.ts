/**
 * The operator's command for the delivery queue (issues 16 and 25):
 *   npm run deliveries                       true counts, then the newest deliveries not yet sent
 *   npm run deliveries -- --retry rejected   send refused ones again after fixing a setting
 *   npm run deliveries -- --retry dead       the same for ones given up after 24 hours
 *   npm run deliveries -- --release held     send the ones held back during a flood (all, or
 *                                            --id / --email / --except-flood)
 * Safe beside a running site on Postgres. The embedded database serves one process at a time,
 * so with it the site must be stopped first.
 */
import { parseArgs } from "node:util";
import { configFromEnvironment } from "../server/config";
import { DatabaseStartError, openDatabase } from "../server/db/client";
import {
  type HeldChoice,
  heldSummary,
  listQueue,
  queueSummary,
  requeue,
  storedByKind,
} from "../server/delivery-queue";
import { queueReport } from "../server/delivery-report";
import { releaseHeld } from "../server/outbox";

const usage = `Usage: npm run deliveries [-- OPTIONS]

Counts the deliveries that are not yet delivered (pending, held, rejected, dead) by
destination and status, then lists the newest of them, without message contents or
personal data. Says which forms are delivered nowhere (stored in the database only).

Options:
  --limit N          list the N newest deliveries (default 50); the counts are always all
  --retry rejected   put every rejected delivery back in the queue (after fixing a setting,
                     e.g. the HubSpot form or SMTP_URL); attempts start again now
  --retry dead       the same for deliveries given up after 24 hours
  --release held     send the deliveries held back during a flood of posts: all of them, or
                     only those chosen with any of:
    --id N[,N…]        the submissions with these ids (as listed: "submission N")
    --email ADDRESS    the submissions sent with this e-mail address (may be repeated)
    --except-flood     every held submission except those that look like the flood: the
                       same e-mail, phone or message sent 3 times or more
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
      id: { type: "string", multiple: true },
      email: { type: "string", multiple: true },
      "except-flood": { type: "boolean" },
      limit: { type: "string" },
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
const ids = (values.id ?? []).flatMap((v) => v.split(",")).map((v) => v.trim());
if (ids.some((v) => !/^\d{1,15}$/.test(v))) fail(`--id takes submission ids, such as 812,815`);
const choosing = ids.length > 0 || (values.email ?? []).length > 0 || values["except-flood"];
if (choosing && values.release !== "held") {
  fail(`--id, --email and --except-flood choose what --release held releases\n\n${usage}`);
}
const limit = values.limit === undefined ? 50 : Number(values.limit);
if (!Number.isSafeInteger(limit) || limit < 0) fail("--limit takes a whole number");

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

try {
  if (values.retry === "rejected" || values.retry === "dead") {
    const n = await requeue(database.db, values.retry);
    console.log(
      `${n} ${values.retry} deliver${n === 1 ? "y" : "ies"} put back in the queue.` +
        (config.databaseUrl ? "" : " Start the site to send them."),
    );
  } else if (values.release === "held") {
    const choice: HeldChoice = {
      ids: ids.map(Number),
      emails: values.email ?? [],
      exceptFlood: values["except-flood"] ?? false,
    };
    const n = await releaseHeld(database.db, choosing ? choice : undefined);
    const left = (await heldSummary(database.db)).submissions;
    console.log(
      `${n} held deliver${n === 1 ? "y" : "ies"} released; ${left} submission` +
        `${left === 1 ? "" : "s"} still held.` +
        (n > 0 && !config.databaseUrl ? " Start the site to send them." : ""),
    );
  } else {
    const [summary, rows, held, stored] = [
      await queueSummary(database.db),
      await listQueue(database.db, limit),
      await heldSummary(database.db),
      await storedByKind(database.db),
    ];
    for (const line of queueReport({ config, summary, rows, held, stored })) console.log(line);
  }
} finally {
  await database.close();
}
