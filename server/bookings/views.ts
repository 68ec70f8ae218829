import { DAY_MS, MINUTE_MS } from "../../app/lib/bookings/lagos-time";
import type { BookingView, Counsellor, SessionType } from "../../app/lib/services/bookings";
import type { appointments } from "../db/schema";

type AppointmentRow = Pick<
  typeof appointments.$inferSelect,
  "status" | "sessionType" | "counsellorId" | "startsAt" | "endsAt"
>;

/** The spec's policy: a booking may be cancelled or moved by the visitor up to 24 hours before. */
export const CHANGE_NOTICE_MS = DAY_MS;

/**
 * A booking as its pages show it. The session type and counsellor are the published ones; one the
 * practice has since taken off the site is shown by the name stored with the booking.
 */
export function bookingView(
  row: AppointmentRow,
  payload: Record<string, string>,
  catalogue: { sessionTypes: readonly SessionType[]; counsellors: readonly Counsellor[] },
  now: number,
): BookingView {
  const start = row.startsAt.getTime();
  const end = row.endsAt.getTime();
  const sessionType = catalogue.sessionTypes.find((t) => t.id === row.sessionType) ?? {
    id: row.sessionType,
    name: payload.sessionType ?? "Session",
    minutes: Math.round((end - start) / MINUTE_MS),
    place: payload.place === "online" ? ("online" as const) : ("lekki" as const),
    payAtBooking: false,
  };
  const counsellor = catalogue.counsellors.find((c) => c.id === row.counsellorId) ?? {
    id: row.counsellorId,
    name: payload.counsellor ?? "",
    title: "",
  };
  const past = row.status === "cancelled" || end <= now;
  return {
    status: row.status,
    sessionType,
    counsellor,
    start,
    end,
    firstName: (payload.name ?? "").trim().split(/\s+/)[0] ?? "",
    changeable: !past && row.status === "booked" && start - now > CHANGE_NOTICE_MS,
    past,
  };
}
