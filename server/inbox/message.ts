import { sql } from "drizzle-orm";
import { appointmentColumns, appointmentJoin, inboxKindSql, namesFor } from "./appointments";
import type { Access } from "../../app/lib/services/auth";
import type { InboxDetail } from "../../app/lib/services/inbox";
import { formatWat } from "../../app/lib/admin/wat";
import { formatKobo } from "../../app/lib/money";
import type { Db } from "../db/client";
import { destinationWords, type RawRow, auditRow, parseInboxId, rowsOf, toRow } from "./rows";
import { ORDER_STATUS_WORDS, fieldOrder, fieldWords, valueWords } from "./words";

/** What a booked session's submission holds of the choice (server/bookings/book.ts). */
const BOOKED_CHOICE = [
  "sessionTypeId",
  "sessionType",
  "counsellorId",
  "counsellor",
  "time",
  "start",
  "place",
];

/** One message (/admin/inbox/ID): everything sent and its deliveries; reading it is audited. */
export async function messageDetail(
  db: Db,
  id: string,
  reader: Access,
): Promise<InboxDetail | undefined> {
  const ref = parseInboxId(id);
  if (!ref) return undefined;
  const found =
    ref.table === "s"
      ? rowsOf<RawRow>(
          await db.execute(sql`select 's' || s.id as ref, ${inboxKindSql} as kind,
            s.payload->>'name' as name, s.payload->>'email' as email,
            s.payload->>'phone' as phone, s.created_at as at, s.handled_at,
            s.payload->>'booked' as state, s.payload, null as amount_kobo, null as reference,
            s.id, ${appointmentColumns}
            from submissions s ${appointmentJoin} where s.id = ${ref.id} and s.kind <> 'payment'`),
        )
      : rowsOf<RawRow>(
          await db.execute(sql`select 'o' || o.id as ref, 'order' as kind, o.name, o.email,
            o.phone, o.created_at as at, o.handled_at, o.status as state, null as payload,
            o.amount_kobo, o.reference, o.id, o.item_name, o.paid_at
            from orders o where o.id = ${ref.id}`),
        );
  const raw = found[0];
  if (!raw) return undefined;
  const attempts =
    ref.table === "s"
      ? rowsOf<{
          id: number | string;
          destination: string;
          status: string;
          attempts: number;
          last_error: string | null;
          delivered_at: string | Date | null;
          created_at: string | Date;
        }>(
          await db.execute(sql`select id, destination, status, attempts, last_error,
            delivered_at, created_at from deliveries where submission_id = ${ref.id}
            order by id`),
        )
      : [];
  const went = new Map([[ref.id, attempts]]);
  await auditRow(db, reader, "inbox-read", id);
  const payload = { ...(raw.payload ?? {}) };
  // The booking's return token is the site's, not what the visitor sent.
  delete payload.token;
  // A booked session's choice as first made: "The session" shows it as it stands now (moved,
  // cancelled), from its appointment.
  if (raw.kind === "appointment") for (const key of BOOKED_CHOICE) delete payload[key];
  return {
    row: toRow(raw, ref.table === "s" ? went : new Map(), await namesFor(db, [raw])),
    fields:
      ref.table === "s"
        ? Object.entries(payload)
            .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
            .map(([k, v]) => ({
              label: fieldWords(k),
              value: valueWords(k, String(v)),
            }))
        : [
            { label: "Item", value: raw.item_name ?? "" },
            { label: "Amount", value: formatKobo(raw.amount_kobo ?? 0) },
            { label: "Reference", value: raw.reference ?? "" },
            { label: "Payment", value: ORDER_STATUS_WORDS[raw.state ?? ""] ?? raw.state ?? "" },
            ...(raw.paid_at
              ? [{ label: "Paid", value: formatWat(new Date(raw.paid_at).toISOString()) }]
              : []),
          ],
    deliveries: attempts.map((a) => ({
      id: Number(a.id),
      destination: destinationWords(a.destination),
      status: a.status,
      attempts: a.attempts,
      lastError: a.last_error ?? undefined,
      deliveredAt: a.delivered_at ? new Date(a.delivered_at).toISOString() : undefined,
    })),
  };
}

/** Mark handled, or New again; false when the id names nothing. */
export async function setHandled(db: Db, id: string, handled: boolean): Promise<boolean> {
  const ref = parseInboxId(id);
  if (!ref) return false;
  const value = handled ? sql`now()` : sql`null`;
  const result = rowsOf<{ id: number }>(
    ref.table === "s"
      ? await db.execute(
          sql`update submissions set handled_at = ${value} where id = ${ref.id} returning id`,
        )
      : await db.execute(
          sql`update orders set handled_at = ${value} where id = ${ref.id} returning id`,
        ),
  );
  return result.length > 0;
}

/** A failed, dead or held delivery sent again (Retry, Release); audited. */
export async function retryDelivery(
  db: Db,
  id: string,
  deliveryId: number,
  reader: Access,
): Promise<boolean> {
  const ref = parseInboxId(id);
  if (ref?.table !== "s") return false;
  const result = rowsOf<{ id: number }>(
    await db.execute(sql`update deliveries
      set status = 'pending', next_attempt_at = now(), lease_until = null
      where id = ${deliveryId} and submission_id = ${ref.id}
        and status in ('rejected', 'dead', 'held') returning id`),
  );
  if (result.length > 0) await auditRow(db, reader, "inbox-retry", `${id} delivery ${deliveryId}`);
  return result.length > 0;
}
