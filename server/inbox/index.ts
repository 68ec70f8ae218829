import type { InboxService } from "../../app/lib/services/inbox";
import type { Db } from "../db/client";
import { inboxCsv } from "./download";
import { attention, inboxPage, newCount } from "./listing";
import { messageDetail, retryDelivery, setHandled } from "./message";
import { auditPerson, erasePerson, findPerson } from "./people";

/**
 * What visitors sent, for the practice at /admin/inbox and /admin/people (issue 30,
 * docs/decisions/033): contact messages, bookings and newsletter sign-ups from `submissions`,
 * orders from `orders`, in one list newest first. One file per concern: the list (listing.ts),
 * one message (message.ts), the CSV (download.ts, export-columns.ts, csv.ts) and a person's data
 * (people.ts, erasures.ts), over what they share (rows.ts). `erasureList` is the list of
 * erasures kept beside the backups, which a restore applies again (erasures.ts).
 */
export function createInbox(db: Db, options: { erasureList?: string } = {}): InboxService {
  return {
    page: (filter, page) => inboxPage(db, filter, page),
    newCount: () => newCount(db),
    attention: () => attention(db),
    detail: (id, reader) => messageDetail(db, id, reader),
    setHandled: (id, handled) => setHandled(db, id, handled),
    retryDelivery: (id, deliveryId, reader) => retryDelivery(db, id, deliveryId, reader),
    csv: (filter, reader) => inboxCsv(db, filter, reader),
    findPerson: (queries) => findPerson(db, queries),
    auditPerson: (reader, record, action) => auditPerson(db, reader, record, action),
    erasePerson: (queries, reader) => erasePerson(db, queries, reader, options.erasureList),
  };
}
