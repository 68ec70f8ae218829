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

/** Kobo, the unit Paystack charges in: ₦1 = 100 kobo, always a whole number. */
export function nairaToKobo(amount: Naira): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A price to charge is a whole, positive number of naira (got ${amount})`);
  }
  return amount * 100;
}

/** ₦124,990 for 12,499,000 kobo; kobo are shown only when there are some. */
export function formatKobo(kobo: number): string {
  if (!Number.isSafeInteger(kobo) || kobo < 0) {
    throw new RangeError(`Kobo amounts are whole, non-negative numbers (got ${kobo})`);
  }
  if (kobo % 100 === 0) return formatNaira(kobo / 100);
  return `${formatNaira(Math.floor(kobo / 100))}.${String(kobo % 100).padStart(2, "0")}`;
}
