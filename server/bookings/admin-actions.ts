import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Access } from "../../app/lib/services/auth";
import type {
  AdminBookingDetail,
  AttendanceResult,
  BookingChoices,
  BookingHistoryEntry,
  CancelResult,
} from "../../app/lib/services/booking-admin";
import type { Db } from "../db/client";
import { appointments, contentAudit } from "../db/schema";
import { namer } from "./admin-catalogue";
import { appointmentRows, parseBookingId, toBooking } from "./admin-rows";

/**
 * The booking's e-mails (server/bookings/mails/queue.ts): queued in the transaction that changes
 * the booking, sent by the outbox after it commits.
 */
export interface BookingAdminMails {
  /** queues one change's e-mails inside its transaction */
  queue: (
    tx: Db,
    change: {
      appointmentId: number;
      event: { kind: "booked" } | { kind: "cancelled"; by: "practice"; message: string };
    },
  ) => Promise<void>;
  /** whether the visitor's e-mails can be sent at all (SMTP and a From address) */
  visitor: boolean;
  /** after the commit: the outbox sends what is due now */
  wake: () => void;
}

/** How a booking's audit entries name it: its id, never the person's details. */
export const auditRecord = (id: number) => `booking ${id}`;

async function audit(db: Db, reader: Access, action: string, id: number) {
  await db
    .insert(contentAudit)
    .values({ editor: reader.email, action, detail: auditRecord(id), at: new Date() });
}

const ACTION_WORDS: Record<string, string> = {
  "booking-add": "Added by hand (a phone booking) by",
  "booking-cancel": "Cancelled, with a message to the visitor, by",
  "booking-attended": "Marked attended by",
  "booking-no-show": "Marked no-show by",
};

/** One booking whole, with what happened to it; the read itself goes in the audit list. */
export async function bookingDetail(
  db: Db,
  choices: BookingChoices,
  id: string,
  reader: Access,
): Promise<AdminBookingDetail | undefined> {
  const ref = parseBookingId(id);
  if (ref === undefined) return undefined;
  const [row] = await appointmentRows(db).where(eq(appointments.id, ref));
  if (!row || row.status === "held") return undefined;
  const done = await db
    .select({ at: contentAudit.at, who: contentAudit.editor, action: contentAudit.action })
    .from(contentAudit)
    .where(
      and(
        eq(contentAudit.detail, auditRecord(ref)),
        sql`${contentAudit.action} in ('booking-add', 'booking-cancel', 'booking-attended', 'booking-no-show')`,
      ),
    )
    .orderBy(asc(contentAudit.at), asc(contentAudit.id));
  await audit(db, reader, "booking-read", ref);
  const history: BookingHistoryEntry[] = done.map((d) => ({
    at: d.at.toISOString(),
    words: `${ACTION_WORDS[d.action] ?? d.action} ${d.who}`,
  }));
  if (row.source === "site") {
    history.push({ at: row.createdAt.toISOString(), words: "Booked on the website" });
  } else if (!done.some((d) => d.action === "booking-add")) {
    history.push({ at: row.createdAt.toISOString(), words: "Added by hand (a phone booking)" });
  }
  // Each move and cancel adds one to the calendar file's SEQUENCE (docs/decisions/042).
  const moves = row.sequence - (row.status === "cancelled" ? 1 : 0);
  if (moves > 0) {
    history.push({
      at: (row.cancelledAt ?? row.createdAt).toISOString(),
      words: `Moved to this time by the visitor${moves > 1 ? ` (${moves} times)` : ""}`,
    });
  }
  if (row.status === "cancelled" && row.cancelledBy === "visitor" && row.cancelledAt) {
    history.push({ at: row.cancelledAt.toISOString(), words: "Cancelled by the visitor" });
  }
  history.sort((a, b) => a.at.localeCompare(b.at));
  return { booking: toBooking(row, namer(choices)), history };
}

/**
 * Cancels a booking and, when the visitor gave an e-mail address, queues the practice's message to
 * them in the same transaction: cancelled and told, or neither.
 */
export async function cancelBooking(
  db: Db,
  id: string,
  message: string,
  reader: Access,
  mails: BookingAdminMails | undefined,
): Promise<CancelResult> {
  const ref = parseBookingId(id);
  if (ref === undefined) return { status: "unknown" };
  const result = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(appointments)
      .set({
        status: "cancelled",
        cancelledAt: new Date(),
        cancelledBy: "practice",
        sequence: sql`${appointments.sequence} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(appointments.id, ref), eq(appointments.status, "booked")))
      .returning({ id: appointments.id });
    if (!cancelled) {
      const [found] = await tx
        .select({ status: appointments.status })
        .from(appointments)
        .where(eq(appointments.id, ref));
      return found?.status === "cancelled"
        ? { status: "already-cancelled" as const }
        : { status: "unknown" as const };
    }
    await audit(tx, reader, "booking-cancel", ref);
    const [row] = await appointmentRows(tx).where(eq(appointments.id, ref));
    // The visitor's notice with the message, and the practice's, or neither if this rolls back.
    await mails?.queue(tx, {
      appointmentId: ref,
      event: { kind: "cancelled", by: "practice", message },
    });
    return { status: "cancelled" as const, emailed: Boolean(row?.email?.trim() && mails?.visitor) };
  });
  if (result.status === "cancelled") mails?.wake();
  return result;
}

/** Attended or no-show: only a booking that is not cancelled and whose session has begun. */
export async function markAttendance(
  db: Db,
  id: string,
  attendance: "attended" | "no-show",
  reader: Access,
  now: number,
): Promise<AttendanceResult> {
  const ref = parseBookingId(id);
  if (ref === undefined) return "unknown";
  const [marked] = await db
    .update(appointments)
    .set({ attendance, updatedAt: new Date() })
    .where(
      and(
        eq(appointments.id, ref),
        eq(appointments.status, "booked"),
        lte(appointments.startsAt, new Date(now)),
      ),
    )
    .returning({ id: appointments.id });
  if (marked) {
    await audit(db, reader, `booking-${attendance}`, ref);
    return "marked";
  }
  const [found] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, ref));
  if (!found || found.status === "held") return "unknown";
  return found.status === "cancelled" ? "cancelled" : "not-started";
}
