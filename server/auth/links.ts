import { isIPv4 } from "node:net";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { editorLinks } from "../db/schema";
import { PREFIX_ALLOWANCE, addressKey, countInWindow, prefixKey } from "../rate-limit";
import { hashToken, newToken } from "./tokens";

/** A sign-in link works once, for 10 minutes (ASVS 5 6.5.5). */
export const LINK_TTL_MS = 10 * 60_000;
/** Link requests are counted per address and per network in windows of this length. */
export const LINK_RATE_WINDOW_MS = 15 * 60_000;
/**
 * The browser binding of a link printed by `npm run editor-link`: whoever runs it already holds
 * the server's shell, and no browser asked. Such a link still works once, for 10 minutes.
 */
export const ANY_BROWSER = "*";
/** Spent links are deleted this long after they expired. */
const SPENT_LINK_KEPT_MS = 24 * 60 * 60_000;

export type LinkLookup =
  | { status: "valid"; email: string }
  | { status: "other-browser"; email: string }
  | { status: "invalid" };

/**
 * The network a request came from, for counting link requests: IPv4 by its /24, IPv6 by its /64
 * (one customer's usual allocation, which it can rotate addresses inside at will).
 */
export function networkKey(ip: string): string {
  const v4 = prefixKey(ip);
  return v4 !== undefined && isIPv4(v4.split("/")[0]!) ? v4 : addressKey(ip);
}

/** Sign-in links in editor_links: only their token's hash and their browser's hash are kept. */
export function createLinkStore(db: Db, now: () => Date = () => new Date()) {
  return {
    /** A new link's token for `email`, bound to the browser whose binding hashes to `browserHash`. */
    async issue(email: string, browserHash: string, ttlMs = LINK_TTL_MS): Promise<string> {
      const at = now();
      const token = newToken();
      await db.insert(editorLinks).values({
        tokenHash: hashToken(token),
        email,
        browserHash,
        createdAt: at,
        expiresAt: new Date(at.getTime() + ttlMs),
      });
      await db
        .delete(editorLinks)
        .where(lt(editorLinks.expiresAt, new Date(at.getTime() - SPENT_LINK_KEPT_MS)));
      return token;
    },

    /** What a link is for the browser whose binding hashes to `browserHash`, changing nothing. */
    async lookup(token: string, browserHash: string | undefined): Promise<LinkLookup> {
      const [row] = await db
        .select()
        .from(editorLinks)
        .where(eq(editorLinks.tokenHash, hashToken(token)));
      if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now().getTime())
        return { status: "invalid" };
      if (row.browserHash !== ANY_BROWSER && row.browserHash !== browserHash)
        return { status: "other-browser", email: row.email };
      return { status: "valid", email: row.email };
    },

    /**
     * Uses the link up, in one statement, so two posts of the same link never both succeed;
     * returns its address, or undefined when it was not valid for this browser.
     */
    async use(token: string, browserHash: string | undefined): Promise<string | undefined> {
      const at = now();
      const [row] = await db
        .update(editorLinks)
        .set({ usedAt: at })
        .where(
          and(
            eq(editorLinks.tokenHash, hashToken(token)),
            isNull(editorLinks.usedAt),
            gt(editorLinks.expiresAt, at),
          ),
        )
        .returning({ email: editorLinks.email, browserHash: editorLinks.browserHash });
      if (!row) return undefined;
      if (row.browserHash !== ANY_BROWSER && row.browserHash !== browserHash) {
        // Checked by lookup() just before; a link can only get here if it changed in between.
        return undefined;
      }
      return row.email;
    },
  };
}

export type LinkStore = ReturnType<typeof createLinkStore>;

/**
 * Counts one link request; returns how long to wait when the address (`limit` per 15 minutes)
 * or its network (`PREFIX_ALLOWANCE` times that) asked too often. The address is counted by its
 * hash, so the rate_limits table holds no e-mail address.
 */
export async function countLinkRequest(
  db: Db,
  options: { email: string; ip: string; limit: number; at: Date },
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const own = await countInWindow(
    db,
    `editor-link:${hashToken(options.email)}`,
    LINK_RATE_WINDOW_MS,
    options.at,
  );
  if (own.count > options.limit)
    return { allowed: false, retryAfterSeconds: own.retryAfterSeconds };
  const network = await countInWindow(
    db,
    `editor-link:${networkKey(options.ip)}`,
    LINK_RATE_WINDOW_MS,
    options.at,
  );
  if (network.count > options.limit * PREFIX_ALLOWANCE)
    return { allowed: false, retryAfterSeconds: network.retryAfterSeconds };
  return { allowed: true };
}
