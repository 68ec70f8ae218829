import { and, eq, sql } from "drizzle-orm";
import { checkRequestedTime } from "../../app/lib/bookings/check-requested-time";
import { formatLagosSession } from "../../app/lib/bookings/format-lagos-time";
import { DAY_MS, MINUTE_MS, parseLagosDateTime } from "../../app/lib/bookings/lagos-time";
import type { BookingView, ChangeResult } from "../../app/lib/services/bookings";
import { describeDatabaseError } from "../db/errors";
import { appointments, submissions } from "../db/schema";
import { availability, catalogueOf, nearestStarts } from "./availability";
import { TIME_TAKEN, refusalMessage } from "./book";
import { clearExpiredHolds } from "./pay";
import type { BookingsDeps } from "./deps";
import { isTimeTaken } from "./refusals";
import { bookingTokenHash, isBookingToken } from "./tokens";
import { CHANGE_NOTICE_MS, bookingView } from "./views";

/**
 * A change-or-cancel link stops working a day after its session ends: until then it shows what
 * happened (the session is over, or cancelled), after it nothing.
 */
export const TOKEN_LIFE_AFTER_END_MS = DAY_MS;

type Found = {
  row: typeof appointments.$inferSelect;
  payload: Record<string, string>;
  view: BookingView;
};

/** The booking a token names, or undefined for a forged, unknown or dead one. Never throws on input. */
export async function findByToken(
  deps: BookingsDeps,
  token: string,
  now: number,
): Promise<Found | undefined> {
  if (!isBookingToken(token)) return undefined;
  const [found] = await deps.db
    .select({ row: appointments, payload: submissions.payload })
    .from(appointments)
    .leftJoin(submissions, eq(submissions.id, appointments.submissionId))
    .where(eq(appointments.tokenHash, bookingTokenHash(token)));
  if (!found) return undefined;
  if (found.row.endsAt.getTime() + TOKEN_LIFE_AFTER_END_MS <= now) return undefined;
  const payload = found.payload ?? {};
  return { row: found.row, payload, view: bookingView(found.row, payload, catalogueOf(deps), now) };
}

/** Whether the visitor may still change it themselves, or what to answer instead. */
function changeBlocked(found: Found | undefined, now: number): ChangeResult | undefined {
  if (!found || found.view.past || found.row.status !== "booked") return { status: "unknown" };
  if (found.row.startsAt.getTime() - now <= CHANGE_NOTICE_MS) return { status: "too-late" };
  return undefined;
}

/**
 * Moves a booking to another free time of the same counsellor: one UPDATE of its times and
 * SEQUENCE, which the no-overlap constraint checks as it checks an insert.
 */
export async function moveBooking(
  deps: BookingsDeps,
  token: string,
  time: string,
  now: number,
): Promise<ChangeResult> {
  const found = await findByToken(deps, token, now);
  const blocked = changeBlocked(found, now);
  if (blocked || !found) return blocked ?? { status: "unknown" };
  const { row, view } = found;
  const requested = parseLagosDateTime(time);
  // The same move sent twice: the second finds it done.
  if (requested === row.startsAt.getTime()) return { status: "done", booking: view };
  const counsellor = view.counsellor;
  const sessionType = {
    ...view.sessionType,
    minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS),
  };
  const free = await availability(deps, deps.db, {
    sessionType,
    counsellors: [counsellor],
    now,
    except: row.id,
  });
  const plan = free.plans.get(counsellor.id)!;
  const check = checkRequestedTime(
    { counsellorId: counsellor.id, time },
    [plan.diary],
    plan.rules,
    now,
  );
  const around = requested ?? row.startsAt.getTime();
  if (!check.ok) {
    return {
      status: "refused",
      message: refusalMessage(check, plan.rules),
      nearest: nearestStarts(free.times, around),
    };
  }
  try {
    const moved = await deps.db.transaction(async (tx) => {
      await clearExpiredHolds(tx, row.counsellorId, now);
      const [updated] = await tx
        .update(appointments)
        .set({
          startsAt: new Date(check.start),
          endsAt: new Date(check.end),
          blockedUntil: new Date(check.end + plan.rules.bufferMinutes * MINUTE_MS),
          sequence: sql`${appointments.sequence} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(appointments.id, row.id), eq(appointments.status, "booked")))
        .returning();
      if (!updated) return undefined;
      if (updated.submissionId !== null) {
        const words = { time, start: formatLagosSession(check.start, check.end) };
        await tx
          .update(submissions)
          .set({ payload: sql`${submissions.payload} || ${JSON.stringify(words)}::jsonb` })
          .where(eq(submissions.id, updated.submissionId));
        await deps.queueBookingMails?.(tx, {
          appointmentId: updated.id,
          event: {
            kind: "moved",
            token,
            previous: { start: row.startsAt.getTime(), end: row.endsAt.getTime() },
          },
          now,
        });
      }
      return updated;
    });
    if (!moved) return { status: "unknown" };
    deps.logger.info({ appointment: row.id }, "booking moved by the visitor");
    deps.outbox.wake();
    const payload = { ...found.payload, time };
    return { status: "done", booking: bookingView(moved, payload, catalogueOf(deps), now) };
  } catch (error) {
    if (!isTimeTaken(error)) {
      deps.logger.error({ err: describeDatabaseError(error) }, "could not move booking");
      throw error;
    }
    const fresh = await availability(deps, deps.db, {
      sessionType,
      counsellors: [counsellor],
      now,
      except: row.id,
    });
    return { status: "refused", message: TIME_TAKEN, nearest: nearestStarts(fresh.times, around) };
  }
}

/** Cancels a booking at the visitor's request; cancelling it again answers "done" again. */
export async function cancelBooking(
  deps: BookingsDeps,
  token: string,
  now: number,
): Promise<ChangeResult> {
  const found = await findByToken(deps, token, now);
  if (found?.row.status === "cancelled") return { status: "done", booking: found.view };
  const blocked = changeBlocked(found, now);
  if (blocked || !found) return blocked ?? { status: "unknown" };
  const cancelled = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(appointments)
      .set({
        status: "cancelled",
        cancelledAt: sql`now()`,
        cancelledBy: "visitor",
        sequence: sql`${appointments.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(appointments.id, found.row.id), eq(appointments.status, "booked")))
      .returning();
    if (updated?.submissionId != null) {
      await deps.queueBookingMails?.(tx, {
        appointmentId: updated.id,
        event: { kind: "cancelled", by: "visitor" },
        now,
      });
    }
    return updated;
  });
  if (!cancelled) {
    // Cancelled a moment ago by another request (a double tap) or by the practice.
    const again = await findByToken(deps, token, now);
    return again?.row.status === "cancelled"
      ? { status: "done", booking: again.view }
      : { status: "unknown" };
  }
  deps.logger.info({ appointment: cancelled.id }, "booking cancelled by the visitor");
  deps.outbox.wake();
  return {
    status: "done",
    booking: bookingView(cancelled, found.payload, catalogueOf(deps), now),
  };
}
