/**
 * Exports stored submissions as CSV for the practice:
 *   npm run export -- --kind contact --since 2026-01-01 --out leads.csv
 * Kinds: contact, booking, appointments (sessions booked on the site), newsletter, and orders
 * (payments, from the orders table). It runs
 * beside the site: on the embedded database the running site reads the rows for it
 * (docs/decisions/034); with DATABASE_URL it reads Postgres itself.
 */
import { once } from "node:events";
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { exportUsage, parseExportArgs, runExport } from "../server/operations/commands/export";
import { runCommand } from "./open-for-command";

const args = process.argv.slice(2);
const options = parseExportArgs(args);
if ("help" in options) {
  console.log(exportUsage);
  process.exit(0);
}
if ("error" in options) {
  console.error(options.error);
  process.exit(2);
}

/**
 * Where the CSV goes: standard output, or --out's file. The file is written beside its name and
 * renamed when complete, so a half-written export never looks like a whole one.
 */
const out = options.out;
const partial = out && `${out}.partial`;
let fd: number | undefined;
if (partial) {
  try {
    mkdirSync(path.dirname(path.resolve(partial)), { recursive: true, mode: 0o700 });
    fd = openSync(partial, "w", 0o600);
  } catch (error) {
    console.error(`Cannot write ${out}: ${(error as Error).message}`);
    process.exit(1);
  }
}
const write = async (chunk: string | Uint8Array) => {
  if (fd !== undefined) writeSync(fd, typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  else if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
};

// --out stays here: the file is this command's, whoever reads the database.
const forward = ["--kind", options.kind, ...(options.since ? ["--since", options.since] : [])];
let outcome;
try {
  // The count, on standard error so a redirect stays pure CSV, names the file when there is one.
  outcome = await runCommand("export", runExport, forward, write, "export from", (line) =>
    console.error(out && /^\d+ /.test(line) ? `${line}, written to ${out}` : line),
  );
} catch (error) {
  if (fd !== undefined) rmSync(partial!, { force: true });
  throw error;
}
if (fd !== undefined) {
  closeSync(fd);
  if (outcome.code === 0) {
    renameSync(partial!, out!);
  } else rmSync(partial!, { force: true });
}
process.exitCode = outcome.code;
