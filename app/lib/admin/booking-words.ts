import { formatLagosClock, formatLagosDay } from "~/lib/bookings/format-lagos-time";
import type { AdminBooking } from "~/lib/services/booking-admin";

/** Words /admin/bookings uses for a booking's state, where it came from and how to reach the person. */

export const SOURCE_WORDS: Record<AdminBooking["source"], string> = {
  site: "On the website",
  practice: "By phone (added by hand)",
};

export const ATTENDANCE_WORDS: Record<NonNullable<AdminBooking["attendance"]>, string> = {
  attended: "Attended",
  "no-show": "No-show",
};

/** "Booked", "Cancelled", "Attended", "No-show" */
export function bookingState(booking: Pick<AdminBooking, "status" | "attendance">): string {
  if (booking.status === "cancelled") return "Cancelled";
  if (booking.attendance) return ATTENDANCE_WORDS[booking.attendance];
  return booking.status === "held" ? "Waiting for payment" : "Booked";
}

/** "9:00 AM to 10:00 AM" */
export function clockSpan(start: number, end: number): string {
  return `${formatLagosClock(start)} to ${formatLagosClock(end)}`;
}

/** "Today, Monday 7 December 2026", "Tomorrow, …", or the day itself */
export function dayHeading(start: number, index: number): string {
  const day = formatLagosDay(start);
  if (index === 0) return `Today, ${day}`;
  if (index === 1) return `Tomorrow, ${day}`;
  return day;
}

/** A phone number as a tel: link: digits and a leading +. */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return digits.replace(/\D/g, "").length >= 7 ? `tel:${digits}` : undefined;
}

/** WhatsApp's link for a Nigerian number written 0803… or +234 803…, as the inbox makes it. */
export function whatsappHref(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, "");
  const number = digits.startsWith("0") ? `234${digits.slice(1)}` : digits;
  return number.length >= 7 ? `https://wa.me/${number}` : undefined;
}
