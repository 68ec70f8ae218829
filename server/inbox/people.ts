import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Access } from "../../app/lib/services/auth";
import type { PersonErasure, PersonRecord } from "../../app/lib/services/inbox";
import type { Db } from "../db/client";
import { siteSecrets } from "../db/schema";
import { DESTINATION_WORDS, auditRow, idList, normalisePhone, phoneSql, rowsOf } from "./rows";

/**
 * A person's data (/admin/people, docs/inbox.md): everything held about one e-mail address or
 * phone number, for them to download, and its erasure (the Nigeria Data Protection Act 2023).
 */

async function erasureSalt(db: Db): Promise<string> {
  await db
    .insert(siteSecrets)
    .values({ name: "erasure-salt", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`select value from site_secrets where name = 'erasure-salt'`),
  );
  return rows[0]!.value;
}

/** What "E-mail or phone" matches: an address by itself (any case), a phone however written. */
function personMatch(query: string) {
  const q = query.trim().toLowerCase();
  const isEmail = q.includes("@");
  const phone = normalisePhone(q);
  return {
    isEmail,
    submissions: isEmail
      ? sql`lower(s.payload->>'email') = ${q}`
      : sql`${phoneSql(sql`s.payload->>'phone'`)} = ${phone}`,
    orders: isEmail ? sql`lower(o.email) = ${q}` : sql`${phoneSql(sql`o.phone`)} = ${phone}`,
    subscribers: isEmail ? sql`lower(email) = ${q}` : sql`false`,
    valid: isEmail ? /^[^\s@]+@[^\s@]+$/.test(q) : phone.length >= 7,
    value: isEmail ? q : phone,
  };
}

/** Everything held about one address or number; undefined when the query is neither. */
export async function findPerson(db: Db, query: string): Promise<PersonRecord | undefined> {
  const m = personMatch(query);
  if (!m.valid) return undefined;
  const submissions = rowsOf<{
    id: number | string;
    kind: string;
    created_at: string | Date;
    payload: Record<string, string>;
  }>(
    await db.execute(sql`select s.id, s.kind, s.created_at, s.payload from submissions s
      where ${m.submissions} order by s.created_at limit 1000`),
  );
  const orderRows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select o.id, o.reference, o.item_name, o.amount_kobo, o.status,
      o.created_at, o.paid_at, o.name, o.email, o.phone from orders o where ${m.orders}
      order by o.created_at limit 1000`),
  );
  const subscriber = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select email, subscribed_at, unsubscribed_at from subscribers
      where ${m.subscribers}`),
  );
  const ids = submissions.map((s) => Number(s.id));
  const waiting = ids.length
    ? rowsOf<Record<string, unknown>>(
        await db.execute(sql`select id, submission_id, destination, status from deliveries
          where status in ('pending', 'sending', 'held') and submission_id in (${idList(ids)})`),
      )
    : [];
  const refs = [...ids.map((i) => `s${i}`), ...orderRows.map((o) => `o${String(o.id)}`)];
  const mentions = refs.length
    ? rowsOf<{ at: string | Date; editor: string; action: string; detail: string }>(
        await db.execute(sql`select at, editor, action, detail from content_audit
          where action like 'inbox-%' and split_part(detail, ' ', 1) in (${idList(refs)})
          order by at limit 200`),
      )
    : [];
  return {
    query: m.value,
    submissions: submissions.map((s) => ({
      id: `s${String(s.id)}`,
      kind: s.kind,
      at: new Date(s.created_at).toISOString(),
      fields: Object.fromEntries(Object.entries(s.payload).filter(([k]) => k !== "token")),
    })),
    orders: orderRows.map((o) => ({
      id: `o${String(o.id)}`,
      reference: String(o.reference),
      item: String(o.item_name),
      amountNaira: (Number(o.amount_kobo) / 100).toFixed(2),
      status: String(o.status),
      at: new Date(o.created_at as string).toISOString(),
      name: String(o.name),
      email: String(o.email),
      phone: String(o.phone),
    })),
    subscriber: subscriber[0]
      ? {
          email: String(subscriber[0].email),
          subscribedAt: new Date(subscriber[0].subscribed_at as string).toISOString(),
          unsubscribedAt: subscriber[0].unsubscribed_at
            ? new Date(subscriber[0].unsubscribed_at as string).toISOString()
            : undefined,
        }
      : undefined,
    waiting: waiting.map((w) => ({
      id: Number(w.id),
      submission: `s${String(w.submission_id)}`,
      destination: DESTINATION_WORDS[String(w.destination)] ?? String(w.destination),
      status: String(w.status),
    })),
    audit: mentions.map((a) => ({
      at: new Date(a.at).toISOString(),
      who: a.editor,
      action: a.action,
      record: a.detail.split(" ")[0]!,
    })),
  };
}

/** An audit row naming the records of a person (their ids only). */
export async function auditPerson(db: Db, reader: Access, record: PersonRecord, action: string) {
  const ids = [...record.submissions.map((s) => s.id), ...record.orders.map((o) => o.id)];
  await auditRow(db, reader, action, ids.join(" ") || "no records");
}

/**
 * Erases one address or number, in one transaction: submissions and their deliveries (a delivery
 * not yet sent is thereby cancelled) and idempotency keys, the newsletter subscriber; orders stay
 * without name, e-mail and phone (docs/decisions/007). The audit row holds a salted hash.
 */
export async function erasePerson(
  db: Db,
  query: string,
  reader: Access,
): Promise<PersonErasure | undefined> {
  const m = personMatch(query);
  if (!m.valid) return undefined;
  const salt = await erasureSalt(db);
  const counts = await db.transaction(async (tx) => {
    const ids = rowsOf<{ id: number | string }>(
      await tx.execute(sql`select s.id from submissions s where ${m.submissions}`),
    ).map((r) => Number(r.id));
    const orderIds = rowsOf<{ id: number | string }>(
      await tx.execute(sql`select o.id from orders o where ${m.orders}`),
    ).map((r) => Number(r.id));
    let deliveries = 0;
    let cancelled = 0;
    let keys = 0;
    if (ids.length) {
      const d = rowsOf<{ status: string }>(
        await tx.execute(
          sql`delete from deliveries where submission_id in (${idList(ids)}) returning status`,
        ),
      );
      deliveries = d.length;
      cancelled = d.filter((x) => ["pending", "sending", "held"].includes(x.status)).length;
      keys += rowsOf(
        await tx.execute(
          sql`delete from idempotency_keys where submission_id in (${idList(ids)}) returning key`,
        ),
      ).length;
      await tx.execute(sql`delete from submissions where id in (${idList(ids)})`);
    }
    if (orderIds.length) {
      keys += rowsOf(
        await tx.execute(
          sql`delete from idempotency_keys where order_id in (${idList(orderIds)}) returning key`,
        ),
      ).length;
      // Financial records (docs/decisions/007): amount, date, reference and status stay.
      await tx.execute(
        sql`update orders set name = '', email = '', phone = '' where id in (${idList(orderIds)})`,
      );
    }
    const subscribers = rowsOf(
      await tx.execute(sql`delete from subscribers where ${m.subscribers} returning id`),
    ).length;
    return {
      submissions: ids.length,
      deliveries,
      cancelled,
      subscribers,
      orders: orderIds.length,
      keys,
    };
  });
  const hash = createHash("sha256").update(`${salt}:${m.value}`).digest("hex").slice(0, 32);
  await auditRow(
    db,
    reader,
    "erase",
    `address ${hash}: ${counts.submissions} submissions, ${counts.deliveries} deliveries ` +
      `(${counts.cancelled} not yet sent), ${counts.subscribers} subscriber, ${counts.orders} ` +
      `orders anonymised, ${counts.keys} idempotency keys`,
  );
  return counts;
}
