import { parseArgs } from "node:util";
import {
  type HeldChoice,
  heldSummary,
  listQueue,
  queueSummary,
  requeue,
  storedByKind,
} from "../../integrations/deliveries/delivery-queue";
import { queueReport } from "../../integrations/deliveries/delivery-report";
import { releaseHeld } from "../../integrations/deliveries/outbox";
import type { CommandRunner } from "./protocol";

export const deliveriesUsage = `Usage: npm run deliveries [-- OPTIONS]

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

Uses DATABASE_URL (Postgres), or else the embedded database in DATA_DIR. Either way it runs
beside the site: with the embedded database the running site does the work for it.`;

export type DeliveriesOptions =
  | { help: true }
  | { error: string }
  | {
      retry?: "rejected" | "dead";
      release?: "held";
      choice?: HeldChoice;
      limit: number;
    };

/** The command line, checked: the same parser in the command and in the site that runs it. */
export function parseDeliveriesArgs(args: string[]): DeliveriesOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args,
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
    return { error: `${(error as Error).message}\n\n${deliveriesUsage}` };
  }
  if (values.help) return { help: true };
  if (values.retry !== undefined && values.retry !== "rejected" && values.retry !== "dead") {
    return { error: `--retry takes "rejected" or "dead"\n\n${deliveriesUsage}` };
  }
  if (values.release !== undefined && values.release !== "held") {
    return { error: `--release takes "held"\n\n${deliveriesUsage}` };
  }
  const ids = (values.id ?? []).flatMap((v) => v.split(",")).map((v) => v.trim());
  if (ids.some((v) => !/^\d{1,15}$/.test(v)))
    return { error: `--id takes submission ids, such as 812,815` };
  const choosing = ids.length > 0 || (values.email ?? []).length > 0 || values["except-flood"];
  if (choosing && values.release !== "held") {
    return {
      error: `--id, --email and --except-flood choose what --release held releases\n\n${deliveriesUsage}`,
    };
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isSafeInteger(limit) || limit < 0) return { error: "--limit takes a whole number" };
  return {
    retry: values.retry as "rejected" | "dead" | undefined,
    release: values.release as "held" | undefined,
    choice: choosing
      ? { ids: ids.map(Number), emails: values.email ?? [], exceptFlood: !!values["except-flood"] }
      : undefined,
    limit,
  };
}

export const runDeliveries: CommandRunner = async ({ database, config, inSite }, args, io) => {
  const options = parseDeliveriesArgs(args);
  if ("help" in options) {
    await io.out(`${deliveriesUsage}\n`);
    return { code: 0 };
  }
  if ("error" in options) {
    io.err(options.error);
    return { code: 2 };
  }
  const db = database.db;
  // Run by the command itself on the embedded database, the site is stopped and sends nothing.
  const startSite = !inSite && database.kind === "pglite" ? " Start the site to send them." : "";
  if (options.retry) {
    const n = await requeue(db, options.retry);
    await io.out(
      `${n} ${options.retry} deliver${n === 1 ? "y" : "ies"} put back in the queue.${startSite}\n`,
    );
  } else if (options.release) {
    const n = await releaseHeld(db, options.choice);
    const left = (await heldSummary(db)).submissions;
    await io.out(
      `${n} held deliver${n === 1 ? "y" : "ies"} released; ${left} submission` +
        `${left === 1 ? "" : "s"} still held.${n > 0 ? startSite : ""}\n`,
    );
  } else {
    const [summary, rows, held, stored] = [
      await queueSummary(db),
      await listQueue(db, options.limit),
      await heldSummary(db),
      await storedByKind(db),
    ];
    for (const line of queueReport({ config, summary, rows, held, stored }))
      await io.out(`${line}\n`);
  }
  return { code: 0 };
};
