import { isIPv4, isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import type { Db } from "./db/client";

export const RATE_WINDOW_MS = 10 * 60_000;
/** The window of the site-wide cap per form. */
export const SITE_WINDOW_MS = 60 * 60_000;
/** Rows older than the longest window are spent. */
export const RATE_ROWS_SPENT_MS = SITE_WINDOW_MS;

type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The key an address is counted under. An IPv6 client usually holds a whole /64 and can rotate
 * addresses inside it at will, so IPv6 is counted per /64; an IPv4-mapped IPv6 address counts as
 * its IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("%")[0]!.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) is in the last 64 bits, which the key drops anyway.
  const missing = 8 - left.length - right.length;
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, missing)).fill("0")] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g === "" ? "0" : g.replace(/^0+(?=.)/, "")))
    .join(":")}::/64`;
}

/**
 * Fixed-window counters in the database, so every process sharing one Postgres counts together.
 * One atomic upsert per check: a new window starts when the old one is over. Each form allows
 * `limit` per address per 10 minutes and, when `siteLimit` is set, that many from everyone
 * together per hour, so one sender rotating addresses cannot fill the disk or the inbox.
 */
export function createRateLimiter(options: {
  db: Db;
  limit: number;
  siteLimit?: number;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());

  async function count(key: string, limit: number, windowMs: number, at: Date): Promise<Verdict> {
    const windowFloor = new Date(at.getTime() - windowMs).toISOString();
    const result = (await options.db.execute(sql`
      insert into rate_limits (key, window_start, count)
      values (${key}, ${at.toISOString()}::timestamptz, 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= ${windowFloor}::timestamptz then 1
                     else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= ${windowFloor}::timestamptz
                            then excluded.window_start else rate_limits.window_start end
      returning count, window_start`)) as unknown as {
      rows: { count: number; window_start: string | Date }[];
    };
    const row = result.rows[0]!;
    if (row.count <= limit) return { allowed: true };
    const windowEnds = new Date(row.window_start).getTime() + windowMs;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)),
    };
  }

  return async function hit(form: string, ip: string): Promise<Verdict> {
    const at = now();
    const own = await count(`${form}:${addressKey(ip)}`, options.limit, RATE_WINDOW_MS, at);
    if (!own.allowed || options.siteLimit === undefined) return own;
    return count(`${form}:*`, options.siteLimit, SITE_WINDOW_MS, at);
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
