import type { ReactNode } from "react";
import { Link } from "react-router";
import { messages } from "~/content/messages";
import { practice } from "~/content/site";
import { checkoutHref } from "~/lib/checkout-items";
import type { OrderSummary, PaymentCheck } from "~/lib/services/payments";
import { formatKobo } from "~/lib/money";
import { PAYMENT_HOLD_MINUTES } from "~/lib/bookings/booking-rules";

/**
 * The thank-you page when payments are on. Every word comes from what the server verified with
 * Paystack; nothing from the address is repeated back, so a crafted link cannot claim a payment.
 */
export function PaymentOutcome({ check }: { check: PaymentCheck | null }) {
  if (!check) {
    return (
      <Shell title="No payment to confirm">
        <p>
          This page confirms payments made on our website, but it was opened without a payment
          reference. If you have just paid, please use the link Paystack returned you with, or check
          your e-mail for your receipt.
        </p>
        <Actions contact />
      </Shell>
    );
  }
  if ("order" in check && check.order.session) return <SessionOutcome check={check} />;
  switch (check.status) {
    case "paid":
      return (
        <Shell title={messages.payment.thanks}>
          <p className="text-xl text-ink">{messages.payment.successful}</p>
          <p>
            Reference:{" "}
            <span className="font-mono font-semibold text-ink">{check.order.reference}</span>
          </p>
          <OrderDetails order={check.order} />
          <p>
            Your receipt is on its way to your e-mail. We will call you within one working day to
            arrange your first session. Keep your reference for your records.
          </p>
          <Actions home />
        </Shell>
      );
    case "pending":
    case "unavailable":
      return (
        <StillConfirming check={check}>
          we will confirm it as soon as Paystack does, and e-mail your receipt.
        </StillConfirming>
      );
    case "abandoned":
      return (
        <Shell title="Your payment was not completed">
          <p>
            The payment was stopped before it was finished, so nothing has been charged. You can try
            again whenever you are ready.
          </p>
          <OrderDetails order={check.order} />
          <Actions retry={check.order.itemId} contact />
        </Shell>
      );
    case "failed":
      return (
        <Shell title="Your payment did not go through">
          <p>
            Paystack could not complete this payment, so nothing has been charged. You can try
            again, perhaps with another card or by bank transfer, or contact us and we will help.
          </p>
          <OrderDetails order={check.order} />
          <Actions retry={check.order.itemId} contact />
        </Shell>
      );
    case "mismatch":
      return <Mismatch order={check.order} of="order" />;
    case "rate-limited":
      return (
        <Shell title="Please wait a moment">
          <p>{messages.rateLimited(Math.max(1, Math.ceil(check.retryAfterSeconds / 60)))}</p>
          <p>
            If money has left your account, it is safe: we confirm every payment with Paystack and
            e-mail your receipt.
          </p>
          <Actions contact />
        </Shell>
      );
    case "unknown":
      return (
        <Shell title="We could not find that payment">
          <p>
            We have no payment with that reference. If you were charged, please contact us with the
            confirmation from your bank or Paystack, and we will sort it out quickly.
          </p>
          <Actions contact home />
        </Shell>
      );
  }
}

/** Paystack has not finished, or could not be asked: refresh shortly; `children` ends it. */
function StillConfirming({
  check,
  children,
}: {
  check: Extract<PaymentCheck, { status: "pending" | "unavailable" }>;
  children: ReactNode;
}) {
  return (
    <Shell title="We are still confirming your payment">
      <p>
        {check.status === "pending"
          ? "Paystack is still processing your payment. This usually takes a minute or two."
          : "We could not reach Paystack to confirm your payment just now."}{" "}
        Please refresh this page shortly. If money has left your account, it is safe: {children}
      </p>
      <OrderDetails order={check.order} />
      <Actions refresh={check.order.reference} contact />
    </Shell>
  );
}

/** Paystack's success was for another amount or currency: not recorded as paid. */
function Mismatch({ order, of }: { order: OrderSummary; of: "order" | "booking" }) {
  return (
    <Shell title="We could not confirm this payment">
      <p>
        The payment Paystack reported does not match this {of}, so we have not recorded it as paid.
        Please contact us and quote your reference: if you were charged, we will put it right
        quickly.
      </p>
      <OrderDetails order={order} />
      <Actions contact />
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      <h1 className="text-4xl font-semibold">{title}</h1>
      <div className="mx-auto mt-6 max-w-lg space-y-4 leading-relaxed text-muted">{children}</div>
    </section>
  );
}

function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <dl className="mx-auto grid max-w-sm grid-cols-2 gap-x-4 gap-y-1 rounded-2xl bg-sand p-4 text-left text-ink">
      <dt className="text-muted">For</dt>
      <dd className="font-semibold">{order.itemName}</dd>
      <dt className="text-muted">Amount</dt>
      <dd className="font-semibold">{formatKobo(order.amountKobo)}</dd>
      {order.paidAt && (
        <>
          <dt className="text-muted">Paid on</dt>
          <dd className="font-semibold">
            {new Date(order.paidAt).toLocaleDateString("en-NG", {
              timeZone: practice.timeZone,
              dateStyle: "long",
            })}
          </dd>
        </>
      )}
    </dl>
  );
}

function Actions(props: { retry?: string; refresh?: string; contact?: boolean; home?: boolean }) {
  return (
    <div className="flex flex-wrap justify-center gap-3 pt-4">
      {props.retry && (
        <Link to={checkoutHref(props.retry)} className="btn-primary">
          Try the payment again
        </Link>
      )}
      {props.refresh && (
        <Link
          to={`/thank-you?ref=${encodeURIComponent(props.refresh)}`}
          reloadDocument
          className="btn-primary"
        >
          Check again
        </Link>
      )}
      {props.contact && (
        <Link
          to="/contact"
          className={props.retry || props.refresh ? "btn-outline" : "btn-primary"}
        >
          Contact us
        </Link>
      )}
      {props.home && (
        <Link to="/" className={props.contact ? "btn-outline" : "btn-primary"}>
          Return to Home
        </Link>
      )}
    </div>
  );
}

const HOLD_WORDS = `${PAYMENT_HOLD_MINUTES} minutes`;

const lagosTime = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-NG", {
    timeZone: practice.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });

/**
 * A session paid when booking (server/bookings/pay.ts): the same checks, in the words of a
 * booking. Its time is held while the visitor pays, booked once Paystack confirms, and released
 * when the hold ends unpaid.
 */
function SessionOutcome({ check }: { check: Extract<PaymentCheck, { order: OrderSummary }> }) {
  const { order } = check;
  const session = order.session!;
  if (check.status === "paid" && session.state === "booked") {
    return (
      <Shell title="Booked">
        <p className="text-xl text-ink">
          Thank you. Your payment has been received and your session is booked.
        </p>
        <OrderDetails order={order} />
        <p>
          Your confirmation, with a calendar file and the link to change or cancel, is on its way to
          your e-mail, with your receipt. Please give us at least 24 hours’ notice of any change.
        </p>
        <Actions home />
      </Shell>
    );
  }
  if (check.status === "paid") {
    return (
      <Shell title="Your payment is safe">
        <p className="text-xl text-ink">
          Your payment reached us after the {HOLD_WORDS} we could hold your time, and someone else
          had booked it by then. We are sorry.
        </p>
        <OrderDetails order={order} />
        <p>
          We will call you within one working day to find another time that suits you, or refund you
          in full if you prefer. Your receipt is on its way to your e-mail.
        </p>
        <Actions contact home />
      </Shell>
    );
  }
  const held = session.state === "held" ? session : undefined;
  const heldLine = held
    ? ` We are holding your time until ${lagosTime(held.holdUntil)} (Lagos time); after that it is released for others.`
    : " The time you chose has been released.";
  switch (check.status) {
    case "pending":
    case "unavailable":
      return (
        <StillConfirming check={check}>
          once Paystack confirms it, your session is booked and your confirmation comes by e-mail.
        </StillConfirming>
      );
    case "abandoned":
    case "failed":
      return (
        <Shell title="Your session is not booked yet">
          <p>
            {check.status === "abandoned"
              ? "The payment was stopped before it was finished, so nothing has been charged."
              : "Paystack could not complete this payment, so nothing has been charged."}
            {heldLine}
          </p>
          <OrderDetails order={order} />
          <div className="flex flex-wrap justify-center gap-3 pt-4">
            <Link to="/schedule" className="btn-primary">
              Choose a time again
            </Link>
            <Link to="/contact" className="btn-outline">
              Contact us
            </Link>
          </div>
        </Shell>
      );
    default:
      return <Mismatch order={order} of="booking" />;
  }
}
