import { eq } from "drizzle-orm";
import type { Counsellor, SessionType } from "../../../app/lib/services/bookings";
import type { Db } from "../../db/client";
import { appointments } from "../../db/schema";
import { oneLine } from "../../integrations/mail-text";

/** The session types and counsellors as the booking service offers them (BookingsService). */
export type BookingCatalogue = () => Promise<{
  sessionTypes: readonly SessionType[];
  counsellors: readonly Counsellor[];
}>;

/** A booking as its e-mails describe it, read when each e-mail is sent. */
export interface BookingFacts {
  appointmentId: number;
  status: "held" | "booked" | "cancelled";
  sequence: number;
  start: number;
  end: number;
  session: { name: string; place: "lekki" | "online" };
  counsellor: string;
  visitor: { name: string; email: string; phone: string };
  source: "site" | "practice";
}

/**
 * The booking of a submission as it is now: its times and sequence from `appointments`, the
 * visitor's details from the submission, the session's and counsellor's names from the
 * catalogue. A session type or counsellor since removed from the content keeps its id as a name
 * rather than stopping the e-mail.
 */
export async function readBookingFacts(
  db: Db,
  submission: { id: number; payload: Record<string, string> },
  catalogue: BookingCatalogue | undefined,
): Promise<BookingFacts | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.submissionId, submission.id))
    .limit(1);
  if (!row) return undefined;
  const offered = catalogue ? await catalogue().catch(() => undefined) : undefined;
  const sessionType = offered?.sessionTypes.find((s) => s.id === row.sessionType);
  const counsellor = offered?.counsellors.find((c) => c.id === row.counsellorId);
  const p = submission.payload;
  return {
    appointmentId: row.id,
    status: row.status,
    sequence: row.sequence,
    start: row.startsAt.getTime(),
    end: row.endsAt.getTime(),
    session: {
      name: oneLine(sessionType?.name ?? readable(row.sessionType)),
      place: sessionType?.place ?? "lekki",
    },
    counsellor: oneLine(counsellor?.name ?? readable(row.counsellorId)),
    visitor: { name: oneLine(p.name), email: oneLine(p.email), phone: oneLine(p.phone) },
    source: row.source,
  };
}

/** "happier-marriage" → "Happier marriage" */
function readable(id: string): string {
  const words = id.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
