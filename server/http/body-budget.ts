/**
 * How much of the posted forms the process holds at once (issue 41, ASVS 15.2.2). form-body.ts
 * bounds one post; this bounds them together. 200 parallel 1 MB posts from one signed-in editor,
 * each within every limit, were all read at once and the 128 MB heap (bin/serve) died.
 *
 * Each post counts as its Content-Length (at least `minBytes`: its page's work costs memory too)
 * from before its body is read until its answer is sent. Posts are counted in all (`totalBytes`)
 * and per sender (one editor, or one visitor's address). A post that does not fit waits, its body
 * unread in the kernel's buffers, for `waitMs` at most, in arrival order; past that, or when too
 * many already wait, it is answered 503 with Retry-After and none of it is read.
 */

export interface BodyBudgetLimits {
  /** every post being read or answered, together */
  totalBytes: number;
  /** the least one post counts as, however short */
  minBytes: number;
  /** posts waiting, in all */
  maxWaiting: number;
  /** posts of one sender waiting */
  maxWaitingPerKey: number;
  /** the longest a post waits before it is answered 503 */
  waitMs: number;
}

/** What the site holds: a signed-in editor's largest post (12 MB) fits with room for visitors. */
export const BODY_BUDGET_LIMITS: BodyBudgetLimits = {
  totalBytes: 16 * 1024 * 1024,
  minBytes: 256 * 1024,
  maxWaiting: 256,
  maxWaitingPerKey: 16,
  waitMs: 20_000,
};

interface Waiter {
  key: string;
  bytes: number;
  perKeyBytes: number;
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
}

export interface BodyBudget {
  /**
   * Resolves with the function that gives the bytes back once the post may be read, or with
   * undefined when it may not (the site is full and it waited long enough, or too many wait).
   * `signal` ends the wait of a sender who went away.
   */
  acquire(
    key: string,
    bytes: number,
    perKeyBytes: number,
    signal?: AbortSignal,
  ): Promise<(() => void) | undefined>;
  /** bytes counted now, in all and for one sender; posts waiting */
  usage(key?: string): { bytes: number; keyBytes: number; waiting: number };
}

export function createBodyBudget(limits: BodyBudgetLimits = BODY_BUDGET_LIMITS): BodyBudget {
  let used = 0;
  const byKey = new Map<string, number>();
  const queue: Waiter[] = [];

  const fits = (key: string, bytes: number, perKeyBytes: number) =>
    used + bytes <= limits.totalBytes && (byKey.get(key) ?? 0) + bytes <= perKeyBytes;

  const take = (key: string, bytes: number) => {
    used += bytes;
    byKey.set(key, (byKey.get(key) ?? 0) + bytes);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      used -= bytes;
      const left = (byKey.get(key) ?? 0) - bytes;
      if (left > 0) byKey.set(key, left);
      else byKey.delete(key);
      admit();
    };
  };

  /**
   * Lets in the waiting posts that fit, oldest first. One that does not fit in all stops the
   * rest (so a large post is not passed by small ones for ever); one held only by its own
   * sender's share lets the others by.
   */
  const admit = () => {
    for (let i = 0; i < queue.length;) {
      const waiter = queue[i]!;
      if (fits(waiter.key, waiter.bytes, waiter.perKeyBytes)) {
        queue.splice(i, 1);
        clearTimeout(waiter.timer);
        waiter.grant(take(waiter.key, waiter.bytes));
        continue;
      }
      if (used + waiter.bytes > limits.totalBytes) return;
      i++;
    }
  };

  return {
    acquire(key, requested, perKeyBytes, signal) {
      const perKey = Math.min(perKeyBytes, limits.totalBytes);
      const bytes = Math.min(Math.max(requested, limits.minBytes), perKey);
      if (queue.length === 0 && fits(key, bytes, perKey)) {
        return Promise.resolve(take(key, bytes));
      }
      const waitingForKey = queue.filter((w) => w.key === key).length;
      if (queue.length >= limits.maxWaiting || waitingForKey >= limits.maxWaitingPerKey) {
        return Promise.resolve(undefined);
      }
      return new Promise((resolve) => {
        const leave = () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          clearTimeout(waiter.timer);
          signal?.removeEventListener("abort", leave);
          resolve(undefined);
          // The one that left may have held back smaller ones behind it.
          admit();
        };
        const waiter: Waiter = {
          key,
          bytes,
          perKeyBytes: perKey,
          grant: (release) => {
            signal?.removeEventListener("abort", leave);
            resolve(release);
          },
          timer: setTimeout(() => leave(), limits.waitMs),
        };
        queue.push(waiter);
        signal?.addEventListener("abort", leave, { once: true });
        // Those ahead may be waiting only for their own sender's share: then this one goes in.
        admit();
      });
    },
    usage(key) {
      return {
        bytes: used,
        keyBytes: key === undefined ? 0 : (byKey.get(key) ?? 0),
        waiting: queue.length,
      };
    },
  };
}
