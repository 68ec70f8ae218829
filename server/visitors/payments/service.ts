import type {
  CheckoutResult,
  OrderSummary,
  PaymentCheck,
  PaymentsService,
} from "../../../app/lib/services/payments";
import { type CheckoutContent, findCheckoutItem } from "../../../app/lib/checkout-items";
import { nairaToKobo } from "../../../app/lib/money";
import type { Db } from "../../db/client";
import { describeDatabaseError } from "../../db/errors";
import type { PaystackClient, VerifyResult } from "../../integrations/paystack";
import type { Logger } from "../../operations/logger";
import type { Destination, Outbox } from "../../integrations/deliveries/outbox";
import type { RateLimiter } from "../../http/rate-limit";
import {
  RepeatedPost,
  type StoredKey,
  claimKey,
  findKey,
  idempotencyHash,
  saveAnswer,
  validKey,
} from "../idempotency";
import { orders } from "../../db/schema";
import { eq } from "drizzle-orm";
import {
  type OnPaid,
  type Order,
  createOrder,
  findOrder,
  markFailed,
  markChecked,
  markPaid,
  newReference,
  ordersToCheck,
  REFERENCE_PATTERN,
} from "./orders";

export interface PaymentsDeps {
  db: Db;
  siteUrl: string;
  /** the published content: what an item costs is read from it at the moment of paying */
  content: () => CheckoutContent;
  paystack: PaystackClient;
  outbox: Outbox;
  rateLimit: RateLimiter;
  logger: Logger;
  /** where a newly-paid order's e-mails go, given the mail configuration */
  destinations: Destination[];
  /** counts thank-you page checks per address; unset, they are not limited */
  checkRateLimit?: RateLimiter;
  /** books a session's held time when its order is paid (server/bookings/pay.ts) */
  onPaid?: OnPaid;
  /** where a session order's booking stands, for the thank-you page */
  sessionOf?: (order: OrderSummary) => Promise<OrderSummary["session"]>;
  /** for tests: the clock of the verify cache */
  now?: () => number;
}

/** How long Paystack's answer about an unfinished payment is reused for the thank-you page. */
export const VERIFY_CACHE_MS = 30_000;
/** Bound on remembered answers, so a flood of references cannot grow memory without limit. */
const VERIFY_CACHE_ENTRIES = 5_000;

/** Orders older than this are left to the dashboard: Paystack's own retries are long over. */
export const RECONCILE_WINDOW_MS = 48 * 60 * 60_000;

/** Paystack's transaction statuses that are still on their way to success or failure. */
const IN_PROGRESS = new Set(["ongoing", "pending", "processing", "queued"]);

/**
 * Checkout with Paystack: store the order, hand the visitor to Paystack, and believe a payment
 * only when Paystack itself confirms it (verify, or a signed webhook) for the order's exact amount
 * in naira. Logs name orders by id only, never the payer.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, logger, paystack } = deps;
  const now = deps.now ?? Date.now;
  const verifyCache = new Map<string, { until: number; result: VerifyResult }>();

  /**
   * Paystack's verify for the thank-you page, remembered per reference for 30 s, so a visitor
   * reloading does not call Paystack each time. A paid result is kept for good by the order
   * itself: once it is `paid`, Paystack is not asked again.
   */
  async function verifyCached(reference: string): Promise<VerifyResult> {
    const hit = verifyCache.get(reference);
    if (hit && hit.until > now()) return hit.result;
    const result = await paystack.verify(reference);
    verifyCache.delete(reference);
    if (verifyCache.size >= VERIFY_CACHE_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest.
      verifyCache.delete(verifyCache.keys().next().value!);
    }
    verifyCache.set(reference, { until: now() + VERIFY_CACHE_MS, result });
    return result;
  }

  /** The order's summary, with its session's state when it is the payment of a booking. */
  async function withSession(summary: OrderSummary): Promise<OrderSummary> {
    const session = await deps.sessionOf?.(summary);
    return session ? { ...summary, session } : summary;
  }

  /** Marks the order paid if Paystack's figures match; queues the e-mails the first time. */
  async function recordSuccess(
    order: Order,
    paid: { amountKobo: number; currency: string },
    via: "verify" | "webhook" | "reconcile",
  ): Promise<"paid" | "mismatch"> {
    if (paid.amountKobo !== order.amountKobo || paid.currency !== order.currency) {
      await markFailed(db, order.reference, "Paystack amount or currency did not match");
      logger.warn({ order: order.id, via }, "payment amount or currency did not match the order");
      return "mismatch";
    }
    const result = await markPaid(
      db,
      { reference: order.reference, amountKobo: paid.amountKobo, currency: paid.currency },
      deps.destinations,
      new Date(),
      deps.onPaid,
    );
    if (result.changed) {
      logger.info({ order: order.id, via }, "order paid");
      deps.outbox.wake();
    }
    return "paid";
  }

  /** A confirmed charge (signed webhook or reconciliation), recorded as the webhook always has. */
  async function recordCharge(
    charge: {
      reference: string;
      amountKobo: number;
      currency: string;
    },
    via: "webhook" | "reconcile" = "webhook",
  ): Promise<"paid" | "mismatch" | "unknown"> {
    const order = await findOrder(db, charge.reference);
    if (!order) {
      logger.warn({ via }, "charge for an unknown payment reference");
      return "unknown";
    }
    if (order.status === "paid") return "paid";
    return recordSuccess(order, charge, via);
  }

  /**
   * A checkout sent again with the same key: its Paystack page when the first got one. Otherwise
   * the first failed or is still waiting on Paystack, and a second initialize is never made.
   */
  async function repeatOutcome(seen: StoredKey): Promise<CheckoutResult> {
    const [order] = seen.orderId
      ? await db.select().from(orders).where(eq(orders.id, seen.orderId))
      : [];
    logger.info({ order: order?.id }, "repeated checkout answered from its first");
    if (seen.answer?.url && order?.status !== "failed") {
      return { status: "redirect", url: seen.answer.url };
    }
    return { status: "failed" };
  }

  const service: PaymentsService = {
    async start(itemId, input, meta): Promise<CheckoutResult> {
      const item = findCheckoutItem(deps.content(), itemId);
      if (!item) return { status: "unknown-item" };
      const keyHash = validKey(meta.idempotencyKey)
        ? idempotencyHash("checkout", meta.idempotencyKey, { item: item.id, ...input })
        : undefined;
      let order: Order;
      try {
        // A repeat of a started checkout goes back to the same Paystack page: one order, one
        // initialize per key.
        const seen = keyHash ? await findKey(db, keyHash) : undefined;
        if (seen) return repeatOutcome(seen);
        const limit = await deps.rateLimit("checkout", meta.ip);
        if (!limit.allowed) {
          logger.warn({ form: "checkout" }, "form rate limited");
          return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
        }
        const values = {
          reference: newReference(),
          itemId: item.id,
          itemName: item.name,
          amountKobo: nairaToKobo(item.price),
          ...input,
        };
        order = keyHash
          ? await db.transaction(async (tx) => {
              const [created] = await tx.insert(orders).values(values).returning();
              await claimKey(tx, { key: keyHash, kind: "checkout", orderId: created!.id });
              return created!;
            })
          : await createOrder(db, values);
      } catch (error) {
        if (error instanceof RepeatedPost && keyHash) {
          const seen = await findKey(db, keyHash).catch(() => undefined);
          if (seen) return repeatOutcome(seen);
        }
        logger.error({ err: describeDatabaseError(error) }, "could not store order");
        return { status: "unavailable" };
      }
      const started = await paystack.initialize({
        email: order.email,
        amountKobo: order.amountKobo,
        reference: order.reference,
        callbackUrl: `${deps.siteUrl}/thank-you?ref=${encodeURIComponent(order.reference)}`,
        metadata: { item_id: item.id, item_name: item.name, order_id: String(order.id) },
      });
      if (!started.ok) {
        await markFailed(db, order.reference, started.error).catch(() => false);
        logger.warn({ order: order.id, error: started.error }, "payment could not be started");
        return { status: "failed" };
      }
      if (keyHash) {
        await saveAnswer(db, keyHash, { url: started.authorizationUrl }).catch((error) =>
          logger.error({ order: order.id, err: (error as Error).message }, "answer not kept"),
        );
      }
      logger.info({ order: order.id, item: item.id }, "payment started");
      return { status: "redirect", url: started.authorizationUrl };
    },

    async check(reference, ip): Promise<PaymentCheck> {
      // Only references we could have issued are counted (anything else costs no lookup).
      if (deps.checkRateLimit && ip !== undefined && REFERENCE_PATTERN.test(reference)) {
        const limit = await deps.checkRateLimit("thank-you", ip);
        if (!limit.allowed) {
          logger.warn({ page: "thank-you" }, "page rate limited");
          return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
        }
      }
      const order = await findOrder(db, reference);
      if (!order) return { status: "unknown" };
      const summary = await withSession(summarise(order));
      // Paid is final and was confirmed by Paystack when it was recorded.
      if (order.status === "paid") return { status: "paid", order: summary };
      const verified = await verifyCached(order.reference);
      if (!verified.ok) {
        if (verified.notFound) return { status: "failed", order: summary };
        logger.warn({ order: order.id, error: verified.error }, "payment could not be verified");
        return { status: "unavailable", order: summary };
      }
      if (verified.reference !== order.reference) return { status: "mismatch", order: summary };
      if (verified.status === "success") {
        const outcome = await recordSuccess(order, verified, "verify");
        if (outcome === "mismatch") return { status: "mismatch", order: summary };
        const paidOrder = await findOrder(db, order.reference);
        return { status: "paid", order: await withSession(summarise(paidOrder ?? order)) };
      }
      if (verified.status === "abandoned") return { status: "abandoned", order: summary };
      if (IN_PROGRESS.has(verified.status)) return { status: "pending", order: summary };
      await markFailed(db, order.reference, `Paystack status: ${verified.status}`);
      return { status: "failed", order: summary };
    },
  };

  return {
    service,
    /**
     * A signed `charge.success` webhook. Answers whether it was understood; an unknown
     * reference is acknowledged (Paystack would otherwise retry for days) and logged.
     */
    recordCharge,

    /**
     * The safety net for a payment taken while the visitor closed the tab and the webhook never
     * came: asks Paystack about the unpaid (`pending` or `failed`) orders younger than 48 h, least
     * recently checked first (ordersToCheck says how many), and records a confirmed one exactly
     * as the webhook would (same code path, so the e-mails are queued once). `signal` stops the
     * sweep between orders and aborts the request under way.
     */
    async reconcile(
      options: { now?: Date; dueBefore?: Date; signal?: AbortSignal } = {},
    ): Promise<{ checked: number; paid: number }> {
      const { signal } = options;
      const now = options.now ?? new Date();
      const due = await ordersToCheck(db, {
        since: new Date(now.getTime() - RECONCILE_WINDOW_MS),
        dueBefore: options.dueBefore,
      });
      let checked = 0;
      let paid = 0;
      for (const order of due) {
        if (signal?.aborted) break;
        const verified = await paystack.verify(order.reference, signal);
        if (signal?.aborted) break;
        // Asked and answered (even "not found"): the next sweeps start with the others. One
        // Paystack could not answer stays at the front.
        if (verified.ok || verified.notFound) await markChecked(db, order.id, new Date());
        checked += 1;
        if (!verified.ok || verified.status !== "success") continue;
        if (verified.reference !== order.reference) continue;
        // A failed order whose payment does not match was failed for that reason: say it once.
        const matches =
          verified.amountKobo === order.amountKobo && verified.currency === order.currency;
        if (!matches && order.status === "failed") continue;
        const outcome = await recordCharge(
          {
            reference: order.reference,
            amountKobo: verified.amountKobo,
            currency: verified.currency,
          },
          "reconcile",
        );
        if (outcome === "paid") paid += 1;
      }
      return { checked, paid };
    },
  };
}

export type Payments = ReturnType<typeof createPaymentsService>;

function summarise(order: Order): OrderSummary {
  return {
    reference: order.reference,
    itemId: order.itemId,
    itemName: order.itemName,
    amountKobo: order.amountKobo,
    paidAt: order.paidAt?.toISOString(),
  };
}
