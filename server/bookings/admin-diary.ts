import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type BookingRules, defaultBookingRules } from "../../app/lib/bookings/booking-rules";
import type { CounsellorDiary } from "../../app/lib/bookings/free-times";
import { DAY_MS } from "../../app/lib/bookings/lagos-time";
import { officeHours } from "../../app/lib/bookings/weekly-hours";
import type { Db } from "../db/client";
import {
  appointments,
  counsellorBusyTimes,
  counsellorSettings,
  counsellorTimeOff,
} from "../db/schema";

/**
 * One counsellor's diary around one instant (a day either side), and their rules for a session of
 * `minutes`: what checkRequestedTime needs to judge a time the practice types in. Their own week
 * and rules where the practice set them (counsellor_settings), the office hours and the default
 * rules where not; bookings and live holds, time off and their calendar's busy times as they are.
 */
export async function diaryAround(
  db: Db,
  counsellorId: string,
  around: number,
  minutes: number,
  now: number,
): Promise<{ diary: CounsellorDiary; rules: BookingRules }> {
  const from = new Date(around - DAY_MS * 2);
  const to = new Date(around + DAY_MS * 2);
  const [settings] = await db
    .select()
    .from(counsellorSettings)
    .where(eq(counsellorSettings.counsellorId, counsellorId));
  const booked = await db
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.counsellorId, counsellorId),
        lt(appointments.startsAt, to),
        gt(appointments.blockedUntil, from),
        sql`(${appointments.status} = 'booked' or (${appointments.status} = 'held' and ${appointments.holdExpiresAt} > ${new Date(now)}))`,
      ),
    );
  const busy = await db
    .select({ start: counsellorBusyTimes.startsAt, end: counsellorBusyTimes.endsAt })
    .from(counsellorBusyTimes)
    .where(
      and(
        eq(counsellorBusyTimes.counsellorId, counsellorId),
        lt(counsellorBusyTimes.startsAt, to),
        gt(counsellorBusyTimes.endsAt, from),
      ),
    );
  const timeOff = await db
    .select({ from: counsellorTimeOff.fromDate, to: counsellorTimeOff.toDate })
    .from(counsellorTimeOff)
    .where(eq(counsellorTimeOff.counsellorId, counsellorId));
  const rules: BookingRules = {
    ...defaultBookingRules,
    sessionMinutes: minutes,
    bufferMinutes: settings?.bufferMinutes ?? defaultBookingRules.bufferMinutes,
    noticeMinutes: settings?.noticeMinutes ?? defaultBookingRules.noticeMinutes,
    horizonDays: settings?.horizonDays ?? defaultBookingRules.horizonDays,
  };
  const diary: CounsellorDiary = {
    id: counsellorId,
    hours: settings?.weeklyHours ?? officeHours,
    busy: [...booked, ...busy].map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })),
    timeOff,
  };
  return { diary, rules };
}
