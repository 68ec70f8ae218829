import type { Config } from "../../config";
import type { QueueRow, QueueSummary } from "./delivery-queue";

/**
 * What `npm run deliveries` prints, from counts the database worked out (never from the rows it
 * lists, which are only the newest few), without anything a visitor wrote.
 */

type FormKind = "contact" | "newsletter" | "booking";

/** Where each form's submissions go with this configuration, as server/visitors/services.ts wires it. */
export function formDestinations(config: Config): Record<FormKind, string[]> {
  const { portalId, contactFormId, newsletterFormId } = config.hubspot;
  const mail = Boolean(config.mail.smtpUrl && config.mail.practiceInbox);
  return {
    contact: [
      ...(portalId && contactFormId ? ["HubSpot"] : []),
      ...(mail ? ["the practice inbox"] : []),
    ],
    newsletter: portalId && newsletterFormId ? ["HubSpot"] : [],
    booking: mail ? ["the practice inbox"] : [],
  };
}

const MISSING: Record<FormKind, string> = {
  contact: "HUBSPOT_PORTAL_ID with HUBSPOT_CONTACT_FORM_ID, or SMTP_URL with PRACTICE_INBOX",
  newsletter: "HUBSPOT_PORTAL_ID with HUBSPOT_NEWSLETTER_FORM_ID",
  booking: "SMTP_URL with PRACTICE_INBOX",
};

export function ageText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} days`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface QueueReport {
  config: Config;
  summary: QueueSummary[];
  /** the newest rows, at most `limit` */
  rows: QueueRow[];
  held: { submissions: number; floodLike: number };
  stored: { kind: string; count: number; undelivered: number }[];
}

export function queueReport({ config, summary, rows, held, stored }: QueueReport): string[] {
  const lines: string[] = [];
  const destinations = formDestinations(config);
  // Forms delivered nowhere: their submissions are in the database only, and no queue shows them.
  const nowhere = (Object.keys(destinations) as FormKind[]).filter(
    (k) => destinations[k].length === 0,
  );
  for (const kind of nowhere) {
    const n = stored.find((s) => s.kind === kind)?.count ?? 0;
    lines.push(
      `${kind}: delivery is not set up (${MISSING[kind]}), so ${plural(n, `${kind} submission`)} ` +
        `${n === 1 ? "is" : "are"} stored in the database only and sent nowhere. ` +
        `Read them with \`npm run --silent export -- --kind ${kind} > ${kind}.csv\`.`,
    );
  }
  if (nowhere.length) lines.push("");

  const total = summary.reduce((n, s) => n + s.count, 0);
  if (total === 0) {
    const configured = (Object.keys(destinations) as FormKind[]).filter(
      (k) => destinations[k].length > 0,
    );
    lines.push(
      configured.length
        ? `Nothing waiting: every delivery to ${[...new Set(configured.flatMap((k) => destinations[k]))].join(" and ")} has been delivered.`
        : "Nothing waiting, because nothing is delivered anywhere: the submissions above are in the database only.",
    );
    return lines;
  }

  lines.push(
    `Not yet delivered: ${plural(total, "delivery", "deliveries")}, by destination and status:`,
  );
  for (const s of summary) {
    const key = `${s.destination} ${s.status}`;
    const ages =
      s.count === 1
        ? `age ${ageText(s.oldestMinutes)}`
        : `oldest ${ageText(s.oldestMinutes)}, newest ${ageText(s.newestMinutes)}`;
    lines.push(`  ${key.padEnd(26)} ${String(s.count).padStart(6)}   ${ages}`);
  }
  if (held.submissions > 0) {
    const real = held.submissions - held.floodLike;
    lines.push(
      "",
      `Held for review: ${plural(held.submissions, "submission")}; ${held.floodLike} look like the ` +
        `flood (the same e-mail, phone or message sent 3 times or more) and ${real} do not.`,
      "  Release the ones that do not with `--release held --except-flood`, one lead with " +
        "`--release held --id SUBMISSION_ID` or `--release held --email ADDRESS`, or all with " +
        "`--release held`.",
    );
  }
  lines.push(
    "",
    "Newest first (submission id, form, destination, status, attempts, age, delivery id, last error):",
  );
  for (const r of rows) {
    lines.push(
      `  submission ${r.submissionId}  ${r.kind}  ${r.destination}  ${r.status}` +
        `${r.floodLike ? " (looks like the flood)" : ""}  ${r.attempts} attempt(s)  ` +
        `${ageText(r.ageMinutes)}  #${r.id}${r.error ? `  ${r.error}` : ""}`,
    );
  }
  if (total > rows.length) {
    lines.push(
      `  … and ${total - rows.length} more, older (\`--limit N\` lists more; the counts above are all of them).`,
    );
  }
  return lines;
}
