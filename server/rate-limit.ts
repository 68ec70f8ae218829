import { sql } from "drizzle-orm";
import type { Db } from "./db/client";

export const RATE_WINDOW_MS = 10 * 60_000;

/**
 * Fixed-window counters in the database, so every process sharing one Postgres counts together.
 * One atomic upsert per submission: a new window starts when the old one is over.
 */
export function createRateLimiter(options: { db: Db; limit: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async function hit(
    form: string,
    ip: string,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const at = now();
    const windowFloor = new Date(at.getTime() - RATE_WINDOW_MS).toISOString();
    const key = `${form}:${ip}`;
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
    if (row.count <= options.limit) return { allowed: true };
    const windowEnds = new Date(row.window_start).getTime() + RATE_WINDOW_MS;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)),
    };
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
