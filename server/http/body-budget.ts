/**
 * How many bytes of posted forms the process holds at once (issue 41, item 2). Each post is
 * within its own limits (form-body.ts), but two hundred 1 MB posts sent together by one
 * signed-in editor were all read at once, and the heap ran out. So before a body is read, its
 * Content-Length is reserved here, and given back when its answer has gone:
 * - in total, at most `totalBytes` are held;
 * - one signed-in address (an editor or a reader: `owner`) holds at most `perOwnerBytes`, so one
 *   account cannot take the whole budget from the others;
 * - a post that does not fit waits its turn, first come first served, for up to `waitMs`, then
 *   gets a 503 with Retry-After. Its body is not read while it waits: TCP holds the sender back.
 * A visitor's post (at most 80 KiB) counts toward the total only: many clients in Nigeria share
 * one address behind their carrier, and a public flood is also met by the rate limits.
 */
export interface BodyBudgetOptions {
  totalBytes: number;
  perOwnerBytes: number;
  waitMs: number;
}

/** The site's budget: room for two of the largest editor posts (12 MB) and many small ones. */
export const BODY_BUDGET: BodyBudgetOptions = {
  totalBytes: 32 * 1024 * 1024,
  perOwnerBytes: 16 * 1024 * 1024,
  waitMs: 15_000,
};

/** Gives the reservation back; calling it twice gives back once. */
export type Release = () => void;

interface Waiter {
  owner: string | undefined;
  bytes: number;
  grant: (release: Release) => void;
}

export function createBodyBudget(options: BodyBudgetOptions) {
  let used = 0;
  const byOwner = new Map<string, number>();
  const queue: Waiter[] = [];

  const fits = (owner: string | undefined, bytes: number) =>
    used + bytes <= options.totalBytes &&
    (owner === undefined || (byOwner.get(owner) ?? 0) + bytes <= options.perOwnerBytes);

  function take(owner: string | undefined, bytes: number): Release {
    used += bytes;
    if (owner !== undefined) byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytes);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      used -= bytes;
      if (owner !== undefined) {
        const left = byOwner.get(owner)! - bytes;
        if (left > 0) byOwner.set(owner, left);
        else byOwner.delete(owner);
      }
      serveQueue();
    };
  }

  /** Grants waiting posts in order; one that does not fit yet lets later ones of others pass. */
  function serveQueue() {
    const blocked = new Set<string | undefined>();
    for (let i = 0; i < queue.length;) {
      const waiter = queue[i]!;
      // An owner's posts keep their order among themselves.
      if (!blocked.has(waiter.owner) && fits(waiter.owner, waiter.bytes)) {
        queue.splice(i, 1);
        waiter.grant(take(waiter.owner, waiter.bytes));
      } else {
        blocked.add(waiter.owner);
        i++;
      }
    }
  }

  return {
    /**
     * Reserves `bytes` (capped at what one owner may hold, so a single post always fits an empty
     * budget) for `owner`; resolves with the release, or with undefined when `waitMs` passed or
     * `abandoned` fired first (the sender went away).
     */
    reserve(
      owner: string | undefined,
      bytes: number,
      abandoned?: (give: () => void) => void,
    ): Promise<Release | undefined> {
      const size = Math.max(1, Math.min(bytes, options.perOwnerBytes, options.totalBytes));
      // A visitor's post queues behind anyone waiting; a signed-in one behind its own address's.
      const waitingBefore =
        owner === undefined ? queue.length > 0 : queue.some((w) => w.owner === owner);
      if (!waitingBefore && fits(owner, size)) return Promise.resolve(take(owner, size));
      return new Promise((resolve) => {
        const waiter: Waiter = {
          owner,
          bytes: size,
          grant: (release) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const leave = () => {
          const at = queue.indexOf(waiter);
          if (at === -1) return;
          queue.splice(at, 1);
          clearTimeout(timer);
          resolve(undefined);
          serveQueue();
        };
        const timer = setTimeout(leave, options.waitMs);
        abandoned?.(leave);
        queue.push(waiter);
      });
    },
    /** bytes held now, and posts waiting: for tests and /status */
    state: () => ({ used, waiting: queue.length }),
  };
}

export type BodyBudget = ReturnType<typeof createBodyBudget>;
