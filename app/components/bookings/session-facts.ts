import { formatNaira } from "~/lib/money";
import type { SessionType } from "~/lib/services/bookings";

/** "50 minutes · ₦25,000 · in person in Lekki" */
export function sessionFacts(type: SessionType): string {
  return [
    `${type.minutes} minutes`,
    type.priceNaira !== undefined ? formatNaira(type.priceNaira) : undefined,
    type.place === "lekki" ? "in person in Lekki" : "online",
    type.payAtBooking ? "paid when booking" : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}
