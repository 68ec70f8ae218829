import { eq, sql } from "drizzle-orm";
import {
  RepeatedPost,
  claimKey,
  findKey,
  idempotencyHash,
  validKey,
} from "../visitors/idempotency";
import {
  checkRequestedTime,
  type RequestedTime,
} from "../../app/lib/bookings/check-requested-time";
import type { BookingRules } from "../../app/lib/bookings/booking-rules";
import type { WeeklyHours } from "../../app/lib/bookings/weekly-hours";
import { MINUTE_MS, parseLagosDateTime } from "../../app/lib/bookings/lagos-time";
import type { Access } from "../../app/lib/services/auth";
import type {
  BookingChoices,
  HandBooking,
  HandBookingField,
  HandBookingResult,
} from "../../app/lib/services/booking-admin";
import type { Db } from "../db/client";
import { appointments, contentAudit, submissions } from "../db/schema";
import { type BookingAdminMails, auditRecord } from "./admin-actions";
import { loadPlans } from "./diaries";
import { clearExpiredHolds } from "./pay";

type Errors = Partial<Record<HandBookingField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TAKEN = "That time was just taken. Please choose another.";

/** The fields as typed: what is missing or malformed, each at its field. */
function fieldErrors(booking: HandBooking, choices: BookingChoices): Errors {
  const errors: Errors = {};
  if (!choices.sessionTypes.some((s) => s.id === booking.sessionTypeId))
    errors.sessionTypeId = "Please choose a session type.";
  if (!choices.counsellors.some((c) => c.id === booking.counsellorId))
    errors.counsellorId = "Please choose a counsellor.";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(booking.date) || !parseLagosDateTime(`${booking.date}T09:00`))
    errors.date = "Please enter the day, such as 2026-12-07.";
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(booking.time))
    errors.time = "Please enter the time, such as 10:00.";
  const name = booking.name.trim();
  if (name.length < 2 || name.length > 100) errors.name = "Please enter the client's name.";
  const digits = booking.phone.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15 || booking.phone.length > 30)
    errors.phone = "Please enter a phone number we can call, such as 0803 123 4567.";
  if (booking.email && (booking.email.length > 254 || !EMAIL.test(booking.email)))
    errors.email = "Please enter a whole e-mail address, or leave it empty.";
  return errors;
}

/** What the practice reads at the field when the rules refuse a time. */
function refusal(
  result: Extract<RequestedTime, { ok: false }>,
  counsellor: string,
  rules: BookingRules,
): Errors {
  switch (result.problem) {
    case "closed-day":
      return { date: `${counsellor} does not see clients on ${result.day ?? "that day"}s.` };
    case "past":
      return { time: "That time has already passed." };
    case "beyond-horizon":
      return { date: `Bookings go up to ${rules.horizonDays} days ahead.` };
    case "outside-hours":
      return { time: `That time is outside ${counsellor}'s hours.` };
    case "off-grid":
      return {
        time: `Sessions start every ${rules.gridMinutes} minutes from the start of the day's hours, such as 10:00 or 10:30.`,
      };
    case "unavailable":
      return {
        time: `${counsellor} is not free then: booked, away, or busy in their own calendar.`,
      };
    default:
      return { time: "Please enter the time, such as 10:00." };
  }
}

/** SQLSTATE of a failed statement, through Drizzle's wrapper. */
function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A booking the practice takes by phone: the visitor's rules (the counsellor's hours, buffer,
 * horizon, time off, busy times and bookings: checkRequestedTime) decide, except the notice: the
 * practice may book someone for tomorrow morning on the phone, which is what "emergency
 * appointments on request" means. The database's exclusion constraint has the last word: a
 * booking made in the same moment wins, and this one is refused at the field (docs/decisions/042).
 * The person's details go in a submission, as a visitor's do, so the inbox, a person's data,
 * erasure and backups carry it; it is marked handled, since the practice made it.
 */
export async function addByHand(
  db: Db,
  choices: BookingChoices,
  booking: HandBooking,
  reader: Access,
  now: number,
  officeHours: WeeklyHours,
  mails?: BookingAdminMails,
): Promise<HandBookingResult> {
  const errors = fieldErrors(booking, choices);
  if (Object.keys(errors).length > 0) return { status: "refused", errors };
  // The same form sent twice (a double tap, a resend after a lost answer) is one booking.
  const { key, ...typed } = booking;
  const keyHash = validKey(key) ? idempotencyHash("hand-booking", key, typed) : undefined;
  const first = keyHash ? await bookedBefore(db, keyHash) : undefined;
  if (first) return first;
  const session = choices.sessionTypes.find((s) => s.id === booking.sessionTypeId)!;
  const counsellor = choices.counsellors.find((c) => c.id === booking.counsellorId)!;
  const time = `${booking.date}T${booking.time}`;
  // The counsellor's diary as /schedule reads it: the same hours, rules and commitments.
  const plans = await loadPlans(db, {
    counsellorIds: [counsellor.id],
    sessionMinutes: session.minutes,
    officeHours,
    now,
  });
  const { diary, rules } = plans.get(counsellor.id)!;
  const practiceRules = { ...rules, noticeMinutes: 0 };
  const checked = checkRequestedTime(
    { counsellorId: counsellor.id, time },
    [diary],
    practiceRules,
    now,
  );
  if (!checked.ok)
    return { status: "refused", errors: refusal(checked, counsellor.name, practiceRules) };
  try {
    const id = await db.transaction(async (tx) => {
      // Expired holds no longer count, but the constraint cannot know it (docs/decisions/042).
      await clearExpiredHolds(tx, counsellor.id, now);
      const [submission] = await tx
        .insert(submissions)
        .values({
          kind: "booking",
          payload: {
            name: booking.name.trim(),
            email: booking.email.trim(),
            phone: booking.phone.trim(),
            booked: "yes",
            source: "phone",
          },
          handledAt: sql`now()`,
        })
        .returning({ id: submissions.id });
      if (keyHash) {
        await claimKey(tx, { key: keyHash, kind: "hand-booking", submissionId: submission!.id });
      }
      const [appointment] = await tx
        .insert(appointments)
        .values({
          submissionId: submission!.id,
          counsellorId: counsellor.id,
          sessionType: session.id,
          status: "booked",
          startsAt: new Date(checked.start),
          endsAt: new Date(checked.end),
          blockedUntil: new Date(checked.end + rules.bufferMinutes * MINUTE_MS),
          source: "practice",
        })
        .returning({ id: appointments.id });
      await tx.insert(contentAudit).values({
        editor: reader.email,
        action: "booking-add",
        detail: auditRecord(appointment!.id),
        at: new Date(),
      });
      // The visitor's confirmation (with the phone numbers instead of a change link) and the
      // practice's notice, queued with the booking.
      await mails?.queue(tx, { appointmentId: appointment!.id, event: { kind: "booked" } });
      return appointment!.id;
    });
    mails?.wake();
    return { status: "booked", id };
  } catch (error) {
    if (error instanceof RepeatedPost && keyHash) {
      const repeat = await bookedBefore(db, keyHash);
      if (repeat) return repeat;
    }
    // Another booking of that time won: an exclusion violation, or on Postgres a deadlock
    // between two overlapping inserts (docs/decisions/042).
    const state = sqlState(error);
    if (state === "23P01" || state === "40P01") {
      return { status: "refused", errors: { time: TAKEN } };
    }
    throw error;
  }
}

/** The booking a stored key made, for a repeat of its post. */
async function bookedBefore(
  db: Db,
  keyHash: string,
): Promise<Extract<HandBookingResult, { status: "booked" }> | undefined> {
  const seen = await findKey(db, keyHash);
  if (seen?.submissionId == null) return undefined;
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.submissionId, seen.submissionId));
  return row ? { status: "booked", id: row.id } : undefined;
}
