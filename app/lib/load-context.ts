import type { Transform } from "node:stream";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import type { DocumentId, SiteContent } from "~/content/documents";
import type { BookingInput, CheckoutInput, ContactInput, NewsletterInput } from "./forms/schemas";

/**
 * What the server hands every loader and action (server/app.ts builds it per request). Only the
 * type lives here; the values never reach the browser unless a loader returns them.
 */
export interface SiteLoadContext {
  /** this response's CSP nonce; absent when the page is rendered once for the page cache */
  nonce?: string;
  /** rendered once for the page cache (server/http/pages/page-cache.ts): the whole document at once */
  prerender?: boolean;
  /** public origin without trailing slash, from SITE_URL */
  siteUrl: string;
  /** build identifier shown on /test */
  version: string;
  /** where the site's small script is served from (scripts/build-enhance.ts); docs/decisions/017 */
  enhanceScript?: string;
  /** the text of a built file under /assets/, for inlining it; absent in development */
  assetText?: (href: string) => string | undefined;
  /** logs a message with no personal data */
  log: (level: "info" | "warn" | "error", msg: string, fields?: Record<string, unknown>) => void;
  /**
   * what may be logged about an error thrown by a loader or action: a failed query's message
   * carries its parameters (what a visitor typed), so only the driver's reason (server/db/errors.ts)
   */
  describeError: (error: unknown) => string;
  /**
   * a stream that rewrites a rendered page's script tags on their way out (server/http/pages/document-scripts.ts,
   * docs/decisions/017); the server hands it over so that app/ never imports server/
   */
  scriptRewriter: () => Transform;
  /** the visitor's IP address (X-Forwarded-For only when TRUST_PROXY is set); never logged */
  clientIp: string;
  /** server-side capabilities, built once at start by server/visitors/services.ts */
  services: SiteServices;
  /**
   * The published content of every document (app/content/documents.ts) as of this request, or,
   * for a signed-in editor's preview, the published content with their draft in place.
   */
  content: SiteContent;
  /** when each document's live version was published (ISO; the epoch for shipped content) */
  contentPublishedAt: Record<DocumentId, string>;
  /** the practice's editor (server/auth, server/content); absent when EDITOR_EMAILS is unset */
  editor?: EditorServices;
}

/** A signed-in editor. */
export interface Editor {
  email: string;
}

/**
 * What a signed-in address may do (docs/decisions/033): `edit` when it is in EDITOR_EMAILS, `inbox`
 * when it is in INBOX_EMAILS (what visitors sent, people's data, backups). `signedInAt` is when
 * this session's sign-in link was used, for the step-up before a download or an erasure.
 */
export interface Access {
  email: string;
  edit: boolean;
  inbox: boolean;
  signedInAt: Date;
  /**
   * an e-mailed link of an editor who has a passkey (docs/decisions/031): `edit` and `inbox` are
   * then false, and only /admin/account's passkeys may be changed
   */
  recovery?: boolean;
}

/** One of the signed-in editor's passkeys, as /admin/account lists it. */
export interface EditorPasskey {
  /** the credential's id (public) */
  id: string;
  /** "Chrome on Android", where it was set up */
  device: string;
  createdAt: string;
  lastUsedAt?: string;
}

export type PasskeyRegistration =
  | { status: "registered" }
  /** no session, or the answer was not accepted (its reason is logged) */
  | { status: "refused" };

export type PasskeySignInOptions =
  | { status: "ok"; options: PublicKeyCredentialRequestOptionsJSON }
  | { status: "rate-limited"; retryAfterSeconds: number };

export type PasskeySignIn =
  | { status: "signed-in"; headers: Headers }
  | { status: "refused" }
  | { status: "rate-limited"; retryAfterSeconds: number };

export type { AuthenticationResponseJSON, RegistrationResponseJSON };

/** A step-up (server/auth, `stepUp`): signed in recently enough, or a fresh link was mailed. */
export type StepUp =
  | { status: "recent" }
  | { status: "sent"; email: string; headers: Headers }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** What the editor's routes (app/routes/admin/) may ask of the server. */
export interface EditorServices {
  auth: EditorAuth;
  /** INBOX_EMAILS is set: the pages of what visitors sent exist (app/lib/admin/access.server.ts) */
  inboxOn: boolean;
  /** what visitors sent (server/inbox.ts); present when inboxOn */
  inbox?: InboxService;
  content: ContentEditing;
  photos: PhotoUploads;
  /** the site's own backups, for /admin/backups (server/operations/backup/shelf.ts) */
  backups: BackupShelf;
}

/** One backup in BACKUP_DIR as /admin/backups lists it. */
export interface BackupEntry {
  name: string;
  createdAt: string;
  bytes: number;
  /** read back and every table's rows counted before it got its name */
  verified: boolean;
  /** encrypted with age: it downloads encrypted, and only the practice's key opens it */
  encrypted: boolean;
  /** copied to the storage off the server (BACKUP_S3_URL) */
  uploaded: boolean;
  /** a copy off the server is set up, and this one's upload failed and waits for another try */
  uploadWaiting: boolean;
}

/** How the backups are set up, for /admin/backups to say (docs/decisions/034). */
export interface BackupSetup {
  /** BACKUP_AGE_RECIPIENT is set and is an age public key */
  encrypted: boolean;
  /** BACKUP_S3_URL is set, with its key */
  offServer: boolean;
  /** settings that cannot work, in words (never their values) */
  problems: string[];
}

export interface BackupShelf {
  setup(): BackupSetup;
  /** newest first */
  list(): Promise<BackupEntry[]>;
  /**
   * writes, verifies, uploads (when set up) and lists a backup now; the audit list names who
   * asked. `refused` says why none may be written (a backup key setting that is not a key).
   */
  backUpNow(
    by: string,
  ): Promise<{ ok: true; entry: BackupEntry } | { ok: false; refused?: string }>;
  /** the file of a listed backup, for download (written to the audit list), or undefined */
  open(
    name: string,
    by: string,
  ): Promise<{ body: ReadableStream<Uint8Array>; bytes: number } | undefined>;
}

export interface EditorAuth {
  /** the editor signed in on this request, or null (an ended or revoked session is null) */
  currentEditor(request: Request): Promise<Editor | null>;
  /**
   * the signed-in editor, or throws a redirect to /admin (the sign-in form); every editor loader
   * and action starts with it
   */
  requireEditor(request: Request): Promise<Editor>;
  /**
   * what this request's signed-in address may do, or null when signed out; an address in either
   * list signs in, and each page checks the role it needs (app/lib/admin/access.server.ts)
   */
  access(request: Request): Promise<Access | null>;
  /**
   * the step-up before a download or an erasure (ASVS 5 level 2): "recent" when this session
   * signed in within the last 15 minutes, else a fresh link is mailed to the signed-in address
   * (bound to this browser; send the headers with the answer)
   */
  stepUp(access: Access, request: Request, clientIp: string): Promise<StepUp>;
  /**
   * asks for a sign-in link (POST /admin). Every address gets the same answer; only a listed one
   * gets a mail. The headers bind the link to this browser (a cookie): send them with the answer.
   */
  requestLink(email: string, request: Request, clientIp: string): Promise<LinkRequest>;
  /**
   * what a sign-in link is, without using it up: a GET may be a mail scanner. A link that does not
   * work is logged with the reason and the client's network (never an address).
   */
  inspectLink(token: string, request: Request, clientIp?: string): Promise<LinkState>;
  /** uses the link up (once) and starts a new session; the headers set its cookie */
  signIn(token: string, request: Request, clientIp?: string): Promise<SignInResult>;
  /** ends this request's session on the server; the headers clear its cookie */
  signOut(request: Request): Promise<{ headers: Headers }>;
  /** the signed-in editor's live sessions (their devices), most recently seen first */
  devices(request: Request): Promise<EditorDevice[]>;
  /** ends another of this editor's sessions by its id; false when it was not one to end */
  endDevice(request: Request, id: string): Promise<boolean>;
  /** ends every session of this editor, this one too; the headers clear its cookie */
  endEverywhere(request: Request): Promise<{ headers: Headers }>;
  /**
   * passkeys can be used: SITE_URL names a host (WebAuthn takes no IP address as its RP ID).
   * Everything below is about them (docs/decisions/031).
   */
  passkeysOn: boolean;
  /** the passkeys of the signed-in address (in a full or a recovery session), oldest first */
  passkeys(request: Request): Promise<EditorPasskey[]>;
  /** what the browser needs to make a passkey for the signed-in address, or null when signed out */
  passkeyRegistrationOptions(
    request: Request,
  ): Promise<PublicKeyCredentialCreationOptionsJSON | null>;
  /** checks and keeps a new passkey of the signed-in address */
  registerPasskey(
    request: Request,
    response: RegistrationResponseJSON,
    clientIp: string,
  ): Promise<PasskeyRegistration>;
  /**
   * removes one of the signed-in address's passkeys; "last" when a recovery session tried to
   * remove the only one left (the e-mailed link alone must never turn passkeys off)
   */
  removePasskey(request: Request, id: string): Promise<"removed" | "last" | "not-found">;
  /** a sign-in challenge; counted per network */
  passkeySignInOptions(request: Request, clientIp: string): Promise<PasskeySignInOptions>;
  /**
   * checks a passkey's answer and starts a session; counted per network, then per address.
   * `response` is undefined when the posted form was malformed (refused, and logged so).
   */
  signInWithPasskey(
    request: Request,
    response: AuthenticationResponseJSON | undefined,
    clientIp: string,
  ): Promise<PasskeySignIn>;
}

export interface EditorDevice {
  /** the session's id hash (never its token) */
  id: string;
  /** "Chrome on Android" */
  device: string;
  signedInAt: string;
  lastSeenAt: string;
  /** the device this request came from */
  current: boolean;
}

export type LinkRequest =
  | { status: "sent"; headers: Headers }
  /** this address or network asked too often; the same for listed and unlisted addresses */
  | { status: "rate-limited"; retryAfterSeconds: number };

export type LinkState =
  | { status: "valid" }
  /**
   * asked for in another browser: the page offers to send a new link here. It does not name the
   * address: whoever holds the link in another browser may not be the editor (issue 29, I1).
   */
  | { status: "other-browser" }
  /** unknown, used or expired */
  | { status: "invalid" };

export type SignInResult =
  /** `recovery`: the editor has a passkey, so the link gave a recovery session (decision 031) */
  | { status: "signed-in"; editor: Editor; headers: Headers; recovery?: boolean }
  | { status: "other-browser" }
  | { status: "invalid" };

export interface ContentEditing {
  /** the published version number of each document, and when and by whom */
  summary(): Promise<DocumentSummary[]>;
  /**
   * the published value of a document, `editor`'s own saved draft if there is one, and who else
   * has a draft of it (issue 29, item 8: drafts are kept per editor)
   */
  load(
    doc: DocumentId,
    editor: Editor,
  ): Promise<{
    published: DocumentVersion;
    draft?: DocumentDraft;
    otherDrafts: Omit<DocumentDraft, "value">[];
  }>;
  /**
   * `value`, edited from `baseVersion`, moved on top of the live version (issue 29, item 10): the
   * editor's changes since `baseVersion` kept, the rest as live. `base` is `baseVersion`'s value.
   */
  onTopOfLive(
    doc: DocumentId,
    value: unknown,
    baseVersion: number,
  ): Promise<{ live: DocumentVersion; base: unknown; value: unknown }>;
  saveDraft(
    doc: DocumentId,
    value: unknown,
    baseVersion: number,
    editor: Editor,
  ): Promise<PublishResult>;
  /** removes `editor`'s own draft of `doc`; another editor's draft is never touched */
  discardDraft(doc: DocumentId, editor: Editor): Promise<void>;
  /**
   * validates and publishes; refused when `baseVersion` is not the live version (another editor
   * published since). `requestKey` is the form's idempotency key: a repeat answers the first
   * outcome and never publishes twice. `publishAt` (ISO) schedules it. The publishing editor's
   * own draft goes; other editors' drafts stay, and they are told the page changed since.
   */
  publish(
    doc: DocumentId,
    value: unknown,
    options: { baseVersion: number; requestKey?: string; publishAt?: string; editor: Editor },
  ): Promise<PublishResult>;
  /** publishes an earlier version's value again, as a new version */
  restore(
    doc: DocumentId,
    version: number,
    options: { baseVersion: number; editor: Editor },
  ): Promise<PublishResult>;
  /** a scheduled version that has not gone live yet is called off */
  cancelScheduled(doc: DocumentId, version: number, editor: Editor): Promise<void>;
  /** every version of a document, newest first */
  history(doc: DocumentId): Promise<DocumentVersion[]>;
  version(doc: DocumentId, version: number): Promise<DocumentVersion | undefined>;
  /** who changed what, when, newest first */
  audit(limit: number, before?: number): Promise<AuditEntry[]>;
}

export type PublishResult =
  | { status: "ok"; version: number; scheduled?: boolean }
  /** the value breaks the document's schema; messages by field path ("items.0.answer") */
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  /** another editor published since `baseVersion` */
  | { status: "conflict"; current: DocumentVersion }
  /** the request key was already used for a different publish */
  | { status: "key-reused" };

/** A scheduled version's fate (docs/decisions/027, "Scheduled versions"). */
export type ScheduleState = "pending" | "live" | "merged" | "refused";

/**
 * What became of a scheduled version that met a newer one at its time: on the scheduled row,
 * `as` is the version it went live as (merged) or `fields` the paths both changed (refused); on
 * the version a merge made, `scheduled` names the scheduled one.
 */
export interface ScheduleNote {
  scheduled: number;
  onTop: number;
  as?: number;
  by?: string;
  fields?: string[];
}

export interface DocumentSummary {
  doc: DocumentId;
  version: number;
  publishedAt: string;
  publishedBy: string;
  /** a version set to go live later, if any */
  scheduled?: { version: number; publishAt: string };
  hasDraft: boolean;
  /** scheduled versions of the last 7 days that were merged on top of a newer one, or refused */
  settled: DocumentVersion[];
}

export interface DocumentVersion {
  doc: DocumentId;
  version: number;
  value: unknown;
  /** ISO; when it went (or goes) live */
  publishAt: string;
  createdAt: string;
  createdBy: string;
  restoredFrom?: number;
  cancelled?: boolean;
  scheduleState?: ScheduleState;
  scheduleNote?: ScheduleNote;
  /** when a scheduled version's fate was decided (ISO) */
  settledAt?: string;
  /** true for the version visitors see now */
  live: boolean;
}

export interface DocumentDraft {
  value: unknown;
  baseVersion: number;
  updatedAt: string;
  updatedBy: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  editor: string;
  action: string;
  doc?: string;
  version?: number;
  detail?: string;
}

export interface PhotoUploads {
  /**
   * checks an uploaded file (JPEG, PNG or WebP by its bytes, up to 10 MB and a pixel cap),
   * re-encodes it into the site's AVIF and WebP widths and stores it; the key is what a content
   * document names. A bad file gets a message for the field, never an exception. Photos are
   * encoded one at a time; when too many wait, `busy` says to try again in `retryAfterSeconds`.
   * Nothing is encoded once `signal` is aborted (the editor went away).
   */
  upload(
    file: File,
    editor: Editor,
    signal?: AbortSignal,
  ): Promise<
    { ok: true; key: string } | { ok: false; message: string; busy?: { retryAfterSeconds: number } }
  >;
}

/** One approved testimonial, as the site shows it. */
export interface Testimonial {
  name: string;
  review: string;
  /** 1 to 5 */
  stars: number;
  country: string;
}

export interface SiteServices {
  /** Approved testimonials (sheet, its cache, or content/); null only when there is nothing to show. */
  testimonials: () => Promise<Testimonial[] | null>;
  /** the scheduling provider's booking page (SCHEDULING_URL or the content default) */
  schedulingUrl: string;
  /** GA4 id when analytics is configured */
  gaMeasurementId?: string;
  forms: FormsService;
  /** online payments through Paystack; absent when PAYSTACK_SECRET_KEY is not set */
  payments?: PaymentsService;
}

export interface SubmitMeta {
  ip: string;
  /** the page the form was sent from, for the CRM's context */
  pageUri: string;
  pageName: string;
  /** the browser's idempotency key for this form instance; absent without JavaScript */
  idempotencyKey?: string;
}

/** What happened to a submission, as the visitor needs to know it. */
export type FormResult =
  /** stored; `deferred` when the CRM could not be reached yet and delivery continues later */
  | { status: "ok"; id: number; deferred: boolean }
  /**
   * stored, but the CRM refused it for good (HubSpot 400); `reachesTeam` when the practice's
   * inbox will still get it by e-mail
   */
  | { status: "rejected"; id: number; reachesTeam: boolean }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** the database could not store it: nothing was kept */
  | { status: "unavailable" };

export interface FormsService {
  contact(input: ContactInput, meta: SubmitMeta): Promise<FormResult>;
  /** stores a booking request; `token` lets the same visitor mark it booked */
  booking(input: BookingInput, meta: SubmitMeta): Promise<FormResult & { token?: string }>;
  markBooked(id: number, token: string): Promise<boolean>;
  newsletter(input: NewsletterInput, meta: SubmitMeta): Promise<FormResult>;
  unsubscribe(token: string): Promise<boolean>;
  /** what an unsubscribe link's token names, without changing anything (a GET may be a scanner) */
  subscription(token: string): Promise<"unknown" | "subscribed" | "unsubscribed">;
}

/** Where starting a payment left the visitor. */
export type CheckoutResult =
  /** the order is stored: send the visitor to Paystack's page */
  | { status: "redirect"; url: string }
  | { status: "unknown-item" }
  /** Paystack refused or did not answer in time; the order is marked failed, nothing charged */
  | { status: "failed" }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "unavailable" };

/** What a thank-you page may say about an order: never the payer's personal details. */
export interface OrderSummary {
  reference: string;
  itemId: string;
  itemName: string;
  amountKobo: number;
  /** ISO time, when paid */
  paidAt?: string;
}

/** What the server established about a payment reference, with Paystack's confirmation. */
export type PaymentCheck =
  /** verified: status success, our amount, in naira */
  | { status: "paid"; order: OrderSummary }
  /** Paystack has not finished with it yet */
  | { status: "pending"; order: OrderSummary }
  /** the visitor left Paystack's page without paying */
  | { status: "abandoned"; order: OrderSummary }
  /** the charge failed or was reversed */
  | { status: "failed"; order: OrderSummary }
  /** Paystack says success, but not for this order's amount or currency */
  | { status: "mismatch"; order: OrderSummary }
  /** Paystack could not be asked just now */
  | { status: "unavailable"; order: OrderSummary }
  /** no order has this reference */
  | { status: "unknown" }
  /** this address asked too often; the page says when to come back */
  | { status: "rate-limited"; retryAfterSeconds: number };

export interface PaymentsService {
  start(itemId: string, input: CheckoutInput, meta: SubmitMeta): Promise<CheckoutResult>;
  /** looks the order up and verifies it with Paystack; marks it paid (once) when it is */
  check(reference: string, ip?: string): Promise<PaymentCheck>;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}

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
