import { Lock } from "~/components/icons";
import { Link } from "react-router";
import type { CheckoutItem } from "~/lib/checkout-items";
import { formatNaira } from "~/lib/money";

/** What the visitor is about to pay for, and the price charged, from app/content/. */
export function CheckoutSummary({ item }: { item: CheckoutItem }) {
  return (
    <section
      aria-labelledby="item-heading"
      className="rounded-3xl border border-linen bg-white p-6 sm:p-8"
    >
      <p className="eyebrow">You are paying for</p>
      <h2 id="item-heading" className="mt-2 text-2xl font-semibold">
        {item.name}
      </h2>
      <p className="mt-1 font-semibold text-clay-700">{item.detail}</p>
      <p className="mt-3 text-muted">{item.summary}</p>
      <p className="mt-5">
        {item.oldPrice !== undefined && item.oldPrice > item.price && (
          <s className="mr-2 text-muted">
            <span className="sr-only">Was </span>
            {formatNaira(item.oldPrice)}
          </s>
        )}
        <span className="text-3xl font-semibold text-teal-900">
          <span className="sr-only">Price: </span>
          {formatNaira(item.price)}
        </span>
      </p>
      <p className="mt-5 flex gap-2 text-sm text-muted">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        You pay on Paystack&rsquo;s secure page, by card, bank transfer or USSD. We never see your
        card details.
      </p>
      <p className="mt-4 text-sm">
        <Link to={item.page.path} className="font-semibold text-teal-800 underline">
          Back to {item.page.label}
        </Link>
      </p>
    </section>
  );
}
