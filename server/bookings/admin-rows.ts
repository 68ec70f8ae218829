import { and, asc, eq, gte, isNull, lt, ne, or, sql } from "drizzle-orm";
import { DAY_MS, lagosDayOf, nextLagosDay } from "../../app/lib/bookings/lagos-time";
import type {
  AdminBooking,
  BookingChoices,
  BookingDay,
  NamedId,
} from "../../app/lib/services/booking-admin";
import type { Db } from "../db/client";
import { appointments, submissions } from "../db/schema";
import { namer } from "./admin-catalogue";

/** How many days /admin/bookings shows: today and the seven after it. */
export const WEEK_DAYS = 8;

const columns = {
  id: appointments.id,
  status: appointments.status,
  sessionType: appointments.sessionType,
  counsellorId: appointments.counsellorId,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  source: appointments.source,
  attendance: appointments.attendance,
  sequence: appointments.sequence,
  createdAt: appointments.createdAt,
  cancelledAt: appointments.cancelledAt,
  cancelledBy: appointments.cancelledBy,
  name: sql<string | null>`${submissions.payload}->>'name'`,
  email: sql<string | null>`${submissions.payload}->>'email'`,
  phone: sql<string | null>`${submissions.payload}->>'phone'`,
};

export type AppointmentRow = Awaited<ReturnType<typeof appointmentRows>>[number];

/** Appointments with the visitor's details from their submission; holds left out. */
export function appointmentRows(db: Db) {
  return db
    .select(columns)
    .from(appointments)
    .leftJoin(submissions, eq(submissions.id, appointments.submissionId))
    .$dynamic();
}

export function toBooking(row: AppointmentRow, names: ReturnType<typeof namer>): AdminBooking {
  return {
    id: row.id,
    status: row.status,
    sessionType: names.sessionType(row.sessionType),
    counsellor: names.counsellor(row.counsellorId),
    start: row.startsAt.getTime(),
    end: row.endsAt.getTime(),
    source: row.source,
    attendance: row.attendance ?? undefined,
    name: row.name ?? "",
    email: row.email ?? "",
    phone: row.phone ?? "",
  };
}

/** A booking's id as the page's address gives it ("12"), or undefined for anything else. */
export function parseBookingId(id: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(id)) return undefined;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Today and the next seven Lagos days, each with its bookings (booked and cancelled; a hold is a
 * visitor still paying, not yet a booking) by counsellor, in order of name, each by start time.
 */
export async function bookingWeek(
  db: Db,
  choices: BookingChoices,
  now: number,
): Promise<BookingDay[]> {
  const first = lagosDayOf(now);
  const end = first.start + WEEK_DAYS * DAY_MS;
  const rows = await appointmentRows(db)
    .where(
      and(
        ne(appointments.status, "held"),
        // A hold that ended unpaid was never a session of the counsellor's.
        or(isNull(appointments.cancelledBy), ne(appointments.cancelledBy, "unpaid")),
        gte(appointments.startsAt, new Date(first.start)),
        lt(appointments.startsAt, new Date(end)),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  const names = namer(choices);
  const days: BookingDay[] = [];
  for (let day = first, i = 0; i < WEEK_DAYS; day = nextLagosDay(day), i++) {
    const byCounsellor = new Map<string, { counsellor: NamedId; bookings: AdminBooking[] }>();
    for (const row of rows) {
      if (lagosDayOf(row.startsAt.getTime()).date !== day.date) continue;
      const booking = toBooking(row, names);
      const group = byCounsellor.get(row.counsellorId) ?? {
        counsellor: booking.counsellor,
        bookings: [],
      };
      group.bookings.push(booking);
      byCounsellor.set(row.counsellorId, group);
    }
    const counsellors = [...byCounsellor.values()].sort(
      (a, b) =>
        a.counsellor.name.localeCompare(b.counsellor.name) ||
        a.counsellor.id.localeCompare(b.counsellor.id),
    );
    days.push({ date: day.date, start: day.start, counsellors });
  }
  return days;
}
