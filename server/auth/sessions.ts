import { and, desc, eq, gt, isNull, lt, notInArray, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { editorSessions } from "../db/schema";
import { hashToken, newToken } from "./tokens";

/** A session ends after 8 hours without a request… */
export const SESSION_IDLE_MS = 8 * 60 * 60_000;
/** …and 30 days after sign-in at most. */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60_000;
/**
 * A recovery session (an e-mailed link of an editor who has a passkey, docs/decisions/031) ends
 * this soon after it began, whatever is done in it.
 */
export const RECOVERY_SESSION_MS = 15 * 60_000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/** Ended sessions are deleted this long after their absolute end. */
const ENDED_SESSION_KEPT_MS = 24 * 60 * 60_000;

/** How a session began: docs/decisions/031. */
export type SessionKind = "link" | "passkey" | "recovery";

export interface SessionRow {
  email: string;
  kind: SessionKind;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Editors' sessions in editor_sessions; the row's id is the SHA-256 of the cookie's token. */
export function createSessionStore(db: Db, now: () => Date = () => new Date()) {
  return {
    /** A new session for `email`; returns the cookie's token and when the session ends at most. */
    async start(
      email: string,
      device?: string,
      kind: SessionKind = "link",
    ): Promise<{ token: string; expiresAt: Date }> {
      const at = now();
      const token = newToken();
      const expiresAt = new Date(
        at.getTime() + (kind === "recovery" ? RECOVERY_SESSION_MS : SESSION_MAX_MS),
      );
      await db.insert(editorSessions).values({
        idHash: hashToken(token),
        email,
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
        device: device ?? null,
        kind,
      });
      const spent = new Date(at.getTime() - ENDED_SESSION_KEPT_MS);
      await db
        .delete(editorSessions)
        .where(or(lt(editorSessions.expiresAt, spent), lt(editorSessions.revokedAt, spent)));
      return { token, expiresAt };
    },

    /** The live session of this token, or undefined (unknown, signed out, idle or too old). */
    async find(token: string): Promise<SessionRow | undefined> {
      const at = now();
      const idHash = hashToken(token);
      const [row] = await db
        .select()
        .from(editorSessions)
        .where(
          and(
            eq(editorSessions.idHash, idHash),
            isNull(editorSessions.revokedAt),
            gt(editorSessions.expiresAt, at),
            gt(editorSessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
          ),
        );
      if (!row) return undefined;
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(editorSessions)
          .set({ lastSeenAt: at })
          .where(eq(editorSessions.idHash, idHash));
      }
      return {
        email: row.email,
        kind: row.kind as SessionKind,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        expiresAt: row.expiresAt,
      };
    },

    /**
     * Whether this token is a session of `email` that was not signed out (it may have ended by
     * the idle or absolute limit): the browser the editor uses. One query whatever the token.
     */
    async heldBy(token: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ email: editorSessions.email })
        .from(editorSessions)
        .where(
          and(
            eq(editorSessions.idHash, hashToken(token)),
            eq(editorSessions.email, email),
            isNull(editorSessions.revokedAt),
          ),
        );
      return row !== undefined;
    },

    /**
     * Ends for good every live session of an address not in `listed` (issue 29, L2): taken off
     * EDITOR_EMAILS, its sessions must not come back when it is listed again.
     */
    async endUnlisted(listed: readonly string[]): Promise<number> {
      const rows = await db
        .update(editorSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            isNull(editorSessions.revokedAt),
            listed.length > 0 ? notInArray(editorSessions.email, [...listed]) : undefined,
          ),
        )
        .returning({ email: editorSessions.email });
      return rows.length;
    },

    /** The live sessions of `email`, most recently seen first: the editor's signed-in devices. */
    async live(email: string) {
      const at = now();
      return db
        .select({
          idHash: editorSessions.idHash,
          device: editorSessions.device,
          createdAt: editorSessions.createdAt,
          lastSeenAt: editorSessions.lastSeenAt,
        })
        .from(editorSessions)
        .where(
          and(
            eq(editorSessions.email, email),
            isNull(editorSessions.revokedAt),
            gt(editorSessions.expiresAt, at),
            gt(editorSessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
          ),
        )
        .orderBy(desc(editorSessions.lastSeenAt));
    },

    /** Ends sessions of `email`: the one whose id hash is `idHash`, or all of them. */
    async endFor(email: string, idHash?: string): Promise<number> {
      const rows = await db
        .update(editorSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(editorSessions.email, email),
            isNull(editorSessions.revokedAt),
            idHash === undefined ? undefined : eq(editorSessions.idHash, idHash),
          ),
        )
        .returning({ email: editorSessions.email });
      return rows.length;
    },

    /** Ends the session of this token; returns its address when it was live until now. */
    async end(token: string): Promise<string | undefined> {
      const [row] = await db
        .update(editorSessions)
        .set({ revokedAt: now() })
        .where(and(eq(editorSessions.idHash, hashToken(token)), isNull(editorSessions.revokedAt)))
        .returning({ email: editorSessions.email });
      return row?.email;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
