import type { Access } from "./auth";

/** What visitors sent, for the practice at /admin/inbox and /admin/people (server/inbox/). */

/**
 * "booking" is a request through the scheduling provider (BOOKINGS=external); "appointment" a
 * session booked on the site itself (BOOKINGS=native, issue 42), with its time and counsellor.
 */
export type InboxKind = "contact" | "booking" | "appointment" | "newsletter" | "order";

export interface InboxFilter {
  kind?: InboxKind;
  status?: "new" | "handled";
  /** a name, e-mail or phone, or part of one */
  q?: string;
  /** received on or after this day, Lagos time (YYYY-MM-DD) */
  from?: string;
  /** received on or before this day, Lagos time (YYYY-MM-DD) */
  to?: string;
  /** how from and to were chosen: a month named for the practice, or days she picked */
  period?: "this-month" | "last-month" | "range";
}

/** One row of /admin/inbox. `id` is "s" + a submission's id or "o" + an order's. */
export interface InboxRow {
  id: string;
  kind: InboxKind;
  name: string;
  email: string;
  phone: string;
  /** ISO */
  at: string;
  handled: boolean;
  /** a booking: "booked" or "not finished at the provider"; an order: paid, pending or failed */
  state: string;
  /** "HubSpot: delivered, e-mail: failed", "Held (flood)", or "Paystack: paid" */
  went: string;
  amountKobo?: number;
  reference?: string;
  /** a booked session: what, with whom, when and where it stands */
  appointment?: InboxAppointment;
}

/** A session booked on the site, in the practice's words (server/inbox/appointments.ts). */
export interface InboxAppointment {
  id: number;
  /** the session type's name */
  session: string;
  /** the counsellor's name */
  counsellor: string;
  /** ISO */
  starts: string;
  /** ISO */
  ends: string;
  /** "Monday 7 December 2026, 9:00 AM to 9:50 AM WAT" */
  when: string;
  /** Booked, Cancelled, Attended, No-show, or Held while they pay */
  status: string;
  /** "The visitor, on the website" or "The practice" */
  bookedBy: string;
  /** ISO, when cancelled */
  cancelledAt?: string;
  cancelledBy?: string;
}

export interface InboxPage {
  rows: InboxRow[];
  more: boolean;
}

export interface InboxDetail {
  row: InboxRow;
  fields: { label: string; value: string }[];
  deliveries: {
    id: number;
    destination: string;
    status: string;
    attempts: number;
    lastError?: string;
    deliveredAt?: string;
  }[];
}

/** Everything the site holds about one person (/admin/people); the downloaded JSON file. */
export interface PersonRecord {
  /** the e-mail addresses and phone numbers searched for, as compared (lower case; digits) */
  query: string[];
  /** who was found: the names, addresses and numbers written in these records, as written */
  seen: { names: string[]; emails: string[]; phones: string[] };
  /**
   * an address or number seen in these records but not searched for, with the records it finds
   * that are not above: perhaps the same person, for the practice to include before erasing
   */
  related: PersonRelated[];
  submissions: { id: string; kind: string; at: string; fields: Record<string, string> }[];
  orders: {
    id: string;
    reference: string;
    item: string;
    amountNaira: string;
    status: string;
    at: string;
    name: string;
    email: string;
    phone: string;
  }[];
  subscribers: { email: string; subscribedAt: string; unsubscribedAt?: string }[];
  /** sessions booked on the site, each with the submission that holds their name and contact */
  appointments: (InboxAppointment & { submission: string })[];
  waiting: { id: number; submission: string; destination: string; status: string }[];
  audit: { at: string; who: string; action: string; record: string }[];
}

export interface PersonRelated {
  /** the address or number as written in the records; searching for it adds `records` */
  value: string;
  records: { id: string; kind: string; at: string; name: string; email: string; phone: string }[];
}

export interface PersonErasure {
  /** the addresses and numbers whose records were erased, as compared */
  erased: string[];
  submissions: number;
  deliveries: number;
  cancelled: number;
  subscribers: number;
  orders: number;
  keys: number;
  /** booked sessions erased with their submissions */
  appointments: number;
  /** records that share a detail with those erased but were not included: still held */
  notIncluded: PersonRelated[];
}

export interface InboxService {
  page(filter: InboxFilter, page: number): Promise<InboxPage>;
  newCount(): Promise<number>;
  /** deliveries that need the practice: failed for good, or held during a flood */
  attention(): Promise<{ failed: number; held: number }>;
  /** the whole submission and its deliveries; reading it is audited */
  detail(id: string, reader: Access): Promise<InboxDetail | undefined>;
  setHandled(id: string, handled: boolean): Promise<boolean>;
  /** a failed, dead or held delivery sent again (Retry, Release) */
  retryDelivery(id: string, deliveryId: number, reader: Access): Promise<boolean>;
  /** the CSV of a filter, in pieces read a chunk at a time; audited */
  csv(filter: InboxFilter, reader: Access): AsyncIterable<string>;
  /**
   * what is held under any of these addresses and numbers (at most 8); undefined when one is
   * neither a whole e-mail address nor a phone number
   */
  findPerson(queries: string[]): Promise<PersonRecord | undefined>;
  auditPerson(reader: Access, record: PersonRecord, action: string): Promise<void>;
  /** erases what findPerson(queries) finds, and lists it for a restore (server/inbox/erasures.ts) */
  erasePerson(queries: string[], reader: Access): Promise<PersonErasure | undefined>;
}
