/**
 * Exports stored submissions as CSV for the practice:
 *   npm run export -- --kind contact --since 2026-01-01 --out leads.csv
 * Kinds: contact, booking, newsletter, and orders (payments, from the orders table). With the embedded database, stop the site first (the
 * embedded database serves one process at a time); with DATABASE_URL it can run any time.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { configFromEnvironment } from "../server/config";
import { csvLine } from "../server/csv";
import { openDatabase } from "../server/db/client";
import { deliveries, orders, submissions } from "../server/db/schema";

const columns = {
  contact: ["name", "email", "phone", "need", "message", "pageUri"],
  booking: ["name", "email", "phone", "booked", "pageUri"],
  newsletter: ["email", "pageUri"],
} as const;

type Kind = keyof typeof columns | "orders";

const usage = `Usage: npm run export -- [--kind KIND] [--since DATE] [--out FILE]

Writes stored submissions as CSV, oldest first, into FILE (readable by its owner only), or else
to standard output. Redirecting npm's output (> file.csv) also captures the lines npm prints
before the command; use --out, or npm run --silent export -- ... > file.csv.

Options:
  --kind KIND    contact (default), booking, newsletter, or orders (payments)
  --since DATE   only those received on or after DATE, e.g. 2026-01-01
  --out FILE     write the CSV to FILE instead of standard output (its folder is created)
  --help         show this help

Each submission's last column, "delivery", says where it went and how that ended, e.g.
"hubspot: delivered; email: rejected" (npm run deliveries lists what still waits).
Uses DATABASE_URL (Postgres; safe while the site runs), or else the embedded database in
DATA_DIR: stop the site first.`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      kind: { type: "string", default: "contact" },
      since: { type: "string" },
      out: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const kind = values.kind as Kind;
if (!(kind in columns) && kind !== "orders") {
  console.error(`--kind must be one of: ${[...Object.keys(columns), "orders"].join(", ")}`);
  process.exit(2);
}
const since = values.since ? new Date(values.since) : new Date(0);
if (Number.isNaN(since.getTime())) {
  console.error("--since must be a date like 2026-01-01");
  process.exit(2);
}

const config = configFromEnvironment();
if (!config.databaseUrl) {
  const running = await fetch(`http://127.0.0.1:${config.port}/healthz`).then(
    () => true,
    () => false,
  );
  if (running) {
    console.error(
      `The site is running on port ${config.port} with the embedded database, which serves one ` +
        `process at a time. Stop it first, or set DATABASE_URL to use Postgres.`,
    );
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

/**
 * Where the CSV goes: standard output, or --out's file. The file is written beside its name and
 * renamed when complete, so a half-written export never looks like a whole one.
 */
const out = values.out;
const partial = out && `${out}.partial`;
let fd: number | undefined;
if (partial) {
  try {
    mkdirSync(path.dirname(path.resolve(partial)), { recursive: true, mode: 0o700 });
    fd = openSync(partial, "w", 0o600);
  } catch (error) {
    console.error(`Cannot write ${out}: ${(error as Error).message}`);
    await database.close();
    process.exit(1);
  }
}
const write = (text: string) => {
  if (fd === undefined) process.stdout.write(text);
  else writeSync(fd, text);
};
/** The count for the person running the command, on standard error so a redirect stays pure CSV. */
const report = (line: string) => console.error(out ? `${line}, written to ${out}` : line);

/** Orders for the practice's books: one line per order, amounts in naira as plain numbers. */
async function exportOrders() {
  const rows = await database.db
    .select()
    .from(orders)
    .where(gte(orders.createdAt, since))
    .orderBy(asc(orders.createdAt));
  write(
    csvLine([
      "reference",
      "created_at",
      "status",
      "paid_at",
      "item_id",
      "item",
      "amount_naira",
      "currency",
      "name",
      "email",
      "phone",
      "failure_reason",
    ]),
  );
  for (const o of rows) {
    write(
      csvLine([
        o.reference,
        o.createdAt,
        o.status,
        o.paidAt,
        o.itemId,
        o.itemName,
        (o.amountKobo / 100).toFixed(2),
        o.currency,
        o.name,
        o.email,
        o.phone,
        o.failureReason,
      ]),
    );
  }
  report(`${rows.length} order(s) since ${since.toISOString().slice(0, 10)}`);
}

try {
  if (kind === "orders") {
    await exportOrders();
  } else {
    await exportSubmissions(kind);
  }
  if (fd !== undefined) {
    closeSync(fd);
    renameSync(partial!, out!);
  }
} catch (error) {
  if (fd !== undefined) rmSync(partial!, { force: true });
  throw error;
} finally {
  await database.close();
}

async function exportSubmissions(kind: keyof typeof columns) {
  const rows = await database.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.kind, kind), gte(submissions.createdAt, since)))
    .orderBy(asc(submissions.createdAt));
  const ids = rows.map((r) => r.id);
  const outbox = ids.length
    ? await database.db.select().from(deliveries).where(inArray(deliveries.submissionId, ids))
    : [];
  write(csvLine(["id", "received_at", "status", ...columns[kind], "delivery"]));
  for (const row of rows) {
    const delivery = outbox
      .filter((d) => d.submissionId === row.id)
      .map((d) => `${d.destination}: ${d.status}`)
      .join("; ");
    write(
      csvLine([
        row.id,
        row.createdAt,
        row.status,
        ...columns[kind].map((c) => row.payload[c] ?? ""),
        delivery,
      ]),
    );
  }
  report(`${rows.length} ${kind} submission(s) since ${since.toISOString().slice(0, 10)}`);
}
