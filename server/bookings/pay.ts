import { and, eq, lte, or, sql } from "drizzle-orm";
import { PAYMENT_HOLD_MINUTES } from "../../app/lib/bookings/booking-rules";
import { formatLagosSession } from "../../app/lib/bookings/format-lagos-time";
import type { Counsellor, SessionType } from "../../app/lib/services/bookings";
import type { OrderSummary } from "../../app/lib/services/payments";
import { nairaToKobo } from "../../app/lib/money";
import { describeDatabaseError } from "../db/errors";
import { appointments, idempotencyKeys, orders } from "../db/schema";
import type { Tx } from "../visitors/intake";
import { newReference } from "../visitors/payments/orders";
import type { BookingsDeps } from "./deps";
import { isTimeTaken } from "./refusals";
import { bookingTokenHash, newBookingToken } from "./tokens";

/**
 * A session paid when booking (issue 42, docs/decisions/042's amendment of 2026-11-29): the time
 * is held for HOLD_MINUTES while the visitor pays on Paystack, and a payment Paystack confirms
 * (the thank-you page's verify, the signed webhook or the reconciliation sweep, all through
 * markPaid) turns the hold into a booking in the same transaction that records the payment.
 *
 * - The hold is stored before anything is sent to Paystack: the order (the payer, the amount),
 *   the booking's submission (without outbox rows: nothing is sent for an unpaid hold) and the
 *   appointment with status `held`, which the no-overlap constraint counts like a booking.
 * - Unpaid at the end of the hold, it is released: the next write to that counsellor's diary marks
 *   it cancelled by "unpaid" (clearExpiredHolds), and the free times stop counting it at once.
 * - A payment that comes after the hold ended still books the time if it is free. If someone else
 *   has booked it since, the appointment stays released, and the payment's e-mails and the
 *   thank-you page say so: the practice calls to find another time or refunds.
 */

export const HOLD_MINUTES = PAYMENT_HOLD_MINUTES;
const HOLD_MS = HOLD_MINUTES * 60_000;

/** Paystack, for the sessions paid when booking; absent when PAYSTACK_SECRET_KEY is not set. */
export interface BookingPayments {
  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata: Record<string, string>;
  }): Promise<{ ok: true; authorizationUrl: string } | { ok: false; error: string }>;
  siteUrl: string;
}

/** The order's item id for a session: the payments side tells session orders apart by it. */
export const SESSION_ITEM_PREFIX = "session:";

export const isSessionOrder = (itemId: string) => itemId.startsWith(SESSION_ITEM_PREFIX);

/**
 * Writes the order and the hold's particulars inside the booking's transaction (after its
 * submission, before its appointment). Returns what the appointment row takes.
 */
export async function insertHoldOrder(
  tx: Tx,
  booking: {
    sessionType: SessionType;
    counsellor: Counsellor;
    start: number;
    end: number;
    contact: { name: string; email: string; phone: string };
    now: number;
  },
): Promise<{ reference: string; orderId: number; amountKobo: number; holdExpiresAt: Date }> {
  const { sessionType, counsellor, contact } = booking;
  const reference = newReference();
  const amountKobo = nairaToKobo(sessionType.priceNaira!);
  const [order] = await tx
    .insert(orders)
    .values({
      reference,
      itemId: `${SESSION_ITEM_PREFIX}${sessionType.id}`,
      itemName: `${sessionType.name} with ${counsellor.name}, ${formatLagosSession(booking.start, booking.end)}`,
      amountKobo,
      currency: "NGN",
      ...contact,
    })
    .returning({ id: orders.id });
  return {
    reference,
    orderId: order!.id,
    amountKobo,
    holdExpiresAt: new Date(booking.now + HOLD_MS),
  };
}

/**
 * Sends the visitor to Paystack for a hold just stored. When Paystack cannot start the payment,
 * the hold is released at once (nothing was charged) and the post's idempotency key is let go, so
 * that sending the form again tries afresh; the order stays, failed with Paystack's reason, as the
 * record of it.
 */
export async function startHoldPayment(
  deps: Pick<BookingsDeps, "db" | "logger" | "payments">,
  hold: {
    appointmentId: number;
    orderId: number;
    reference: string;
    email: string;
    amountKobo: number;
    sessionTypeId: string;
    keyHash?: string;
  },
): Promise<{ ok: true; authorizationUrl: string } | { ok: false }> {
  const payments = deps.payments!;
  const started = await payments.initialize({
    email: hold.email,
    amountKobo: hold.amountKobo,
    reference: hold.reference,
    callbackUrl: `${payments.siteUrl}/thank-you?ref=${encodeURIComponent(hold.reference)}`,
    metadata: { session_type: hold.sessionTypeId, order_id: String(hold.orderId) },
  });
  if (started.ok) {
    deps.logger.info(
      { form: "booking", appointment: hold.appointmentId, order: hold.orderId },
      "time held while the visitor pays",
    );
    return started;
  }
  deps.logger.warn(
    { form: "booking", order: hold.orderId, error: started.error },
    "payment for a booking could not be started; hold released",
  );
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ status: "failed", failureReason: started.error.slice(0, 200) })
        .where(eq(orders.id, hold.orderId));
      await releaseHold(tx, hold.appointmentId);
      if (hold.keyHash)
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.key, hold.keyHash));
    });
  } catch (error) {
    // The hold then ends by itself after HOLD_MINUTES.
    deps.logger.error({ err: describeDatabaseError(error) }, "could not release a hold");
  }
  return { ok: false };
}

/** A hold given up: it leaves the constraint, and the inbox says it was never paid. */
const released = () => ({
  status: "cancelled" as const,
  cancelledBy: "unpaid",
  cancelledAt: sql`now()`,
  updatedAt: sql`now()`,
});

async function releaseHold(tx: Tx, appointmentId: number): Promise<void> {
  await tx
    .update(appointments)
    .set(released())
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, "held")));
}

/**
 * A constraint cannot mention now(): a counsellor's expired holds are released before a write
 * (decisions 042 and 045), marked cancelled by "unpaid", which takes them out of the constraint
 * and keeps them for the inbox and for a payment that comes late. `now` is the caller's clock, the
 * one the free times were drawn with; the database's otherwise.
 */
export async function clearExpiredHolds(tx: Tx, counsellorId: string, now?: number): Promise<void> {
  await tx
    .update(appointments)
    .set(released())
    .where(
      and(
        eq(appointments.counsellorId, counsellorId),
        eq(appointments.status, "held"),
        lte(appointments.holdExpiresAt, now === undefined ? sql`now()` : new Date(now)),
      ),
    );
}

/** What a paid session order's e-mails and thank-you page say about its booking. */
export type SessionPaymentOutcome = "booked" | "time-taken";

/**
 * Inside markPaid's transaction, for an order of a session: books the held time, with a fresh
 * change-or-cancel token, and queues the confirmation, notices and reminders as a booking made
 * without payment would. The database's constraint decides a late payment (after the hold was
 * released) exactly as it decides two visitors: in a savepoint, so a refusal leaves the payment
 * recorded. Returns the fields added to the payment's submission, for its e-mails.
 */
export async function confirmPaidBooking(
  deps: Pick<BookingsDeps, "logger" | "queueBookingMails">,
  tx: Tx,
  order: { id: number; reference: string; itemId: string },
): Promise<Record<string, string> | undefined> {
  if (!isSessionOrder(order.itemId)) return undefined;
  const [found] = await tx
    .select({ id: appointments.id, status: appointments.status })
    .from(appointments)
    .where(eq(appointments.paymentReference, order.reference));
  if (!found) {
    deps.logger.warn({ order: order.id }, "paid session order without a held time");
    return { session: "time-taken" satisfies SessionPaymentOutcome };
  }
  if (found.status === "booked") return { session: "booked" satisfies SessionPaymentOutcome };
  const token = newBookingToken();
  try {
    await tx.transaction(async (savepoint) => {
      const [booked] = await savepoint
        .update(appointments)
        .set({
          status: "booked",
          holdExpiresAt: null,
          cancelledAt: null,
          cancelledBy: null,
          tokenHash: bookingTokenHash(token),
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(appointments.id, found.id),
            or(
              eq(appointments.status, "held"),
              and(eq(appointments.status, "cancelled"), eq(appointments.cancelledBy, "unpaid")),
            ),
          ),
        )
        .returning({ id: appointments.id });
      if (!booked) throw new NotReopened();
    });
  } catch (error) {
    if (!(error instanceof NotReopened) && !isTimeTaken(error)) throw error;
    deps.logger.warn(
      { order: order.id, appointment: found.id },
      "session paid after its hold ended, and its time was taken",
    );
    return { session: "time-taken" satisfies SessionPaymentOutcome };
  }
  await deps.queueBookingMails?.(tx, { appointmentId: found.id, event: { kind: "booked", token } });
  deps.logger.info({ order: order.id, appointment: found.id }, "paid session booked");
  return { session: "booked" satisfies SessionPaymentOutcome };
}

class NotReopened extends Error {}

/**
 * Where a session order's booking stands, for the thank-you page: held (until when), booked, or
 * released (unpaid, or paid late and taken). Undefined for any other order.
 */
export async function sessionOfOrder(
  deps: Pick<BookingsDeps, "db">,
  order: Pick<OrderSummary, "reference" | "itemId" | "paidAt">,
  now: number,
): Promise<OrderSummary["session"]> {
  if (!isSessionOrder(order.itemId)) return undefined;
  const [row] = await deps.db
    .select({ status: appointments.status, holdExpiresAt: appointments.holdExpiresAt })
    .from(appointments)
    .where(eq(appointments.paymentReference, order.reference));
  if (row?.status === "booked") return { state: "booked" };
  if (row?.status === "held" && row.holdExpiresAt && row.holdExpiresAt.getTime() > now) {
    return { state: "held", holdUntil: row.holdExpiresAt.toISOString() };
  }
  return { state: order.paidAt ? "time-taken" : "released" };
}
