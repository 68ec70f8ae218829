import { type SQL, and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { describeDatabaseError } from "../../db/errors";
import { type DeliveryFamily, deliveries, destinationFamily, submissions } from "../../db/schema";
import type { DeliveryResult } from "../delivery-result";
import { type HeldChoice, heldChoiceCondition } from "./delivery-queue";
import type { Logger } from "../../operations/logger";

/**
 * The durable delivery queue (DESIGN.md "Data that the server keeps"). Each submission has one
 * `deliveries` row per destination, written in the same transaction as the submission. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and a lease, so several processes on one Postgres never
 * send the same row at once, and a row left "sending" by a crash is picked up after its lease.
 *
 * Delivery is at-least-once toward HubSpot and SMTP: a process that dies (or stalls past its
 * lease) after the other side accepted a message but before recording it leaves the row to be
 * sent again. Neither HubSpot's Forms API nor SMTP can tell us a message was already received, so
 * a rare duplicate is the price of never losing one.
 */

/**
 * hubspot: the CRM; email: the practice's inbox; receipt: the client's own inbox (payments);
 * email-fallback: the practice's inbox again, for a lead HubSpot refused or gave up on;
 * booking-visitor, booking-practice, booking-reminder: a booking's e-mails (server/bookings/mails/)
 */
export type Destination = (typeof deliveries.$inferSelect)["destination"];
export type { DeliveryFamily };

export interface OutboxItem {
  deliveryId: number;
  destination: Destination;
  attempts: number;
  /** when this row was queued (or queued again by `npm run deliveries -- --retry`) */
  queuedAt?: Date;
  submission: {
    id: number;
    kind: (typeof submissions.$inferSelect)["kind"];
    payload: Record<string, string>;
    createdAt: Date;
  };
  /** what this one message needs beyond its submission (schema.ts, deliveries.detail) */
  detail?: Record<string, string> | null;
}

export type DeliveryHandler = (item: OutboxItem) => Promise<DeliveryResult>;

export const FIRST_RETRY_MS = 4_000;
export const MAX_RETRY_MS = 30 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const LEASE_MS = 2 * 60_000;

/** Wait before attempt n+1 after n failed attempts: 4 s, 8 s, 16 s … capped at 30 minutes. */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
  // Jitter downwards only, so the first retry always comes within 5 seconds.
  return Math.round(base * (0.75 + 0.25 * random()));
}

export interface OutboxOptions {
  db: Db;
  /** by destination family: "booking-reminder" sends every "booking-reminder:…" row */
  handlers: Partial<Record<DeliveryFamily, DeliveryHandler>>;
  logger: Logger;
  now?: () => Date;
  random?: () => number;
  leaseMs?: number;
  /**
   * Where a row goes next when its own destination refuses it or gives up: for HubSpot, the
   * practice inbox ("email-fallback"), so the lead still reaches a person. The fallback row is
   * written in the same transaction as the failure.
   */
  fallbacks?: Partial<Record<Destination, Destination>>;
  /**
   * For a destination with a fallback, the destination that already tells the same person of
   * the same submission (HubSpot's: the practice's usual e-mail). Not yet sent when the first
   * fails, that row becomes the fallback, so one e-mail says both things; and it waits for the
   * first's first answer (up to FIRST_ANSWER_WAIT_MS) so it is not sent just before a refusal.
   */
  mergeWith?: Partial<Record<Destination, Destination>>;
}

/** How long a merged row waits for the first answer of the destination it may merge with. */
export const FIRST_ANSWER_WAIT_MS = 60_000;

export function createOutbox(options: OutboxOptions) {
  const { db, handlers, logger } = options;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = true;
  const inFlight = new Set<Promise<unknown>>();

  /**
   * The time every lease and schedule is reckoned in: the database's clock, shared by every
   * instance, so a process whose own clock is off can neither steal a lease early nor hold one
   * too long. Tests pass `now` to move time by hand.
   */
  const clock = (): SQL =>
    options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`;
  /** The database's time when each item was claimed, for the give-up rule. */
  const claimedAt = new WeakMap<OutboxItem, Date>();
  /**
   * Destinations that asked us to wait (429 or 503 with Retry-After), until when in this
   * process's clock: the wait is theirs, not one row's, so no row of theirs is tried meanwhile,
   * not even a new one within a visitor's request.
   */
  const pausedUntil = new Map<Destination, number>();
  const localNow = () => (options.now ? options.now().getTime() : Date.now());
  const pausedDestinations = (): Destination[] => {
    const now = localNow();
    for (const [destination, until] of pausedUntil) {
      if (until <= now) pausedUntil.delete(destination);
    }
    return [...pausedUntil.keys()];
  };

  /** Claims due rows (or one given row) for this process. */
  async function claim(limit: number, onlyId?: number): Promise<OutboxItem[]> {
    const at = clock();
    const paused = pausedDestinations();
    const notPaused = paused.length ? sql` and destination not in ${paused}` : sql``;
    const waits = Object.entries(options.mergeWith ?? {}).map(
      ([first, merged]) => sql` and not (
        destination = ${merged}
        and created_at > ${at} - ${FIRST_ANSWER_WAIT_MS}::int * interval '1 millisecond'
        and exists (
          select 1 from deliveries first
           where first.submission_id = deliveries.submission_id and first.destination = ${first}
             and ((first.status = 'pending' and first.attempts = 0)
                  or (first.status = 'sending' and first.attempts = 1))))`,
    );
    const due = onlyId
      ? sql`id = ${onlyId} and status = 'pending'${notPaused}`
      : sql`((status = 'pending' and next_attempt_at <= ${at})
            or (status = 'sending' and lease_until < ${at}))${notPaused}${sql.join(waits)}`;
    const claimed = (await db.execute(sql`
      update deliveries
         set status = 'sending', attempts = attempts + 1,
             lease_until = ${at} + ${Math.round(leaseMs)}::int * interval '1 millisecond'
       where id in (
         select id from deliveries where ${due}
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
      returning id, ${at} as claimed_at`)) as unknown as {
      rows: { id: number | string; claimed_at: string | Date }[];
    };
    if (claimed.rows.length === 0) return [];
    const ids = claimed.rows.map((r) => Number(r.id));
    const when = new Date(claimed.rows[0]!.claimed_at);
    const rows = await db
      .select({
        deliveryId: deliveries.id,
        destination: deliveries.destination,
        attempts: deliveries.attempts,
        submissionId: submissions.id,
        kind: submissions.kind,
        payload: submissions.payload,
        createdAt: submissions.createdAt,
        queuedAt: deliveries.createdAt,
        detail: deliveries.detail,
      })
      .from(deliveries)
      .innerJoin(submissions, eq(submissions.id, deliveries.submissionId))
      .where(sql`${deliveries.id} in ${ids}`);
    return rows.map((r) => {
      const item: OutboxItem = {
        deliveryId: r.deliveryId,
        destination: r.destination,
        attempts: r.attempts,
        queuedAt: r.queuedAt,
        submission: {
          id: r.submissionId,
          kind: r.kind,
          payload: r.payload,
          createdAt: r.createdAt,
        },
        detail: r.detail,
      };
      claimedAt.set(item, when);
      return item;
    });
  }

  /**
   * Records an attempt's result, only if the row is still this attempt's: a worker that stalled
   * past its lease finds the row claimed again (attempts moved on) and changes nothing.
   */
  async function record(item: OutboxItem, result: DeliveryResult) {
    const at = clock();
    const where = and(
      eq(deliveries.id, item.deliveryId),
      eq(deliveries.status, "sending"),
      eq(deliveries.attempts, item.attempts),
    );
    const log = {
      delivery: item.deliveryId,
      submission: item.submission.id,
      destination: item.destination,
      attempts: item.attempts,
    };
    if (result.outcome === "delivered") {
      await db
        .update(deliveries)
        .set({
          status: "delivered",
          deliveredAt: at,
          leaseUntil: null,
          lastError: null,
          detail: null,
        })
        .where(where);
      logger.info(log, "delivered");
      return;
    }
    if (result.outcome === "skipped") {
      await db
        .update(deliveries)
        .set({ status: "skipped", leaseUntil: null, lastError: result.reason, detail: null })
        .where(where);
      logger.info({ ...log, reason: result.reason }, "delivery not needed");
      return;
    }
    if (result.outcome === "rejected") {
      const fallback = await fail(item, "rejected", result.error, where);
      logger.warn({ ...log, fallback }, "delivery rejected");
      return;
    }
    const claimed = claimedAt.get(item) ?? new Date();
    // Reckoned from when the row was queued, not from the submission: a fallback queued when
    // HubSpot gave up, or a row put back by hand, gets its own 24 hours.
    const queued = item.queuedAt ?? item.submission.createdAt;
    if (claimed.getTime() - queued.getTime() >= GIVE_UP_AFTER_MS) {
      const fallback = await fail(item, "dead", result.error, where);
      logger.error({ ...log, fallback }, "delivery given up after 24 hours");
      return;
    }
    const wait = Math.max(retryDelayMs(item.attempts, options.random), result.retryAfterMs ?? 0);
    await db
      .update(deliveries)
      .set({
        status: "pending",
        leaseUntil: null,
        lastError: result.error,
        nextAttemptAt: sql`${at} + ${Math.round(wait)}::int * interval '1 millisecond'`,
      })
      .where(where);
    logger.warn({ ...log, retryInMs: wait, error: result.error }, "delivery will be retried");
    if (result.retryAfterMs) await backOff(item.destination, result.retryAfterMs);
  }

  /**
   * The destination said how long to wait: every row of it waits, here and in every process on
   * the database (their rows' next attempt moves), and this process tries no new one meanwhile.
   */
  async function backOff(destination: Destination, ms: number) {
    const until = localNow() + ms;
    if ((pausedUntil.get(destination) ?? 0) < until) pausedUntil.set(destination, until);
    const resume = sql`${clock()} + ${Math.round(ms)}::int * interval '1 millisecond'`;
    const moved = await db
      .update(deliveries)
      .set({ nextAttemptAt: resume })
      .where(
        and(
          eq(deliveries.destination, destination),
          eq(deliveries.status, "pending"),
          sql`${deliveries.nextAttemptAt} < ${resume}`,
        ),
      )
      .returning({ id: deliveries.id });
    logger.warn(
      { destination, waitMs: ms, rowsMoved: moved.length },
      "destination asked to wait: backing off",
    );
  }

  /**
   * Marks a row refused for good or given up, and queues its fallback destination (if any) for
   * the same submission. Returns the fallback queued, for the log.
   */
  async function fail(
    item: OutboxItem,
    status: "rejected" | "dead",
    error: string,
    where: SQL | undefined,
  ): Promise<Destination | undefined> {
    const next = options.fallbacks?.[item.destination];
    const queued = await db.transaction(async (tx) => {
      const updated = await tx
        .update(deliveries)
        .set({ status, leaseUntil: null, lastError: error, detail: null })
        .where(where)
        .returning({ id: deliveries.id });
      if (!next || updated.length === 0) return false;
      const merged = options.mergeWith?.[item.destination];
      if (merged) {
        // The usual e-mail has not gone yet: it becomes the fallback (the lead under a note that
        // it is not in HubSpot), instead of a second e-mail about the same lead.
        const taken = await tx
          .update(deliveries)
          .set({ destination: next })
          .where(
            and(
              eq(deliveries.submissionId, item.submission.id),
              eq(deliveries.destination, merged),
              eq(deliveries.status, "pending"),
              sql`not exists (select 1 from deliveries f
                               where f.submission_id = ${item.submission.id}
                                 and f.destination = ${next})`,
            ),
          )
          .returning({ id: deliveries.id });
        if (taken.length > 0) return true;
      }
      // A retried row that fails again finds its fallback already there (one per destination).
      const added = await tx
        .insert(deliveries)
        .values({
          submissionId: item.submission.id,
          destination: next,
          nextAttemptAt: clock(),
          createdAt: clock(),
        })
        .onConflictDoNothing()
        .returning({ id: deliveries.id });
      return added.length > 0;
    });
    if (!queued) return undefined;
    wakeUp();
    return next;
  }

  async function deliver(item: OutboxItem): Promise<DeliveryResult> {
    const handler = handlers[destinationFamily(item.destination)];
    let result: DeliveryResult;
    if (!handler) {
      result = { outcome: "retry", error: `no ${item.destination} handler configured` };
    } else {
      try {
        result = await handler(item);
      } catch (error) {
        result = { outcome: "retry", error: `handler failed: ${(error as Error).message}` };
      }
    }
    await record(item, result);
    return result;
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  /** Delivers what is due now; returns how many rows were worked. */
  async function runOnce(limit = 10): Promise<number> {
    const items = await claim(limit);
    await Promise.all(items.map((item) => track(deliver(item))));
    return items.length;
  }

  async function tick() {
    if (running || stopped) return;
    running = true;
    try {
      while (!stopped && (await runOnce()) > 0);
    } catch (error) {
      logger.error({ err: describeDatabaseError(error) }, "outbox run failed");
    } finally {
      running = false;
      if (!stopped) timer = setTimeout(tick, 1000);
    }
  }

  function wakeUp() {
    if (stopped || running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, 0);
  }

  return {
    /**
     * Tries one row right away (inside a visitor's request). Resolves with the result, or with
     * "pending" when it takes longer than `waitMs`; the attempt then finishes in the background.
     */
    async attemptNow(deliveryId: number, waitMs: number): Promise<DeliveryResult | "pending"> {
      const [item] = await claim(1, deliveryId);
      if (!item) return "pending";
      const attempt = track(deliver(item));
      let timeout: ReturnType<typeof setTimeout> | undefined;
      const result = await Promise.race([
        attempt,
        new Promise<"pending">(
          (resolve) => (timeout = setTimeout(() => resolve("pending"), waitMs)),
        ),
      ]);
      clearTimeout(timeout);
      return result;
    },
    runOnce,
    start() {
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    /** Wake the worker now (after new rows were written). */
    wake: wakeUp,
    /** Stops the loop and waits for attempts under way. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * Releases the deliveries held during a flood (all, or those `choice` names) (docs/decisions/019): back to "pending", due now,
 * its 24 hours before giving up counted from now. The operator runs it once they have looked at
 * what came in; returns how many rows were released. Running processes pick them up within a
 * second (their worker polls).
 */
export async function releaseHeld(db: Db, choice?: HeldChoice): Promise<number> {
  const released = await db
    .update(deliveries)
    // Due now, unless it is due later: a booking's reminder keeps its hour before the session.
    .set({
      status: "pending",
      nextAttemptAt: sql`greatest(now(), ${deliveries.nextAttemptAt})`,
      createdAt: sql`greatest(now(), ${deliveries.createdAt})`,
      attempts: 0,
    })
    .where(and(eq(deliveries.status, "held"), heldChoiceCondition(choice)))
    .returning({ id: deliveries.id });
  return released.length;
}
