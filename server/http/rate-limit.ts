import { isIPv4, isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export const RATE_WINDOW_MS = 10 * 60_000;
/** The window in which a form's posts from everyone together are counted to detect a flood. */
export const FLOOD_WINDOW_MS = 60 * 60_000;
/** Rows older than the longest window are spent. */
export const RATE_ROWS_SPENT_MS = FLOOD_WINDOW_MS;
/**
 * A network (IPv4 /24, IPv6 /48) may send this many times one address's allowance: with the
 * default FORM_RATE_LIMIT of 5, 20 posts per form per 10 minutes, more than the practice's whole
 * day of real messages, so neighbours behind one carrier's NAT pool or in one /48 are not turned
 * away, while one owner of a /48 (65,536 /64s) or a /24 gets no more than four addresses' worth
 * (docs/decisions/019).
 */
export const PREFIX_ALLOWANCE = 4;

/** Allowed, and whether the form is in a flood (its deliveries are then held for review). */
type Verdict = { allowed: true; flood: boolean } | { allowed: false; retryAfterSeconds: number };

/** The eight 16-bit groups of an IPv6 address, as numbers; undefined when it is not one. */
function ipv6Groups(ip: string): number[] | undefined {
  const bare = ip.split("%")[0]!.toLowerCase();
  if (!isIPv6(bare)) return undefined;
  const [head = "", tail = ""] = bare.split("::");
  const parse = (part: string) => {
    if (!part) return [];
    const words = part.split(":");
    const last = words.at(-1)!;
    // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
    if (last.includes(".")) {
      const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
      return [...words.slice(0, -1).map((w) => parseInt(w, 16)), (a << 8) | b, (c << 8) | d];
    }
    return words.map((w) => parseInt(w, 16));
  };
  const left = parse(head);
  const right = bare.includes("::") ? parse(tail) : [];
  return bare.includes("::")
    ? [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
    : left;
}

/** An IPv4-mapped IPv6 address as its IPv4 address; anything else unchanged. */
function unmapped(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped && isIPv4(mapped[1]!) ? mapped[1]! : ip;
}

const ipv6Prefix = (groups: number[], bits: 48 | 64) =>
  `${groups
    .slice(0, bits / 16)
    .map((g) => g.toString(16))
    .join(":")}::/${bits}`;

/**
 * The key an address is counted under. An IPv6 client usually holds a whole /64 and can rotate
 * addresses inside it at will, so IPv6 is counted per /64; an IPv4-mapped IPv6 address counts as
 * its IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = unmapped(ip);
  const groups = ipv6Groups(address);
  return groups ? ipv6Prefix(groups, 64) : address;
}

/**
 * The network an address belongs to: IPv4 by its /24, IPv6 by its /48, the usual size of one
 * customer's or one site's allocation. Undefined for anything that is not an address.
 */
export function prefixKey(ip: string): string | undefined {
  const address = unmapped(ip);
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  const groups = ipv6Groups(address);
  return groups ? ipv6Prefix(groups, 48) : undefined;
}

/**
 * Counts one hit under `key` in a fixed window of `windowMs` (one atomic upsert in rate_limits);
 * returns the count in the current window and when it ends. Also used by the editors' sign-in
 * links (server/auth/links.ts), which count per address and per network in their own window.
 */
export async function countInWindow(db: Db, key: string, windowMs: number, at: Date) {
  const windowFloor = new Date(at.getTime() - windowMs).toISOString();
  const result = (await db.execute(sql`
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
  const windowEnds = new Date(row.window_start).getTime() + windowMs;
  return {
    count: Number(row.count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)),
  };
}

/**
 * Fixed-window counters in the database, so every process sharing one Postgres counts together.
 * One atomic upsert per counter: a new window starts when the old one is over. A network that
 * has spent its allowance is refused on a read alone, so a refused post writes nothing.
 *
 * Each form allows `limit` posts per address and `PREFIX_ALLOWANCE` times that per network per 10
 * minutes; past either the post is refused (429). Posts from everyone together are never refused
 * (docs/decisions/019): past `floodThreshold` per form per hour the verdict says `flood`, and the
 * caller stores the post but holds its deliveries for the operator to review.
 */
export function createRateLimiter(options: {
  db: Db;
  limit: number;
  /** posts per form per hour from everyone together above which it is a flood; unset: never */
  floodThreshold?: number;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());

  const count = (key: string, windowMs: number, at: Date) =>
    countInWindow(options.db, key, windowMs, at);

  /** The count under `key` in its current window, without counting anything. */
  async function peek(key: string, windowMs: number, at: Date) {
    const windowFloor = new Date(at.getTime() - windowMs).toISOString();
    const result = (await options.db.execute(sql`
      select count, window_start from rate_limits
       where key = ${key} and window_start > ${windowFloor}::timestamptz`)) as unknown as {
      rows: { count: number; window_start: string | Date }[];
    };
    const row = result.rows[0];
    if (!row) return undefined;
    const windowEnds = new Date(row.window_start).getTime() + windowMs;
    return {
      count: Number(row.count),
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)),
    };
  }

  const networkLimit = options.limit * PREFIX_ALLOWANCE;

  return async function hit(form: string, ip: string): Promise<Verdict> {
    const at = now();
    const prefix = prefixKey(ip);
    const networkKey = prefix === undefined ? undefined : `${form}:${prefix}`;
    // A network that has spent its allowance is refused before anything is written: otherwise
    // each new address it sends from (65,536 /64s in one /48) would leave a row of its own.
    if (networkKey !== undefined) {
      const spent = await peek(networkKey, RATE_WINDOW_MS, at);
      if (spent && spent.count >= networkLimit) {
        return { allowed: false, retryAfterSeconds: spent.retryAfterSeconds };
      }
    }
    // An address over its own allowance stops here, so it spends none of its neighbours'.
    const own = await count(`${form}:${addressKey(ip)}`, RATE_WINDOW_MS, at);
    if (own.count > options.limit)
      return { allowed: false, retryAfterSeconds: own.retryAfterSeconds };
    if (networkKey !== undefined) {
      // Counted as well, for posts that raced past the check above.
      const network = await count(networkKey, RATE_WINDOW_MS, at);
      if (network.count > networkLimit) {
        return { allowed: false, retryAfterSeconds: network.retryAfterSeconds };
      }
    }
    if (options.floodThreshold === undefined) return { allowed: true, flood: false };
    const everyone = await count(`${form}:*`, FLOOD_WINDOW_MS, at);
    return { allowed: true, flood: everyone.count > options.floodThreshold };
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
