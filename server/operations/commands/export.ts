import { parseArgs } from "node:util";
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, gt, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveries, orders, submissions } from "../../db/schema";
import {
  type AppointmentColumns,
  appointmentColumns,
  appointmentJoin,
  appointmentOf,
  bookingNames,
} from "../../inbox/appointments";
import {
  type ExportKind,
  exportHeadingLine,
  exportKinds,
  exportLine,
  isExportKind,
} from "../../inbox/export-columns";
import type { CommandIo, CommandRunner } from "./protocol";

/** Rows per query: a 50,000-row export never sits in memory, and the site answers between. */
const CHUNK = 500;

export const exportUsage = `Usage: npm run export -- [--kind KIND] [--since DATE] [--out FILE]

Writes stored submissions as CSV, oldest first, into FILE (readable by its owner only), or else
to standard output. Redirecting npm's output (> file.csv) also captures the lines npm prints
before the command; use --out, or npm run --silent export -- ... > file.csv.

Options:
  --kind KIND    contact (default), booking (requests sent on to the scheduling provider),
                 appointments (sessions booked on the site, with the person's details),
                 newsletter, or orders (payments)
  --since DATE   only those received on or after DATE, e.g. 2026-01-01
  --out FILE     write the CSV to FILE instead of standard output (its folder is created)
  --help         show this help

Times are Lagos time with the offset (2026-12-07 09:00 +01:00). Each submission's last column,
"Where it went", says where it went and how that ended, e.g. "HubSpot: delivered, e-mail:
failed" (npm run deliveries lists what still waits).
Uses DATABASE_URL (Postgres), or else the embedded database in DATA_DIR. Either way it runs
beside the site: with the embedded database the running site does the work for it.`;

export type ExportOptions =
  { help: true } | { error: string } | { kind: ExportKind; since?: string; out?: string };

/** The command line, checked: the same parser in the command and in the site that runs it. */
export function parseExportArgs(args: string[]): ExportOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        kind: { type: "string", default: "contact" },
        since: { type: "string" },
        out: { type: "string", short: "o" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    return { error: `${(error as Error).message}\n\n${exportUsage}` };
  }
  if (values.help) return { help: true };
  const kind = values.kind;
  if (!isExportKind(kind)) return { error: `--kind must be one of: ${exportKinds.join(", ")}` };
  if (values.since !== undefined && Number.isNaN(new Date(values.since).getTime())) {
    return { error: "--since must be a date like 2026-01-01" };
  }
  return { kind, since: values.since, out: values.out };
}

/**
 * The CSV, a chunk of rows at a time in the order they were received, on whichever side has the
 * database: the command itself, or the running site on its behalf. The count goes to io.err so a
 * redirect stays pure CSV.
 */
export const runExport: CommandRunner = async ({ database }, args, io) => {
  const options = parseExportArgs(args);
  if ("help" in options) {
    await io.out(`${exportUsage}\n`);
    return { code: 0 };
  }
  if ("error" in options) {
    io.err(options.error);
    return { code: 2 };
  }
  const db = database.db;
  const since = options.since ? new Date(options.since) : new Date(0);
  const day = since.toISOString().slice(0, 10);
  let count = 0;
  if (options.kind === "orders") {
    await io.out(exportHeadingLine("orders"));
    for (let after = 0; ;) {
      const rows = await db
        .select()
        .from(orders)
        .where(and(gte(orders.createdAt, since), gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(CHUNK);
      let text = "";
      for (const o of rows) {
        text += exportLine("orders", o);
        after = o.id;
      }
      count += rows.length;
      if (text) await io.out(text);
      if (rows.length < CHUNK) break;
      await nextTurn();
    }
    io.err(`${count} order(s) since ${day}`);
    return { code: 0 };
  }
  if (options.kind === "appointments") {
    count = await exportAppointments(db, since, io);
    io.err(`${count} booked session(s) since ${day}`);
    return { code: 0 };
  }
  const kind = options.kind;
  // A booking with an appointment is a booked session (--kind appointments), not a request.
  const requestsOnly =
    kind === "booking"
      ? sql`not exists (select 1 from appointments a where a.submission_id = ${submissions.id})`
      : undefined;
  await io.out(exportHeadingLine(kind));
  for (let after = 0; ;) {
    const rows = await db
      .select()
      .from(submissions)
      .where(
        and(
          eq(submissions.kind, kind),
          gte(submissions.createdAt, since),
          gt(submissions.id, after),
          requestsOnly,
        ),
      )
      .orderBy(asc(submissions.id))
      .limit(CHUNK);
    const ids = rows.map((r) => r.id);
    const outbox = await deliveriesOf(db, ids);
    let text = "";
    for (const row of rows) {
      const went = outbox.filter((d) => d.submissionId === row.id);
      text += exportLine(kind, { ...row, deliveries: went });
      after = row.id;
    }
    count += rows.length;
    if (text) await io.out(text);
    if (rows.length < CHUNK) break;
    await nextTurn();
  }
  io.err(`${count} ${kind} submission(s) since ${day}`);
  return { code: 0 };
};

/** The outbox rows of one chunk of submissions, oldest first. */
async function deliveriesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(deliveries)
    .where(inArray(deliveries.submissionId, ids))
    .orderBy(asc(deliveries.id));
}

/** Sessions booked on the site, with the name, e-mail and phone of the submission they belong to. */
async function exportAppointments(db: Db, since: Date, io: CommandIo): Promise<number> {
  await io.out(exportHeadingLine("appointments"));
  const names = await bookingNames(db);
  let count = 0;
  for (let after = 0; ;) {
    const rows = (
      (await db.execute(sql`select s.id, s.created_at, s.handled_at, s.payload, ${appointmentColumns}
        from submissions s ${appointmentJoin}
        where s.kind = 'booking' and a.appt_id is not null and s.created_at >= ${since.toISOString()}
          and s.id > ${after}
        order by s.id limit ${CHUNK}`)) as unknown as {
        rows: (AppointmentColumns & {
          id: number | string;
          created_at: string | Date;
          handled_at: string | Date | null;
          payload: Record<string, string>;
        })[];
      }
    ).rows;
    const ids = rows.map((r) => Number(r.id));
    const outbox = await deliveriesOf(db, ids);
    let text = "";
    for (const row of rows) {
      const id = Number(row.id);
      after = id;
      const appointment = appointmentOf(row, names);
      if (!appointment) continue;
      text += exportLine("appointments", {
        id,
        createdAt: new Date(row.created_at),
        handledAt: row.handled_at === null ? null : new Date(row.handled_at),
        payload: row.payload,
        deliveries: outbox.filter((d) => d.submissionId === id),
        appointment,
      });
    }
    count += rows.length;
    if (text) await io.out(text);
    if (rows.length < CHUNK) return count;
    await nextTurn();
  }
}
