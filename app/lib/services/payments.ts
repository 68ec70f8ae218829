import type { CheckoutInput } from "../forms/schemas";
import type { SubmitMeta } from "./forms";

/** Online payments through Paystack (server/payments/). */

/** Where starting a payment left the visitor. */
export type CheckoutResult =
  /** the order is stored: send the visitor to Paystack's page */
  | { status: "redirect"; url: string }
  | { status: "unknown-item" }
  /** Paystack refused or did not answer in time; the order is marked failed, nothing charged */
  | { status: "failed" }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "unavailable" };

/** What a thank-you page may say about an order: never the payer's personal details. */
export interface OrderSummary {
  reference: string;
  itemId: string;
  itemName: string;
  amountKobo: number;
  /** ISO time, when paid */
  paidAt?: string;
  /**
   * For a session paid when booking (server/bookings/pay.ts): its time is held until `holdUntil`
   * while the visitor pays, booked once paid, released when the hold ended unpaid, or taken by
   * someone else when the payment came after the hold ended
   */
  session?:
    | { state: "held"; holdUntil: string }
    | { state: "booked" }
    | { state: "released" }
    | { state: "time-taken" };
}

/** What the server established about a payment reference, with Paystack's confirmation. */
export type PaymentCheck =
  /** verified: status success, our amount, in naira */
  | { status: "paid"; order: OrderSummary }
  /** Paystack has not finished with it yet */
  | { status: "pending"; order: OrderSummary }
  /** the visitor left Paystack's page without paying */
  | { status: "abandoned"; order: OrderSummary }
  /** the charge failed or was reversed */
  | { status: "failed"; order: OrderSummary }
  /** Paystack says success, but not for this order's amount or currency */
  | { status: "mismatch"; order: OrderSummary }
  /** Paystack could not be asked just now */
  | { status: "unavailable"; order: OrderSummary }
  /** no order has this reference */
  | { status: "unknown" }
  /** this address asked too often; the page says when to come back */
  | { status: "rate-limited"; retryAfterSeconds: number };

export interface PaymentsService {
  start(itemId: string, input: CheckoutInput, meta: SubmitMeta): Promise<CheckoutResult>;
  /** looks the order up and verifies it with Paystack; marks it paid (once) when it is */
  check(reference: string, ip?: string): Promise<PaymentCheck>;
}
