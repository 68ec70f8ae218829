import { isIPv4 } from "node:net";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { editorLinks } from "../db/schema";
import { PREFIX_ALLOWANCE, addressKey, countInWindow, prefixKey } from "../http/rate-limit";
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
      return this.write(email, browserHash, ttlMs, false);
    },

    /**
     * The same statements as `issue`, for an address that gets no link, so the answer takes as
     * long for every address (ASVS 5 6.3.8): the row is born used up and holds no address.
     */
    async issueNothing(browserHash: string): Promise<void> {
      await this.write("", browserHash, LINK_TTL_MS, true);
    },

    async write(email: string, browserHash: string, ttlMs: number, spent: boolean) {
      const at = now();
      const token = newToken();
      await db.insert(editorLinks).values({
        tokenHash: hashToken(token),
        email,
        browserHash,
        createdAt: at,
        expiresAt: new Date(at.getTime() + ttlMs),
        usedAt: spent ? at : null,
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
 * Mails one address may receive per hour from browsers it has no session in (see below), as a
 * multiple of FORM_RATE_LIMIT: 10 with the default 5.
 */
export const LINK_MAILS_PER_LIMIT = 2;
const HOUR_MS = 60 * 60_000;

export type LinkVerdict =
  /** `mailRetryAfterSeconds`: no mail now, and when one may go again (for any address alike) */
  | { allowed: true; mailAllowed: boolean; mailRetryAfterSeconds?: number }
  | { allowed: false; reason: "network" | "browser"; retryAfterSeconds: number };

/**
 * Counts one link request (docs/decisions/027, "Sign-in"), in an order that lets no stranger spend
 * an editor's allowance:
 *
 * 1. per network (IPv4 /24, IPv6 /64): `PREFIX_ALLOWANCE` × `limit` per 15 minutes, whatever the
 *    address, so one network cannot ask for many;
 * 2. per address *in one browser* (its binding cookie): `limit` per 15 minutes. A stranger never
 *    holds the editor's binding, so they cannot use up the editor's own allowance;
 * 3. mails per address: 2 × `limit` per hour, so strangers cannot fill an inbox. Past it
 *    the answer stays the same and no mail goes, except to a browser that holds a session of this
 *    address (live or ended by the idle limit): the editor's own browser always gets its link.
 *
 * The address is counted by its hash, so the rate_limits table holds no e-mail address. Every
 * address, listed or not, costs the same statements.
 */
export async function countLinkRequest(
  db: Db,
  options: {
    email: string;
    browserHash: string;
    ip: string;
    limit: number;
    at: Date;
    /** whether this browser holds a session of this address; asked for every request */
    knownBrowser: () => Promise<boolean>;
  },
): Promise<LinkVerdict> {
  const network = await countInWindow(
    db,
    `editor-link:${networkKey(options.ip)}`,
    LINK_RATE_WINDOW_MS,
    options.at,
  );
  if (network.count > options.limit * PREFIX_ALLOWANCE)
    return { allowed: false, reason: "network", retryAfterSeconds: network.retryAfterSeconds };
  const address = hashToken(options.email);
  const own = await countInWindow(
    db,
    `editor-link:${address}:${options.browserHash}`,
    LINK_RATE_WINDOW_MS,
    options.at,
  );
  if (own.count > options.limit)
    return { allowed: false, reason: "browser", retryAfterSeconds: own.retryAfterSeconds };
  const mails = await countInWindow(db, `editor-mail:${address}`, HOUR_MS, options.at);
  const known = await options.knownBrowser();
  const mailAllowed = known || mails.count <= options.limit * LINK_MAILS_PER_LIMIT;
  return mailAllowed
    ? { allowed: true, mailAllowed }
    : { allowed: true, mailAllowed, mailRetryAfterSeconds: mails.retryAfterSeconds };
}
