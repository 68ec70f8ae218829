import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { searchTextSql } from "./search-text";

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
    /** when the practice marked it handled in /admin/inbox; null = New (issue 30) */
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    index("submissions_kind_created_idx").on(t.kind, t.createdAt),
    // The inbox's newest-first pages, whatever the kind (docs/decisions/033).
    index("submissions_created_id_idx").on(t.createdAt, t.id),
    // Finding a person by e-mail or phone (server/inbox/people.ts, personMatch, and a search); the
    // phone as the inbox compares it: digits only, +234 written as 0.
    index("submissions_email_idx").on(sql`lower(${t.payload}->>'email')`),
    index("submissions_phone_idx").on(
      sql`regexp_replace(regexp_replace(coalesce(${t.payload}->>'phone', ''), '[^0-9]', '', 'g'), '^234', '0')`,
    ),
    // The inbox's search by part of a name, e-mail or phone (pg_trgm, migration 0013).
    index("submissions_search_idx").using(
      "gin",
      sql`${searchTextSql(sql`${t.payload}->>'name'`, sql`${t.payload}->>'email'`, sql`${t.payload}->>'phone'`)} gin_trgm_ops`,
    ),
    // How many are new, counted on /admin.
    index("submissions_new_idx")
      .on(t.kind)
      .where(sql`handled_at is null`),
  ],
);

/**
 * Where a delivery goes. A booking's e-mails (server/bookings/mails/) are several of one kind per
 * submission, so theirs carry what tells them apart after a colon ("booking-reminder:24h:s0"):
 * the unique (submission_id, destination) index then still allows each exactly once. A
 * destination's family (before the colon) picks its handler and its line in /status.
 */
export const DELIVERY_FAMILIES = [
  "hubspot",
  "email",
  "receipt",
  "email-fallback",
  "booking-visitor",
  "booking-practice",
  "booking-reminder",
] as const;
export type DeliveryFamily = (typeof DELIVERY_FAMILIES)[number];
export type BookingMailFamily = Extract<DeliveryFamily, `booking-${string}`>;
export type DeliveryDestination =
  Exclude<DeliveryFamily, BookingMailFamily> | `${BookingMailFamily}:${string}`;

/** The family of a destination: "booking-reminder:24h:s0" → "booking-reminder". */
export function destinationFamily(destination: string): DeliveryFamily {
  return destination.split(":", 1)[0] as DeliveryFamily;
}

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
    destination: text("destination").$type<DeliveryDestination>().notNull(),
    /**
     * "held": kept back for review during a flood of posts (docs/decisions), released by hand;
     * "skipped": no longer needed when its time came (a reminder of a cancelled or moved booking)
     */
    status: text("status", {
      enum: ["pending", "sending", "delivered", "rejected", "dead", "held", "skipped"],
    })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /**
     * What one message needs beyond its submission and appointment: the change-or-cancel link's
     * token, the practice's words on a cancel (docs/decisions/042, amendment). Emptied when the
     * row is finished, so a token is readable only until its e-mail has gone.
     */
    detail: jsonb("detail").$type<Record<string, string>>(),
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
    /** when the practice marked it handled in /admin/inbox; null = New (issue 30) */
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_reference_idx").on(t.reference),
    index("orders_created_idx").on(t.createdAt),
    // The inbox's search (pg_trgm, migration 0013), as submissions_search_idx.
    index("orders_search_idx").using(
      "gin",
      sql`${searchTextSql(sql`${t.name}`, sql`${t.email}`, sql`${t.phone}`)} gin_trgm_ops`,
    ),
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

/** Raw bytes; photos are kept in the database so backups and every instance carry them. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every version of every content document (app/content/documents/), never updated or deleted:
 * the history the practice restores from. The live version of a document is its highest
 * `version` whose `publish_at` has passed; version 1 is the shipped content. Retention never
 * touches this table.
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    doc: text("doc").notNull(),
    version: integer("version").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    /** when it goes (or went) live; later than created_at for a scheduled version */
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** the editor's address, or "shipped" for the content that came with the site */
    createdBy: text("created_by").notNull(),
    /** the version this one restores, when it is a restore */
    restoredFrom: integer("restored_from"),
    /** a scheduled version that an editor called off before it went live */
    cancelled: boolean("cancelled").notNull().default(false),
    /** the editor's idempotency key of the publish, so a repeat never publishes twice */
    requestKey: text("request_key"),
    /** what was sent under `request_key` (a hash): the same key with other content is refused */
    requestHash: text("request_hash"),
    /** the live version this one was edited from: a scheduled version is merged against it */
    baseVersion: integer("base_version"),
    /**
     * A scheduled version's fate (docs/decisions/027, "Scheduled versions"): "pending" until its
     * time, then "live" (nothing was published meanwhile), "merged" (it went live on top of what
     * was published meanwhile, as a new version) or "refused" (both changed the same field).
     * Null for a version published at once. Only null and "live" versions can be live.
     */
    scheduleState: text("schedule_state"),
    /** what became of a scheduled version, in words for the history, and when it was settled */
    scheduleNote: text("schedule_note"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("content_versions_doc_version_idx").on(t.doc, t.version),
    uniqueIndex("content_versions_request_key_idx").on(t.requestKey),
  ],
);

/**
 * An editor's unpublished work on one document, saved by "Save draft": one per document and
 * editor (issue 29, item 8), so that one editor's save never replaces another's.
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    doc: text("doc").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    /** the published version the draft was started from */
    baseVersion: integer("base_version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** the editor whose draft it is (only they load, save, publish or discard it) */
    updatedBy: text("updated_by").notNull(),
  },
  (t) => [primaryKey({ columns: [t.doc, t.updatedBy] })],
);

/** Who changed what, when: publishes, restores, uploads, sign-ins. Retention never deletes it. */
export const contentAudit = pgTable(
  "content_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    editor: text("editor").notNull(),
    action: text("action").notNull(),
    doc: text("doc"),
    version: integer("version"),
    detail: text("detail"),
  },
  (t) => [index("content_audit_at_idx").on(t.at)],
);

/** An uploaded photo: its key is what content documents name, as they name the shipped images. */
export const photos = pgTable("photos", {
  key: text("key").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: text("created_by").notNull(),
});

/** The re-encoded files of a photo, one per width and format, served with immutable caching. */
export const photoFiles = pgTable(
  "photo_files",
  {
    photoKey: text("photo_key")
      .notNull()
      .references(() => photos.key, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format", { enum: ["avif", "webp"] }).notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoKey, t.width, t.format] })],
);

/**
 * Sign-in links e-mailed to editors. Only the SHA-256 of the link's token is kept, and of the
 * browser binding (a cookie set in the browser that asked), so a database read signs no one in.
 */
export const editorLinks = pgTable("editor_links", {
  tokenHash: text("token_hash").primaryKey(),
  email: text("email").notNull(),
  browserHash: text("browser_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Editors' sessions, kept here so they can be revoked; the id is the hash of the cookie's token. */
export const editorSessions = pgTable(
  "editor_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** the absolute end, 30 days after sign-in */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** "Chrome on Android", from the User-Agent at sign-in, for the editor's list of devices */
    device: text("device"),
    /**
     * How it began (docs/decisions/031): "link" (an e-mailed link), "passkey", or "recovery": an
     * e-mailed link of an editor who has a passkey, which may only add or remove passkeys.
     */
    kind: text("kind").notNull().default("link"),
  },
  (t) => [index("editor_sessions_email_idx").on(t.email)],
);

/**
 * Editors' passkeys (docs/decisions/031): the credential's id and public key as the browser gave
 * them (base64url), and its signature counter. No private key ever reaches the server.
 */
export const editorPasskeys = pgTable(
  "editor_passkeys",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** "internal,hybrid": how the browser may reach it, as it said at registration */
    transports: text("transports"),
    /** "Chrome on Android", where it was set up, for the editor's list */
    device: text("device"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /**
     * Set up from a recovery session (an e-mailed link alone): it signs in only from this time
     * on, and until then any full session of the address may cancel it (docs/decisions/040)
     */
    pendingUntil: timestamp("pending_until", { withTimezone: true }),
  },
  (t) => [index("editor_passkeys_email_idx").on(t.email)],
);

/**
 * The challenges a passkey signs: kept by hash, each used once and within minutes. A
 * registration's challenge names the address that asked; a sign-in's names none.
 */
export const editorPasskeyChallenges = pgTable("editor_passkey_challenges", {
  challengeHash: text("challenge_hash").primaryKey(),
  purpose: text("purpose").notNull(),
  email: text("email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * Secrets the site makes for itself and keeps across restarts and instances: "erasure-salt", the
 * salt of the hashed address an erasure is recorded under (docs/decisions/033).
 */
export const siteSecrets = pgTable("site_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Holds and bookings of a counsellor's time (docs/decisions/042). The database itself refuses two
 * rows of one counsellor whose [starts_at, blocked_until) overlap, unless one is cancelled: the
 * exclusion constraint is in migration 0012 (Drizzle cannot declare one). blocked_until is the end
 * plus the buffer in force when it was booked. A booking is also a submission (kind "booking"),
 * so the inbox, people, erasure and backups carry it; erasing the person removes the row.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** the submission the visitor's details live in; null only for a hold */
    submissionId: bigint("submission_id", { mode: "number" }).references(() => submissions.id, {
      onDelete: "cascade",
    }),
    /** the team member's id in the team document */
    counsellorId: text("counsellor_id").notNull(),
    /** the session type's id in the services document */
    sessionType: text("session_type").notNull(),
    status: text("status", { enum: ["held", "booked", "cancelled"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    /** a hold (waiting for payment) stops blocking the time after this */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** the calendar file's SEQUENCE: one more at every move or cancel */
    sequence: integer("sequence").notNull().default(0),
    /** sha256 of the change-or-cancel link's token (base64url); the token itself is never kept */
    tokenHash: text("token_hash"),
    /** "site" (the visitor booked) or "practice" (added by hand in /admin/bookings) */
    source: text("source", { enum: ["site", "practice"] })
      .notNull()
      .default("site"),
    /** the Paystack reference when the session is paid at booking */
    paymentReference: text("payment_reference"),
    /** set by the practice after the session */
    attendance: text("attendance", { enum: ["attended", "no-show"] }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** "visitor" or "practice" */
    cancelledBy: text("cancelled_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("appointments_counsellor_starts_idx").on(t.counsellorId, t.startsAt),
    index("appointments_starts_idx").on(t.startsAt),
    uniqueIndex("appointments_token_idx").on(t.tokenHash),
    index("appointments_submission_idx").on(t.submissionId),
  ],
);

/**
 * Each counsellor's own booking settings, edited in /admin/bookings. A counsellor without a row
 * works the office hours with the default rules (app/lib/bookings/booking-rules.ts).
 */
export const counsellorSettings = pgTable("counsellor_settings", {
  counsellorId: text("counsellor_id").primaryKey(),
  /** WeeklyHours (app/lib/bookings/weekly-hours.ts): 7 lists of {start, end} minutes, Monday first */
  weeklyHours: jsonb("weekly_hours").$type<{ start: number; end: number }[][]>(),
  bufferMinutes: integer("buffer_minutes"),
  noticeMinutes: integer("notice_minutes"),
  horizonDays: integer("horizon_days"),
  /** sha256 of the secret in the private calendar address …/calendar/<secret>.ics; new = old revoked */
  feedSecretHash: text("feed_secret_hash"),
  /** the counsellor's own calendar's secret iCal address, read for busy times; a secret */
  busyFeedUrl: text("busy_feed_url"),
  busyFeedCheckedAt: timestamp("busy_feed_checked_at", { withTimezone: true }),
  /** why the last read failed, in words without personal data; null when it worked */
  busyFeedError: text("busy_feed_error"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A counsellor's days away, Lagos dates inclusive (YYYY-MM-DD). */
export const counsellorTimeOff = pgTable(
  "counsellor_time_off",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    counsellorId: text("counsellor_id").notNull(),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("counsellor_time_off_idx").on(t.counsellorId, t.toDate)],
);

/** Busy times read from a counsellor's own calendar; each read replaces the counsellor's rows. */
export const counsellorBusyTimes = pgTable(
  "counsellor_busy_times",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    counsellorId: text("counsellor_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("counsellor_busy_times_idx").on(t.counsellorId, t.startsAt)],
);
