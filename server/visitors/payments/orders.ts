import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Tx } from "../intake";
import { deliveries, orders, submissions } from "../../db/schema";
import type { Destination } from "../../integrations/deliveries/outbox";

/**
 * The order's states and the only ways between them. "paid" is final; a "failed" order can still
 * become paid when Paystack later confirms the money (a visitor may retry on Paystack's page).
 */

export type Order = typeof orders.$inferSelect;

/** 96 random bits: a reference nobody can guess, in the characters Paystack accepts. */
export function newReference(): string {
  return `KH-${randomBytes(12).toString("hex").toUpperCase()}`;
}

/** References we could have issued; anything else is not looked up. */
export const REFERENCE_PATTERN = /^KH-[0-9A-F]{24}$/;

export async function createOrder(
  db: Db,
  input: Pick<
    Order,
    "reference" | "itemId" | "itemName" | "amountKobo" | "name" | "email" | "phone"
  >,
): Promise<Order> {
  const [order] = await db
    .insert(orders)
    .values({ ...input, currency: "NGN" })
    .returning();
  return order!;
}

export async function findOrder(db: Db, reference: string): Promise<Order | undefined> {
  if (!REFERENCE_PATTERN.test(reference)) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.reference, reference));
  return order;
}

/** Marks an unpaid order failed, with a reason free of personal data. A paid order stays paid. */
export async function markFailed(db: Db, reference: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ status: "failed", failureReason: reason.slice(0, 200) })
    .where(and(eq(orders.reference, reference), ne(orders.status, "paid")))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/**
 * Marks an order paid when Paystack's amount and currency are exactly the order's. In the same
 * transaction it queues the notifications (one "payment" submission with an outbox row per
 * destination), so they are queued exactly once however often this is called: the conditional
 * update lets only the first caller through, and concurrent callers wait on its row lock.
 */
/**
 * Runs inside markPaid's transaction when an order has just become paid, before its payment
 * submission is written: a session's hold is booked here (server/bookings/pay.ts). What it returns
 * is added to the payment's submission, for its e-mails.
 */
export type OnPaid = (tx: Tx, order: Order) => Promise<Record<string, string> | undefined>;

export async function markPaid(
  db: Db,
  paid: { reference: string; amountKobo: number; currency: string },
  destinations: Destination[],
  now = new Date(),
  onPaid?: OnPaid,
): Promise<{ changed: boolean; order?: Order; submissionId?: number }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: "paid", paidAt: now, failureReason: null })
      .where(
        and(
          eq(orders.reference, paid.reference),
          ne(orders.status, "paid"),
          eq(orders.amountKobo, paid.amountKobo),
          eq(orders.currency, paid.currency),
        ),
      )
      .returning();
    if (!order) return { changed: false };
    const extra = (await onPaid?.(tx, order)) ?? {};
    const [submission] = await tx
      .insert(submissions)
      .values({ kind: "payment", payload: { ...paymentPayload(order), ...extra }, status: "paid" })
      .returning({ id: submissions.id });
    if (destinations.length) {
      await tx
        .insert(deliveries)
        .values(destinations.map((destination) => ({ submissionId: submission!.id, destination })));
    }
    return { changed: true, order, submissionId: submission!.id };
  });
}

/** What the payment e-mails need, as the outbox stores it. */
function paymentPayload(order: Order): Record<string, string> {
  return {
    orderId: String(order.id),
    reference: order.reference,
    itemId: order.itemId,
    itemName: order.itemName,
    amountKobo: String(order.amountKobo),
    currency: order.currency,
    name: order.name,
    email: order.email,
    phone: order.phone,
    paidAt: (order.paidAt ?? new Date()).toISOString(),
  };
}

/** How many unpaid orders a sweep checks at least, when fewer than that are due. */
export const SWEEP_BATCH = 200;

/**
 * The unpaid orders (`pending`, and `failed`, which a later payment can still turn paid) created
 * after `since` that a reconciliation sweep checks, least recently checked first: every one not
 * checked since `dueBefore` (the previous sweep's start), however many, and up to SWEEP_BATCH in
 * all otherwise. So no order waits more than two sweeps, whatever the number of abandoned ones.
 */
export async function ordersToCheck(
  db: Db,
  window: { since: Date; dueBefore?: Date },
): Promise<Pick<Order, "id" | "reference" | "status" | "amountKobo" | "currency">[]> {
  const unpaid = and(
    inArray(orders.status, ["pending", "failed"]),
    gt(orders.createdAt, window.since),
  );
  const due = window.dueBefore
    ? await db.$count(
        orders,
        and(unpaid, or(isNull(orders.lastCheckedAt), lt(orders.lastCheckedAt, window.dueBefore))),
      )
    : 0;
  return db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      amountKobo: orders.amountKobo,
      currency: orders.currency,
    })
    .from(orders)
    .where(unpaid)
    .orderBy(sql`${orders.lastCheckedAt} asc nulls first`, asc(orders.createdAt))
    .limit(Math.max(SWEEP_BATCH, due));
}

/** Notes that Paystack was asked about the order, so the next sweeps start with the others. */
export async function markChecked(db: Db, id: number, at: Date): Promise<void> {
  await db.update(orders).set({ lastCheckedAt: at }).where(eq(orders.id, id));
}
