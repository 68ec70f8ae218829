import { and, eq, inArray, like, ne, notLike, or, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { type DeliveryDestination, appointments, deliveries, submissions } from "../../db/schema";

/**
 * A booking's e-mails, queued in the outbox by the transaction that books, moves or cancels it
 * (docs/decisions/042 and its amendment): stored with the change, sent by the outbox's worker
 * with retries, each at most once (one row per submission and destination).
 *
 * Destinations, each one row per booking:
 * - `booking-visitor:booked`, `booking-visitor:moved-s<sequence>`, `booking-visitor:cancelled`
 * - `booking-practice:booked`, `booking-practice:moved-s<sequence>`, `booking-practice:cancelled`
 * - `booking-reminder:<hours>h-s<sequence>`, due `hours` before the start. A move re-queues them
 *   under the new sequence and marks the old ones skipped; a cancel marks them skipped. The
 *   handler checks the booking again when one comes due, for the rows a worker had in hand.
 */

export type BookingMailEvent =
  /**
   * the change-or-cancel link's token, which the database keeps only as a hash; without it (a
   * booking added by hand) the e-mail gives the phone numbers instead of the link
   */
  | { kind: "booked"; token?: string }
  /** the visitor moved it: the token when the caller has it, and the time it was before */
  | { kind: "moved"; token?: string; previous?: { start: number; end: number } }
  /** by the visitor, or by the practice with an optional message to the visitor */
  | { kind: "cancelled"; by: "visitor" | "practice"; message?: string };

/** Which of a booking's e-mails this site can send (server/config.ts). */
export interface BookingMailSettings {
  /** SMTP and a From address: the visitor's confirmation, notices and reminders */
  visitor: boolean;
  /** SMTP and PRACTICE_INBOX: the practice's notices */
  practice: boolean;
  /** BOOKING_REMINDER_HOURS */
  reminderHours: readonly number[];
}

export function bookingMailSettings(
  config: Pick<Config, "mail" | "bookingReminderHours">,
): BookingMailSettings {
  const { smtpUrl, from, practiceInbox } = config.mail;
  return {
    visitor: Boolean(smtpUrl && (from ?? practiceInbox)),
    practice: Boolean(smtpUrl && practiceInbox),
    reminderHours: config.bookingReminderHours,
  };
}

export const reminderDestination = (hours: number, sequence: number): DeliveryDestination =>
  `booking-reminder:${hours}h-s${sequence}`;

/** "booking-reminder:24h-s2" → { hours: 24, sequence: 2 } */
export function parseReminder(destination: string): { hours: number; sequence: number } | null {
  const match = /^booking-reminder:(\d+(?:\.\d+)?)h-s(\d+)$/.exec(destination);
  return match ? { hours: Number(match[1]), sequence: Number(match[2]) } : null;
}

/** "booking-visitor:moved-s2" → 2 */
export function movedSequence(destination: string): number | null {
  const match = /:moved-s(\d+)$/.exec(destination);
  return match ? Number(match[1]) : null;
}

const HOUR_MS = 60 * 60_000;

/**
 * Queues the e-mails of one change to a booking, inside the transaction that made the change
 * (so they exist exactly when it does). Call it after the appointments row is written: it reads
 * the row's start and sequence. Returns the ids of the rows due now, for `outbox.attemptNow` or
 * `outbox.wake()` once the transaction has committed. A repeat of the same call adds nothing.
 */
export async function queueBookingMails(
  tx: Db,
  settings: BookingMailSettings,
  request: {
    appointmentId: number;
    event: BookingMailEvent;
    now?: number;
    /**
     * Booked during a flood of posts (docs/decisions/019): its e-mails wait, held, for the
     * practice to release them (`npm run deliveries -- --release held`), as the form's other
     * deliveries do, so a flood cannot send mail to addresses it typed.
     */
    held?: boolean;
  },
): Promise<number[]> {
  const { event } = request;
  const now = request.now ?? Date.now();
  const [booking] = await tx
    .select({
      submissionId: appointments.submissionId,
      sequence: appointments.sequence,
      startsAt: appointments.startsAt,
      email: sql<string | null>`${submissions.payload}->>'email'`,
    })
    .from(appointments)
    .innerJoin(submissions, eq(submissions.id, appointments.submissionId))
    .where(eq(appointments.id, request.appointmentId));
  if (!booking?.submissionId) return [];
  const submissionId = booking.submissionId;
  // A booking the practice added by hand may have no e-mail address: then it has no visitor mail.
  const visitor = settings.visitor && Boolean(booking.email?.trim());
  // Due at once, in the database's time (the outbox's clock) unless a test gives its own.
  const at = request.now === undefined ? sql`now()` : new Date(request.now);

  // A change to a booking whose e-mails are still held waits with them: nothing goes to an
  // address typed during a flood until the practice releases it.
  // A new booking has no e-mails yet: only a move or a cancel can find some held.
  const held = request.held || (event.kind !== "booked" && (await hasHeld(tx, submissionId)));
  type Row = PgInsertValue<typeof deliveries>;
  const rows: Row[] = [];
  const status = held ? ("held" as const) : ("pending" as const);
  const add = (destination: DeliveryDestination, detail?: Record<string, string>) =>
    rows.push({ submissionId, destination, detail, status, nextAttemptAt: at, createdAt: at });
  const reminders = () => {
    if (!visitor) return;
    for (const hours of settings.reminderHours) {
      const due = booking.startsAt.getTime() - hours * HOUR_MS;
      if (due <= now) continue;
      // Queued as of its time: the outbox's 24 hours of retries and /status's "waiting over
      // 1 h" count from when it is due, not from the booking weeks before.
      rows.push({
        submissionId,
        destination: reminderDestination(hours, booking.sequence),
        status,
        nextAttemptAt: new Date(due),
        createdAt: new Date(due),
      });
    }
  };

  if (event.kind === "booked") {
    if (visitor) add("booking-visitor:booked", event.token ? { token: event.token } : undefined);
    if (settings.practice) add("booking-practice:booked");
    reminders();
  } else if (event.kind === "moved") {
    const previous: Record<string, string> = event.previous
      ? {
          previousStart: new Date(event.previous.start).toISOString(),
          previousEnd: new Date(event.previous.end).toISOString(),
        }
      : {};
    const moved = `moved-s${booking.sequence}` as const;
    if (visitor) {
      add(`booking-visitor:${moved}`, {
        ...(event.token ? { token: event.token } : {}),
        ...previous,
      });
    }
    if (settings.practice) add(`booking-practice:${moved}`, previous);
    await skipPending(tx, submissionId, "moved", [
      and(
        like(deliveries.destination, "booking-reminder:%"),
        notLike(deliveries.destination, `%-s${booking.sequence}`),
      ),
      and(
        like(deliveries.destination, "booking-visitor:moved-%"),
        ne(deliveries.destination, `booking-visitor:${moved}`),
      ),
    ]);
    reminders();
  } else {
    const words = { by: event.by, ...(event.message?.trim() ? { message: event.message } : {}) };
    if (visitor) add("booking-visitor:cancelled", words);
    if (settings.practice) add("booking-practice:cancelled", words);
    await skipPending(tx, submissionId, "cancelled", [
      like(deliveries.destination, "booking-reminder:%"),
      and(
        like(deliveries.destination, "booking-visitor:%"),
        ne(deliveries.destination, "booking-visitor:cancelled"),
      ),
    ]);
  }
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(deliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: deliveries.id, destination: deliveries.destination });
  if (held) return [];
  return inserted.filter((r) => !r.destination.startsWith("booking-reminder:")).map((r) => r.id);
}

async function hasHeld(tx: Db, submissionId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.submissionId, submissionId), eq(deliveries.status, "held")))
    .limit(1);
  return row !== undefined;
}

/** Marks the booking's waiting (or held) e-mails that the change made pointless as skipped. */
async function skipPending(
  tx: Db,
  submissionId: number,
  why: "moved" | "cancelled",
  which: ReturnType<typeof and>[],
) {
  await tx
    .update(deliveries)
    .set({ status: "skipped", lastError: `booking ${why}`, detail: null })
    .where(
      and(
        eq(deliveries.submissionId, submissionId),
        inArray(deliveries.status, ["pending", "held"]),
        or(...which),
      ),
    );
}

/**
 * queueBookingMails with this site's settings, for the services that change bookings (the
 * visitor's, /admin/bookings'). Wake the outbox (`outbox.wake()`) once the transaction commits.
 */
export function createBookingMailQueue(config: Pick<Config, "mail" | "bookingReminderHours">) {
  const settings = bookingMailSettings(config);
  return (
    tx: Db,
    request: { appointmentId: number; event: BookingMailEvent; now?: number; held?: boolean },
  ) => queueBookingMails(tx, settings, request);
}

export type BookingMailQueue = ReturnType<typeof createBookingMailQueue>;
