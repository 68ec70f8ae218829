import { and, gt, inArray, isNull, lt, ne, or, gte, sql } from "drizzle-orm";
import type { TimeSpan } from "../../app/lib/bookings/blocked-times";
import { type BookingRules, defaultBookingRules } from "../../app/lib/bookings/booking-rules";
import type { CounsellorDiary } from "../../app/lib/bookings/free-times";
import { DAY_MS, MINUTE_MS, lagosDayOf } from "../../app/lib/bookings/lagos-time";
import type { WeeklyHours } from "../../app/lib/bookings/weekly-hours";
import type { Db } from "../db/client";
import {
  appointments,
  counsellorBusyTimes,
  counsellorSettings,
  counsellorTimeOff,
} from "../db/schema";
import type { Tx } from "../visitors/intake";

/** One counsellor's week, commitments and rules for one session type, as of one moment. */
export interface CounsellorPlan {
  diary: CounsellorDiary;
  rules: BookingRules;
}

/**
 * Each counsellor's diary from the database: their own weekly hours, buffer, notice and horizon
 * (counsellor_settings), else the office hours and the default rules; their time off; the busy
 * times read from their own calendar; and the practice's live appointments (bookings and unexpired
 * holds). `except` leaves one appointment out: the booking being moved.
 */
export async function loadPlans(
  db: Db | Tx,
  options: {
    counsellorIds: readonly string[];
    sessionMinutes: number;
    officeHours: WeeklyHours;
    now: number;
    except?: number;
  },
): Promise<Map<string, CounsellorPlan>> {
  const ids = [...options.counsellorIds];
  const plans = new Map<string, CounsellorPlan>();
  if (ids.length === 0) return plans;
  const { now } = options;
  const settings = await db
    .select()
    .from(counsellorSettings)
    .where(inArray(counsellorSettings.counsellorId, ids));
  const rulesOf = new Map(
    ids.map((id) => {
      const own = settings.find((s) => s.counsellorId === id);
      const rules: BookingRules = {
        ...defaultBookingRules,
        sessionMinutes: options.sessionMinutes,
        bufferMinutes: own?.bufferMinutes ?? defaultBookingRules.bufferMinutes,
        noticeMinutes: own?.noticeMinutes ?? defaultBookingRules.noticeMinutes,
        horizonDays: own?.horizonDays ?? defaultBookingRules.horizonDays,
      };
      return [id, { rules, hours: own?.weeklyHours ?? options.officeHours }] as const;
    }),
  );
  const horizonDays = Math.max(...[...rulesOf.values()].map((r) => r.rules.horizonDays));
  // Everything that can touch a session starting from now to the horizon, and its buffer.
  const from = new Date(now - DAY_MS);
  const to = new Date(now + (horizonDays + 1) * DAY_MS);
  const today = lagosDayOf(now).date;
  const busyInWindow = and(
    inArray(counsellorBusyTimes.counsellorId, ids),
    gt(counsellorBusyTimes.endsAt, from),
    lt(counsellorBusyTimes.startsAt, to),
  );
  const [timeOff, busy, booked] = await Promise.all([
    db
      .select()
      .from(counsellorTimeOff)
      .where(
        and(inArray(counsellorTimeOff.counsellorId, ids), gte(counsellorTimeOff.toDate, today)),
      ),
    db
      .select({
        counsellorId: counsellorBusyTimes.counsellorId,
        startsAt: counsellorBusyTimes.startsAt,
        endsAt: counsellorBusyTimes.endsAt,
      })
      .from(counsellorBusyTimes)
      .where(busyInWindow),
    db
      .select({
        id: appointments.id,
        counsellorId: appointments.counsellorId,
        startsAt: appointments.startsAt,
        blockedUntil: appointments.blockedUntil,
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.counsellorId, ids),
          ne(appointments.status, "cancelled"),
          // A hold whose time ran out no longer blocks (the booking transaction deletes it).
          or(
            isNull(appointments.holdExpiresAt),
            gt(appointments.holdExpiresAt, sql`${new Date(now).toISOString()}::timestamptz`),
          ),
          gt(appointments.blockedUntil, from),
          lt(appointments.startsAt, to),
          options.except !== undefined ? ne(appointments.id, options.except) : undefined,
        ),
      ),
  ]);
  for (const id of ids) {
    const { rules, hours } = rulesOf.get(id)!;
    const buffer = rules.bufferMinutes * MINUTE_MS;
    const spans: TimeSpan[] = busy
      .filter((b) => b.counsellorId === id)
      .map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() }));
    for (const a of booked) {
      if (a.counsellorId !== id) continue;
      // The grid widens a busy span by the buffer on both sides; the database blocks
      // [starts_at, blocked_until) of a row and [start, end + buffer) of a new one. So an
      // appointment is given as the span that, widened, covers what its row blocks.
      const start = a.startsAt.getTime();
      spans.push({ start, end: Math.max(start, a.blockedUntil.getTime() - buffer) });
    }
    plans.set(id, {
      rules,
      diary: {
        id,
        hours,
        busy: spans,
        timeOff: timeOff
          .filter((t) => t.counsellorId === id)
          .map((t) => ({ from: t.fromDate, to: t.toDate })),
      },
    });
  }
  return plans;
}
