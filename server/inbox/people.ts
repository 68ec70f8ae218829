import { type SQL, sql } from "drizzle-orm";
import type { Access } from "../../app/lib/services/auth";
import type { PersonErasure, PersonRecord, PersonRelated } from "../../app/lib/services/inbox";
import type { Db } from "../db/client";
import {
  type AppointmentColumns,
  appointmentColumns,
  appointmentJoin,
  appointmentOf,
  inboxKindSql,
  namesFor,
} from "./appointments";
import {
  type ErasureMatch,
  eraseMatching,
  erasureHash,
  erasureSalt,
  recordErasure,
} from "./erasures";
import { destinationWords, auditRow, idList, normalisePhone, phoneSql, rowsOf } from "./rows";

/**
 * A person's data (/admin/people, docs/inbox.md): everything held under their e-mail addresses
 * and phone numbers, for them to download, and its erasure (the Nigeria Data Protection Act 2023).
 * A person writes from more than one address: the page shows who was found and offers the records
 * that share an address or number with them, to include before erasing (issue 41).
 */

/** Addresses and numbers searched for at once: a person's few, never a list of people. */
export const PERSON_QUERIES = 8;
/** Addresses and numbers seen in a person's records that are looked up as related. */
const RELATED_LOOKUPS = 12;

interface Identifier {
  isEmail: boolean;
  /** lower case, or the digits of a number with +234 as 0: what is compared and hashed */
  value: string;
}

/** An address by itself (any case), or a phone number however written; undefined if neither. */
function identifierOf(query: string): Identifier | undefined {
  const q = query.trim().toLowerCase();
  if (q.includes("@")) return /^[^\s@]+@[^\s@]+$/.test(q) ? { isEmail: true, value: q } : undefined;
  const phone = normalisePhone(q);
  return phone.length >= 7 && /^[+\d\s().-]+$/.test(q)
    ? { isEmail: false, value: phone }
    : undefined;
}

const anyOf = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);

/** The rows any of these identifiers names. */
function personMatch(ids: Identifier[]): ErasureMatch {
  const emails = ids.filter((i) => i.isEmail).map((i) => i.value);
  const phones = ids.filter((i) => !i.isEmail).map((i) => i.value);
  const match = (email: SQL, phone: SQL) =>
    anyOf([
      ...(emails.length ? [sql`lower(${email}) in (${idList(emails)})`] : []),
      ...(phones.length ? [sql`${phoneSql(phone)} in (${idList(phones)})`] : []),
    ]);
  return {
    submissions: match(sql`s.payload->>'email'`, sql`s.payload->>'phone'`),
    orders: match(sql`o.email`, sql`o.phone`),
    subscribers: emails.length ? sql`lower(email) in (${idList(emails)})` : sql`false`,
  };
}

/** The queries as identifiers, each once; undefined when one is not an address or number. */
function identifiersOf(queries: string[]): Identifier[] | undefined {
  if (queries.length === 0 || queries.length > PERSON_QUERIES) return undefined;
  const ids: Identifier[] = [];
  for (const query of queries) {
    const id = identifierOf(query);
    if (!id) return undefined;
    if (!ids.some((i) => i.value === id.value)) ids.push(id);
  }
  return ids;
}

interface SubmissionRow {
  id: number | string;
  kind: string;
  created_at: string | Date;
  payload: Record<string, string>;
}

interface OrderRow {
  id: number | string;
  reference: string;
  item_name: string;
  amount_kobo: number;
  status: string;
  created_at: string | Date;
  name: string;
  email: string;
  phone: string;
}

/** A record as the related list shows it. */
interface SeenRow {
  id: string;
  kind: string;
  at: string | Date;
  name: string | null;
  email: string | null;
  phone: string | null;
}

const iso = (at: string | Date) => new Date(at).toISOString();

/** Each value once, as first written; `key` says when two are one (case, or a number's digits). */
function distinct(values: (string | undefined)[], key: (v: string) => string): string[] {
  const seen = new Map<string, string>();
  for (const v of values) {
    const trimmed = v?.trim();
    if (trimmed && key(trimmed) && !seen.has(key(trimmed))) seen.set(key(trimmed), trimmed);
  }
  return [...seen.values()];
}

/** Everything held under these addresses and numbers; undefined when one is neither. */
export async function findPerson(db: Db, queries: string[]): Promise<PersonRecord | undefined> {
  const ids = identifiersOf(queries);
  if (!ids) return undefined;
  const m = personMatch(ids);
  const submissions = rowsOf<SubmissionRow & AppointmentColumns>(
    await db.execute(sql`select s.id, ${inboxKindSql} as kind, s.created_at, s.payload,
      ${appointmentColumns} from submissions s ${appointmentJoin}
      where ${m.submissions} order by s.created_at limit 1000`),
  );
  const names = await namesFor(db, submissions);
  const orderRows = rowsOf<OrderRow>(
    await db.execute(sql`select o.id, o.reference, o.item_name, o.amount_kobo, o.status,
      o.created_at, o.paid_at, o.name, o.email, o.phone from orders o where ${m.orders}
      order by o.created_at limit 1000`),
  );
  const subscribers = rowsOf<{
    email: string;
    subscribed_at: string | Date;
    unsubscribed_at: string | Date | null;
  }>(
    await db.execute(sql`select email, subscribed_at, unsubscribed_at from subscribers
      where ${m.subscribers} order by subscribed_at`),
  );
  const submissionIds = submissions.map((s) => Number(s.id));
  const orderIds = orderRows.map((o) => Number(o.id));
  const waiting = submissionIds.length
    ? rowsOf<{
        id: number | string;
        submission_id: number | string;
        destination: string;
        status: string;
      }>(
        await db.execute(sql`select id, submission_id, destination, status from deliveries
          where status in ('pending', 'sending', 'held')
            and submission_id in (${idList(submissionIds)})`),
      )
    : [];
  const refs = [...submissionIds.map((i) => `s${i}`), ...orderIds.map((i) => `o${i}`)];
  const mentions = refs.length
    ? rowsOf<{ at: string | Date; editor: string; action: string; detail: string }>(
        await db.execute(sql`select at, editor, action, detail from content_audit
          where action like 'inbox-%' and split_part(detail, ' ', 1) in (${idList(refs)})
          order by at limit 200`),
      )
    : [];
  const seen = {
    names: distinct(
      [...submissions.map((s) => s.payload.name), ...orderRows.map((o) => o.name)],
      (v) => v.toLowerCase(),
    ),
    emails: distinct(
      [
        ...submissions.map((s) => s.payload.email),
        ...orderRows.map((o) => o.email),
        ...subscribers.map((s) => s.email),
      ],
      (v) => v.toLowerCase(),
    ),
    phones: distinct(
      [...submissions.map((s) => s.payload.phone), ...orderRows.map((o) => o.phone)],
      normalisePhone,
    ),
  };
  return {
    query: ids.map((i) => i.value),
    seen,
    related: await relatedRecords(db, ids, seen, submissionIds, orderIds),
    submissions: submissions.map((s) => ({
      id: `s${String(s.id)}`,
      kind: s.kind,
      at: iso(s.created_at),
      fields: Object.fromEntries(Object.entries(s.payload).filter(([k]) => k !== "token")),
    })),
    appointments: submissions.flatMap((s) => {
      const appointment = appointmentOf(s, names);
      return appointment ? [{ ...appointment, submission: `s${String(s.id)}` }] : [];
    }),
    orders: orderRows.map((o) => ({
      id: `o${String(o.id)}`,
      reference: o.reference,
      item: o.item_name,
      amountNaira: (Number(o.amount_kobo) / 100).toFixed(2),
      status: o.status,
      at: iso(o.created_at),
      name: o.name,
      email: o.email,
      phone: o.phone,
    })),
    subscribers: subscribers.map((s) => ({
      email: s.email,
      subscribedAt: iso(s.subscribed_at),
      unsubscribedAt: s.unsubscribed_at ? iso(s.unsubscribed_at) : undefined,
    })),
    waiting: waiting.map((w) => ({
      id: Number(w.id),
      submission: `s${String(w.submission_id)}`,
      destination: destinationWords(w.destination),
      status: w.status,
    })),
    audit: mentions.map((a) => ({
      at: iso(a.at),
      who: a.editor,
      action: a.action,
      record: a.detail.split(" ")[0]!,
    })),
  };
}

/**
 * The addresses and numbers seen in the found records but not searched for, each with the records
 * it would add: a message from a work address with the same phone, a sign-up of another address.
 */
async function relatedRecords(
  db: Db,
  searched: Identifier[],
  seen: PersonRecord["seen"],
  submissionIds: number[],
  orderIds: number[],
): Promise<PersonRelated[]> {
  const candidates = [
    ...seen.emails.map((value) => ({ value, id: identifierOf(value) })),
    ...seen.phones.map((value) => ({ value, id: identifierOf(value) })),
  ]
    .filter((c): c is { value: string; id: Identifier } => c.id !== undefined)
    .filter((c) => !searched.some((s) => s.value === c.id.value))
    .slice(0, RELATED_LOOKUPS);
  const related: PersonRelated[] = [];
  for (const { value, id } of candidates) {
    const m = personMatch([id]);
    const notS = submissionIds.length ? sql` and s.id not in (${idList(submissionIds)})` : sql``;
    const notO = orderIds.length ? sql` and o.id not in (${idList(orderIds)})` : sql``;
    const more = [
      ...rowsOf<SeenRow>(
        await db.execute(sql`select 's' || s.id as id, ${inboxKindSql} as kind,
          s.created_at as at, s.payload->>'name' as name, s.payload->>'email' as email,
          s.payload->>'phone' as phone from submissions s ${appointmentJoin}
          where ${m.submissions}${notS} order by s.created_at limit 50`),
      ),
      ...rowsOf<SeenRow>(
        await db.execute(sql`select 'o' || o.id as id, 'order' as kind, o.created_at as at,
          o.name, o.email, o.phone from orders o where ${m.orders}${notO}
          order by o.created_at limit 50`),
      ),
      // Not one of the found subscribers: those match an address searched for, this one was not.
      ...rowsOf<SeenRow>(
        await db.execute(sql`select '' as id, 'subscriber' as kind, subscribed_at as at,
          null as name, email, null as phone from subscribers where ${m.subscribers}`),
      ),
    ];
    if (more.length === 0) continue;
    related.push({
      value,
      records: more.map((r) => ({
        id: r.id,
        kind: r.kind,
        at: iso(r.at),
        name: r.name ?? "",
        email: r.email ?? "",
        phone: r.phone ?? "",
      })),
    });
  }
  return related;
}

/** An audit row naming the records of a person (their ids only). */
export async function auditPerson(db: Db, reader: Access, record: PersonRecord, action: string) {
  const ids = [...record.submissions.map((s) => s.id), ...record.orders.map((o) => o.id)];
  await auditRow(db, reader, action, ids.join(" ") || "no records");
}

/**
 * Erases what findPerson(queries) finds, in one transaction, and adds it to the list of erasures
 * a restore applies again (./erasures.ts) before the transaction ends: an erasure that could not
 * be recorded does not happen. The audit row holds salted hashes only. What shares a detail with
 * them but was not included is returned, still held, so that the page says so.
 */
export async function erasePerson(
  db: Db,
  queries: string[],
  reader: Access,
  erasureList: string | undefined,
): Promise<PersonErasure | undefined> {
  const ids = identifiersOf(queries);
  const found = ids && (await findPerson(db, queries));
  if (!ids || !found) return undefined;
  const values = ids.map((i) => i.value);
  const salt = await erasureSalt(db);
  const counts = await db.transaction(async (tx) => {
    const erased = await eraseMatching(tx, personMatch(ids));
    if (erasureList) await recordErasure(erasureList, salt, values);
    return erased;
  });
  await auditRow(
    db,
    reader,
    "erase",
    `address ${values.map((v) => erasureHash(salt, v)).join(" ")}: ${counts.submissions} ` +
      `submissions, ${counts.deliveries} deliveries (${counts.cancelled} not yet sent), ` +
      `${counts.subscribers} subscriber, ${counts.orders} orders anonymised, ${counts.keys} ` +
      `idempotency keys, ${counts.appointments} booked sessions`,
  );
  return { erased: values, ...counts, notIncluded: found.related };
}
