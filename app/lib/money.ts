import type { Naira } from "~/content/types";

const naira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** ₦124,990: the one way money is shown on the site. */
export function formatNaira(amount: Naira): string {
  if (!Number.isInteger(amount) || amount < 0) {
    throw new RangeError(`Naira amounts are whole, non-negative numbers (got ${amount})`);
  }
  return naira.format(amount);
}

/** What a visitor saves against the old price; undefined when there is nothing to save. */
export function savings(price: Naira | undefined, oldPrice: Naira | undefined): Naira | undefined {
  if (price === undefined || oldPrice === undefined || oldPrice <= price) return undefined;
  return oldPrice - price;
}
