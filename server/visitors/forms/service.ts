import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FormResult, FormsService, SubmitMeta } from "../../../app/lib/services/forms";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { describeDatabaseError } from "../../db/errors";
import { deliveries, submissions, subscribers } from "../../db/schema";
import { RepeatedPost, type StoredKey, findKey } from "../idempotency";
import { type SubmissionKind, type Tx, admitPost, insertSubmission, postKeyHash } from "../intake";
import type { Logger } from "../../operations/logger";
import type { Destination, Outbox } from "../../integrations/deliveries/outbox";
import type { RateLimiter } from "../../http/rate-limit";

/** Tokens this service issues are base64url; anything else (a NUL, say) is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** A serial id Postgres can compare without an out-of-range error. */
function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}

/** How long a visitor waits for HubSpot's answer before being told the message is received. */
export const IN_REQUEST_WAIT_MS = 3_000;

export interface FormsDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  rateLimit: RateLimiter;
  logger: Logger;
  /** which destinations each kind of form is delivered to, given the configuration */
  destinations: Record<"contact" | "newsletter" | "booking", Destination[]>;
  /**
   * true when mail to the practice inbox works, so a message HubSpot refuses still reaches the
   * team (its own notification, or the fallback e-mail); what the visitor is told depends on it
   */
  inboxCarries?: boolean;
}

export function createFormsService(deps: FormsDeps): FormsService {
  const { db, outbox, logger } = deps;

  /**
   * Writes the submission and one outbox row per destination in one transaction. Under a flood
   * the rows are "held": stored, but sent only when the operator releases them
   * (docs/decisions/019), so the CRM and the inbox are not flooded.
   */
  async function store(
    kind: SubmissionKind,
    payload: Record<string, string>,
    keyHash: string | undefined,
    alsoInTransaction: ((tx: Tx) => Promise<void>) | undefined,
    held: boolean,
  ) {
    return db.transaction(async (tx) => {
      await alsoInTransaction?.(tx);
      return insertSubmission(tx, {
        kind,
        payload,
        keyHash,
        destinations: deps.destinations[kind],
        held,
      });
    });
  }

  /**
   * The common path of every form: rate limit, store, then try HubSpot within the request so a
   * rejection can be shown; everything else is left to the worker.
   */
  async function submit(
    kind: SubmissionKind,
    payload: Record<string, string>,
    meta: SubmitMeta,
    alsoInTransaction?: (tx: Tx) => Promise<void>,
    /** stored with the payload but not part of what the visitor sent */
    extra: Record<string, string> = {},
  ): Promise<FormResult & { repeatOf?: Record<string, string> }> {
    let stored: Awaited<ReturnType<typeof store>>;
    let held = false;
    const keyHash = postKeyHash(kind, meta, payload);
    try {
      // A repeat of a stored post is answered as the first one was, and costs no rate limit.
      const admission = await admitPost(deps, kind, meta, keyHash);
      if (admission.status === "repeat") return await repeatOutcome(admission.seen);
      if (admission.status === "rate-limited") return admission;
      held = admission.held;
      stored = await store(
        kind,
        { ...payload, ...extra, pageUri: meta.pageUri, pageName: meta.pageName },
        keyHash,
        alsoInTransaction,
        held,
      );
    } catch (error) {
      if (error instanceof RepeatedPost && keyHash) {
        const seen = await findKey(db, keyHash).catch(() => undefined);
        if (seen) return repeatOutcome(seen);
      }
      logger.error({ form: kind, err: describeDatabaseError(error) }, "could not store submission");
      return { status: "unavailable" };
    }
    if (held) {
      // Held rows wait for the operator: no attempt now, and the visitor is told it is saved.
      logger.warn(
        { form: kind, submission: stored.id },
        "submission stored, delivery held (flood)",
      );
      return { status: "ok", id: stored.id, deferred: stored.deliveries.length > 0 };
    }
    logger.info({ form: kind, submission: stored.id }, "submission stored");

    const crm = stored.deliveries.find((d) => d.destination === "hubspot");
    let deferred = false;
    if (crm) {
      try {
        const result = await outbox.attemptNow(crm.id, IN_REQUEST_WAIT_MS);
        if (result !== "pending" && result.outcome === "rejected") {
          outbox.wake();
          return { status: "rejected", id: stored.id, reachesTeam: reachesTeam(stored.deliveries) };
        }
        deferred = result === "pending" || result.outcome === "retry";
      } catch (error) {
        logger.error(
          { submission: stored.id, err: describeDatabaseError(error) },
          "first attempt failed",
        );
        deferred = true;
      }
    }
    outbox.wake();
    return { status: "ok", id: stored.id, deferred };
  }

  /** Whether the practice's inbox gets this submission although HubSpot refused it. */
  function reachesTeam(rows: { destination: Destination }[]): boolean {
    return Boolean(deps.inboxCarries) || rows.some((r) => r.destination === "email");
  }

  async function hasUnsubscribed(email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(
        and(
          sql`lower(${subscribers.email}) = lower(${email})`,
          isNotNull(subscribers.unsubscribedAt),
        ),
      );
    return row !== undefined;
  }

  /** What the first post with this key was told, read back from what it stored. */
  async function repeatOutcome(
    seen: StoredKey,
  ): Promise<FormResult & { repeatOf?: Record<string, string> }> {
    const id = seen.submissionId;
    if (id == null) return { status: "unavailable" };
    const [first] = await db.select().from(submissions).where(eq(submissions.id, id));
    const [crm] = await db
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(and(eq(deliveries.submissionId, id), eq(deliveries.destination, "hubspot")));
    logger.info({ form: seen.kind, submission: id }, "repeated post answered from its first");
    if (crm?.status === "rejected") {
      const rows = await db
        .select({ destination: deliveries.destination })
        .from(deliveries)
        .where(eq(deliveries.submissionId, id));
      return { status: "rejected", id, reachesTeam: reachesTeam(rows), repeatOf: first?.payload };
    }
    return {
      status: "ok",
      id,
      deferred: !!crm && crm.status !== "delivered",
      repeatOf: first?.payload,
    };
  }

  return {
    contact: async (input, meta) => {
      const { repeatOf: _, ...result } = await submit("contact", { ...input }, meta);
      return result;
    },

    async booking(input, meta) {
      const token = randomBytes(18).toString("base64url");
      // The token is not content: it is made anew per request, so it stays out of the key's hash.
      const { repeatOf, ...result } = await submit("booking", { ...input }, meta, undefined, {
        token,
        booked: "no",
      });
      if (result.status !== "ok") return result;
      return { ...result, token: repeatOf?.token ?? token };
    },

    async markBooked(id, token) {
      // Whatever was posted: only an id and token we could have issued reach the database.
      if (!isRowId(id) || !TOKEN_PATTERN.test(token)) return false;
      const updated = await db
        .update(submissions)
        .set({
          status: "booked",
          payload: sql`jsonb_set(${submissions.payload}, '{booked}', '"yes"')`,
        })
        .where(
          and(
            eq(submissions.id, id),
            eq(submissions.kind, "booking"),
            sql`${submissions.payload}->>'token' = ${token}`,
          ),
        )
        .returning({ id: submissions.id });
      if (updated.length) logger.info({ submission: id }, "booking confirmed by the provider");
      return updated.length > 0;
    },

    async newsletter(input, meta) {
      const email = input.email;
      // An address that unsubscribed stays unsubscribed: the site sends no confirmation e-mail,
      // so a sign-up cannot prove it comes from the owner, and anyone could otherwise undo their
      // choice. The answer is the same as for a new address, so it reveals nothing; the CRM is not
      // told, so it cannot re-subscribe them either. They can write to the practice to rejoin.
      try {
        if (await hasUnsubscribed(email)) {
          const limit = await deps.rateLimit("newsletter", meta.ip);
          if (!limit.allowed) {
            return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
          }
          logger.info({ form: "newsletter" }, "sign-up of an unsubscribed address not stored");
          return { status: "ok", id: 0, deferred: false };
        }
      } catch (error) {
        logger.error(
          { form: "newsletter", err: describeDatabaseError(error) },
          "could not store submission",
        );
        return { status: "unavailable" };
      }
      const { repeatOf: _, ...result } = await submit("newsletter", { email }, meta, async (tx) => {
        const token = randomBytes(24).toString("base64url");
        await tx.execute(sql`
          insert into subscribers (email, token) values (${email}, ${token})
          on conflict (lower(email)) do nothing`);
      });
      return result;
    },

    async subscription(token) {
      if (!TOKEN_PATTERN.test(token)) return "unknown";
      const [row] = await db
        .select({ unsubscribedAt: subscribers.unsubscribedAt })
        .from(subscribers)
        .where(eq(subscribers.token, token));
      if (!row) return "unknown";
      return row.unsubscribedAt ? "unsubscribed" : "subscribed";
    },

    async unsubscribe(token) {
      if (!TOKEN_PATTERN.test(token)) return false;
      const updated = await db
        .update(subscribers)
        .set({ unsubscribedAt: new Date() })
        .where(eq(subscribers.token, token))
        .returning({ id: subscribers.id });
      return updated.length > 0;
    },
  };
}
