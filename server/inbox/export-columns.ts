import { csvLine } from "./csv";

/**
 * The columns of the CSV of what visitors sent, one list per kind. `npm run export`
 * (server/operations/commands/export.ts) and the inbox's Download CSV (./download.ts) both write from
 * these lists, so the two files cannot drift apart (issue 30, docs/decisions/033). A column is its
 * heading and how a row's cell is made from the stored record; ./csv.ts quotes the cell and
 * neutralises a formula.
 */

/** A contact message, booking or newsletter sign-up, with its deliveries in the order made. */
export interface SubmissionRecord {
  id: number;
  createdAt: Date;
  /** submissions.status */
  status: string;
  payload: Record<string, string>;
  deliveries: { destination: string; status: string }[];
}

/** An order (docs/decisions/007). */
export interface OrderRecord {
  reference: string;
  createdAt: Date;
  status: string;
  paidAt: Date | null;
  itemId: string;
  itemName: string;
  amountKobo: number;
  currency: string;
  name: string;
  email: string;
  phone: string;
  failureReason: string | null;
}

type Column<T> = readonly [heading: string, cell: (row: T) => unknown];

function submissionColumns(fields: readonly string[]): Column<SubmissionRecord>[] {
  return [
    ["id", (r) => r.id],
    ["received_at", (r) => r.createdAt],
    ["status", (r) => r.status],
    ...fields.map((field): Column<SubmissionRecord> => [field, (r) => r.payload[field] ?? ""]),
    ["delivery", (r) => r.deliveries.map((d) => `${d.destination}: ${d.status}`).join("; ")],
  ];
}

const orderColumns: Column<OrderRecord>[] = [
  ["reference", (o) => o.reference],
  ["created_at", (o) => o.createdAt],
  ["status", (o) => o.status],
  ["paid_at", (o) => o.paidAt],
  ["item_id", (o) => o.itemId],
  ["item", (o) => o.itemName],
  ["amount_naira", (o) => (o.amountKobo / 100).toFixed(2)],
  ["currency", (o) => o.currency],
  ["name", (o) => o.name],
  ["email", (o) => o.email],
  ["phone", (o) => o.phone],
  ["failure_reason", (o) => o.failureReason],
];

const columns = {
  contact: submissionColumns(["name", "email", "phone", "need", "message", "pageUri"]),
  booking: submissionColumns(["name", "email", "phone", "booked", "pageUri"]),
  newsletter: submissionColumns(["email", "pageUri"]),
  orders: orderColumns,
};

/** What `--kind` names: one file each. */
export type ExportKind = keyof typeof columns;
export const exportKinds = Object.keys(columns) as ExportKind[];
export const isExportKind = (value: string): value is ExportKind => Object.hasOwn(columns, value);

type RecordOf<K extends ExportKind> = K extends "orders" ? OrderRecord : SubmissionRecord;

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
 * The file of every kind at once: `kind`, then each kind's headings in the order above, a heading
 * the kinds share (status, name, email, phone…) once. A row fills its own kind's columns, with the
 * same cells as in its kind's file, and leaves the others empty.
 */
export const allKindsHeadings = [
  "kind",
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
  cells[0] = kind;
  const slots = allKindsSlots[kind];
  (columns[kind] as Column<RecordOf<K>>[]).forEach(([, cell], i) => {
    cells[slots[i]!] = cell(record);
  });
  return csvLine(cells);
}
