import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Every form a visitor sends, stored before anything else happens. A "payment" row is the
 * notification of a newly-paid order: it carries the e-mails to the practice and the receipt.
 */
export const submissions = pgTable(
  "submissions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["contact", "newsletter", "booking", "payment"] }).notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    status: text("status").notNull().default("received"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("submissions_kind_created_idx").on(t.kind, t.createdAt)],
);

/** The outbox: one row per submission and destination, worked off with retries. */
export const deliveries = pgTable(
  "deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    submissionId: bigint("submission_id", { mode: "number" })
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /**
     * "email-fallback": the lead sent to the practice inbox because HubSpot rejected it or gave
     * up (issue 16); it carries the reason.
     */
    destination: text("destination", {
      enum: ["hubspot", "email", "receipt", "email-fallback"],
    }).notNull(),
    /** "held": kept back for review during a flood of posts (docs/decisions), released by hand */
    status: text("status", {
      enum: ["pending", "sending", "delivered", "rejected", "dead", "held"],
    })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
    uniqueIndex("deliveries_submission_destination_idx").on(t.submissionId, t.destination),
  ],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    token: text("token").notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscribers_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("subscribers_token_idx").on(t.token),
  ],
);

export const testimonialsCache = pgTable("testimonials_cache", {
  id: integer("id").primaryKey(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  rows: jsonb("rows").$type<unknown[]>().notNull(),
});

/** Fixed-window counters for form rate limits, shared by every process on one database. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Orders paid (or started) through Paystack. Financial records: RETENTION_DAYS does not delete
 * them (docs/decisions/007). Amounts are whole kobo; the price comes from app/content/.
 */
export const orders = pgTable(
  "orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** our random, unguessable transaction reference, also Paystack's */
    reference: text("reference").notNull(),
    itemId: text("item_id").notNull(),
    itemName: text("item_name").notNull(),
    amountKobo: integer("amount_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    status: text("status", { enum: ["pending", "paid", "failed"] })
      .notNull()
      .default("pending"),
    /** why an order failed, in words without personal data */
    failureReason: text("failure_reason"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** when the reconciliation sweep last asked Paystack about this order; the sweep goes oldest first */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_reference_idx").on(t.reference),
    index("orders_created_idx").on(t.createdAt),
  ],
);

/**
 * Idempotency keys of form posts (docs/decisions/012). `key` is a hash of the form, the browser's
 * random key and the content, so a repeat of the same post finds the first one's row and a reused
 * key with other content is new. Written in the same transaction as what it points to.
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  submissionId: bigint("submission_id", { mode: "number" }).references(() => submissions.id, {
    onDelete: "cascade",
  }),
  // A key only points at an unpaid order's Paystack page; it goes when retention deletes the order.
  orderId: bigint("order_id", { mode: "number" }).references(() => orders.id, {
    onDelete: "cascade",
  }),
  /** checkout: Paystack's payment page for this order, so a repeat never initializes twice */
  answer: jsonb("answer").$type<{ url: string }>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last run of each background job (retention, reconciliation, digest), shared by every
 * process on one database, so GET /status can say when one failed or has not run in its interval.
 * No personal data: a job's error is stored as its kind and code only.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastOkAt: timestamp("last_ok_at", { withTimezone: true }),
  /** set when the last run failed, cleared by the next success */
  lastError: text("last_error"),
  failures: integer("failures").notNull().default(0),
});
