import { createHash, randomBytes } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { siteSecrets } from "../db/schema";
import { idList, phoneSql, rowsOf } from "./rows";

/**
 * Erasing a person, and the record of it that outlives a restore (issue 41, docs/inbox.md).
 *
 * A backup made before an erasure still holds the person, and restoring it would bring them back.
 * So every erasure is also written to a list kept beside the backups (`erasures.jsonl` in
 * BACKUP_DIR, which a backup's pruning never touches): one line per erasure, with the salted
 * SHA-256 of each address and number, never the address or number itself. A restore reads that
 * list and erases again whatever a hash names (server/operations/backup/restore-backup.ts).
 */

export const ERASURE_LIST = "erasures.jsonl";

/** One line of the list. The salt goes with the hashes so that a restore into a new database,
 * made before the first erasure, can still compare them. */
export interface ErasureLine {
  at: string;
  salt: string;
  hashes: string[];
}

/** The hash of an address (lower case) or a number (digits, +234 as 0) under a salt. */
export const erasureHash = (salt: string, value: string) =>
  createHash("sha256").update(`${salt}:${value}`).digest("hex").slice(0, 32);

function hashSql(salt: string, value: SQL): SQL {
  return sql`left(encode(sha256(convert_to(${salt} || ':' || ${value}, 'UTF8')), 'hex'), 32)`;
}

/** Made once and kept in `site_secrets`: the same address erased twice gives the same hash. */
export async function erasureSalt(db: Db): Promise<string> {
  await db
    .insert(siteSecrets)
    .values({ name: "erasure-salt", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`select value from site_secrets where name = 'erasure-salt'`),
  );
  return rows[0]!.value;
}

/** Which rows of each table an erasure takes: conditions on `s`, `o` and the subscribers. */
export interface ErasureMatch {
  submissions: SQL;
  orders: SQL;
  subscribers: SQL;
}

export interface ErasureCounts {
  submissions: number;
  deliveries: number;
  cancelled: number;
  subscribers: number;
  orders: number;
  keys: number;
  /** booked sessions (appointments), erased with the submission that holds the person's details */
  appointments: number;
}

/**
 * Erases, inside the caller's transaction: submissions with their deliveries (a delivery not yet
 * sent is thereby cancelled), idempotency keys and booked sessions (appointments: the foreign key
 * would cascade, but they are counted), the newsletter subscribers; orders stay without name,
 * e-mail and phone (docs/decisions/007). A counsellor's settings, time off and busy times are the
 * practice's, not a visitor's: an erasure leaves them.
 */
export async function eraseMatching(tx: Db, m: ErasureMatch): Promise<ErasureCounts> {
  const ids = rowsOf<{ id: number | string }>(
    await tx.execute(sql`select s.id from submissions s where ${m.submissions}`),
  ).map((r) => Number(r.id));
  const orderIds = rowsOf<{ id: number | string }>(
    await tx.execute(sql`select o.id from orders o where ${m.orders}`),
  ).map((r) => Number(r.id));
  let deliveries = 0;
  let cancelled = 0;
  let keys = 0;
  let appointments = 0;
  if (ids.length) {
    appointments = rowsOf(
      await tx.execute(
        sql`delete from appointments where submission_id in (${idList(ids)}) returning id`,
      ),
    ).length;
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
    appointments,
  };
}

/** Adds an erasure to the list beside the backups. */
export async function recordErasure(file: string, salt: string, values: string[]) {
  const line: ErasureLine = {
    at: new Date().toISOString(),
    salt,
    hashes: values.map((v) => erasureHash(salt, v)),
  };
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, JSON.stringify(line) + "\n", { mode: 0o600 });
}

/** The list's lines; none when there is no list yet. A damaged line is an error, not skipped. */
export async function readErasures(file: string): Promise<ErasureLine[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, i) => {
      const parsed = JSON.parse(line) as Partial<ErasureLine>;
      if (typeof parsed.salt !== "string" || !Array.isArray(parsed.hashes))
        throw new Error(`line ${i + 1} of the list of erasures is not one`);
      return parsed as ErasureLine;
    });
}

/**
 * Erases again, inside the restore's transaction, every record whose address or number one of
 * the list's hashes names: the hashes are compared in SQL, so no address leaves the database.
 */
export async function reapplyErasures(tx: Db, lines: ErasureLine[]): Promise<ErasureCounts> {
  const total: ErasureCounts = {
    submissions: 0,
    deliveries: 0,
    cancelled: 0,
    subscribers: 0,
    orders: 0,
    keys: 0,
    appointments: 0,
  };
  const bySalt = new Map<string, Set<string>>();
  for (const line of lines) {
    const set = bySalt.get(line.salt) ?? new Set<string>();
    for (const h of line.hashes) set.add(h);
    bySalt.set(line.salt, set);
  }
  for (const [salt, set] of bySalt) {
    const hashes = idList([...set]);
    const named = (email: SQL, phone: SQL) =>
      sql`(${hashSql(salt, sql`lower(${email})`)} in (${hashes}) or
           (${phoneSql(phone)} <> '' and ${hashSql(salt, phoneSql(phone))} in (${hashes})))`;
    const counts = await eraseMatching(tx, {
      submissions: named(sql`s.payload->>'email'`, sql`s.payload->>'phone'`),
      orders: named(sql`o.email`, sql`o.phone`),
      subscribers: sql`${hashSql(salt, sql`lower(email)`)} in (${hashes})`,
    });
    for (const key of Object.keys(total) as (keyof ErasureCounts)[]) total[key] += counts[key];
  }
  return total;
}
