import type { Access } from "./auth";

/** What visitors sent, for the practice at /admin/inbox and /admin/people (server/inbox/). */

export type InboxKind = "contact" | "booking" | "newsletter" | "order";

export interface InboxFilter {
  kind?: InboxKind;
  status?: "new" | "handled";
  /** a name, e-mail or phone, or part of one */
  q?: string;
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
  query: string;
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
  subscriber?: { email: string; subscribedAt: string; unsubscribedAt?: string };
  waiting: { id: number; submission: string; destination: string; status: string }[];
  audit: { at: string; who: string; action: string; record: string }[];
}

export interface PersonErasure {
  submissions: number;
  deliveries: number;
  cancelled: number;
  subscribers: number;
  orders: number;
  keys: number;
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
  /** undefined when the query is neither an e-mail address nor a phone number */
  findPerson(query: string): Promise<PersonRecord | undefined>;
  auditPerson(reader: Access, record: PersonRecord, action: string): Promise<void>;
  erasePerson(query: string, reader: Access): Promise<PersonErasure | undefined>;
}
