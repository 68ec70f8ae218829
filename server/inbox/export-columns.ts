import type { InboxAppointment } from "../../app/lib/services/inbox";
import { csvLine, phoneCell } from "./csv";
import { whereItWent } from "./rows";
import { ORDER_STATUS_WORDS, valueWords } from "./words";

/**
 * The columns of the CSV of what visitors sent, one list per kind. `npm run export`
 * (server/operations/commands/export.ts) and the inbox's Download CSV (./download.ts) both write from
 * these lists, so the two files cannot drift apart (issue 30, docs/decisions/033). A column is its
 * heading and how a row's cell is made from the stored record; ./csv.ts quotes the cell, writes a
 * time in Lagos time with its offset and neutralises a formula. Headings and values are in the
 * practice's words, not the stored field names and codes (issue 41, item 10).
 */

/** A contact message, booking request or newsletter sign-up, with its deliveries in the order made. */
export interface SubmissionRecord {
  id: number;
  createdAt: Date;
  /** when the practice marked it handled; null = New */
  handledAt: Date | null;
  payload: Record<string, string>;
  deliveries: { destination: string; status: string }[];
}

/** A session booked on the site: its submission (who, and where it went) and its appointment. */
export interface AppointmentRecord extends SubmissionRecord {
  appointment: InboxAppointment;
}

/** An order (docs/decisions/007). */
export interface OrderRecord {
  reference: string;
  createdAt: Date;
  handledAt: Date | null;
  status: string;
  paidAt: Date | null;
  itemName: string;
  amountKobo: number;
  currency: string;
  name: string;
  email: string;
  phone: string;
  failureReason: string | null;
}

type Column<T> = readonly [heading: string, cell: (row: T) => unknown];

const handled = (r: { handledAt: Date | null }) => (r.handledAt ? "Handled" : "New");
const went = (r: SubmissionRecord) => whereItWent(r.deliveries) || "Stored";

/** What each stored field of a form is headed in the file. */
const FIELD_HEADINGS: Record<string, string> = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  need: "Service asked about",
  message: "Message",
  booked: "Booked a time",
  pageUri: "Page",
};

function field(name: string): Column<SubmissionRecord> {
  const heading = FIELD_HEADINGS[name] ?? name;
  return name === "phone"
    ? [heading, (r) => phoneCell(r.payload.phone)]
    : [heading, (r) => (r.payload[name] ? valueWords(name, r.payload[name]) : "")];
}

function submissionColumns(fields: readonly string[]): Column<SubmissionRecord>[] {
  return [
    ["Number", (r) => r.id],
    ["Received", (r) => r.createdAt],
    ["New or handled", handled],
    ...fields.map(field),
    ["Where it went", went],
  ];
}

const appointmentColumns: Column<AppointmentRecord>[] = [
  ["Number", (r) => r.id],
  ["Received", (r) => r.createdAt],
  ["New or handled", handled],
  ["Session", (r) => r.appointment.session],
  ["Counsellor", (r) => r.appointment.counsellor],
  ["Session starts", (r) => new Date(r.appointment.starts)],
  ["Session ends", (r) => new Date(r.appointment.ends)],
  ["Session status", (r) => r.appointment.status],
  ...(["name", "email", "phone"] as const).map(field),
  ["Booked by", (r) => r.appointment.bookedBy],
  ["Cancelled", (r) => (r.appointment.cancelledAt ? new Date(r.appointment.cancelledAt) : "")],
  ["Cancelled by", (r) => r.appointment.cancelledBy ?? ""],
  ["Where it went", went],
];

const orderColumns: Column<OrderRecord>[] = [
  ["Reference", (o) => o.reference],
  ["Received", (o) => o.createdAt],
  ["New or handled", handled],
  ["Payment", (o) => ORDER_STATUS_WORDS[o.status] ?? o.status],
  ["Paid", (o) => o.paidAt],
  ["Item", (o) => o.itemName],
  ["Amount (naira)", (o) => (o.amountKobo / 100).toFixed(2)],
  ["Currency", (o) => o.currency],
  ["Name", (o) => o.name],
  ["E-mail", (o) => o.email],
  ["Phone", (o) => phoneCell(o.phone)],
  ["Why the payment failed", (o) => o.failureReason],
];

const columns = {
  contact: submissionColumns(["name", "email", "phone", "need", "message", "pageUri"]),
  booking: submissionColumns(["name", "email", "phone", "booked", "pageUri"]),
  appointments: appointmentColumns,
  newsletter: submissionColumns(["email", "pageUri"]),
  orders: orderColumns,
};

/** What `--kind` names: one file each. */
export type ExportKind = keyof typeof columns;
export const exportKinds = Object.keys(columns) as ExportKind[];
export const isExportKind = (value: string): value is ExportKind => Object.hasOwn(columns, value);

/** The kind column of the file of every kind, in the inbox's words. */
export const EXPORT_KIND_WORDS: Record<ExportKind, string> = {
  contact: "Contact message",
  booking: "Booking request",
  appointments: "Booked session",
  newsletter: "Newsletter sign-up",
  orders: "Order",
};

type RecordOf<K extends ExportKind> = K extends "orders"
  ? OrderRecord
  : K extends "appointments"
    ? AppointmentRecord
    : SubmissionRecord;

export const exportHeadings = (kind: ExportKind): string[] => columns[kind].map(([h]) => h);

/**
 * Every file starts with a UTF-8 byte-order mark: without it, Excel on Windows opens a
 * double-clicked CSV in the system's code page, and "Adébáyọ̀" arrives as "AdÃ©bÃ¡yá»Ì€".
 * Spreadsheets that read UTF-8 anyway skip it.
 */
const BOM = "\uFEFF";

/** The first line of a kind's file, after the byte-order mark. */
export const exportHeadingLine = (kind: ExportKind): string => BOM + csvLine(exportHeadings(kind));

/** One record as a line of its kind's file. */
export function exportLine<K extends ExportKind>(kind: K, record: RecordOf<K>): string {
  return csvLine((columns[kind] as Column<RecordOf<K>>[]).map(([, cell]) => cell(record)));
}

/**
 * The file of every kind at once: "Kind", then each kind's headings in the order above, a heading
 * the kinds share (Received, Name, E-mail, Phone…) once. A row fills its own kind's columns, with
 * the same cells as in its kind's file, and leaves the others empty.
 */
export const allKindsHeadings = [
  "Kind",
  ...new Set(exportKinds.flatMap((kind) => exportHeadings(kind))),
];

/** The first line of the file of every kind, after the byte-order mark. */
export const allKindsHeadingLine = (): string => BOM + csvLine(allKindsHeadings);

/** Where each kind's cells go in a line of the file of every kind. */
const allKindsSlots = Object.fromEntries(
  exportKinds.map((kind) => [kind, exportHeadings(kind).map((h) => allKindsHeadings.indexOf(h))]),
) as Record<ExportKind, number[]>;

export function allKindsLine<K extends ExportKind>(kind: K, record: RecordOf<K>): string {
  const cells: unknown[] = allKindsHeadings.map(() => "");
  cells[0] = EXPORT_KIND_WORDS[kind];
  const slots = allKindsSlots[kind];
  (columns[kind] as Column<RecordOf<K>>[]).forEach(([, cell], i) => {
    cells[slots[i]!] = cell(record);
  });
  return csvLine(cells);
}
