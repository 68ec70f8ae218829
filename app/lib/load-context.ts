import type { Transform } from "node:stream";
import type { DocumentId, SiteContent } from "~/content/documents";
import type { EditorAuth } from "./services/auth";
import type { BackupShelf } from "./services/backups";
import type { BookingSettingsService } from "./services/booking-settings";
import type { BookingsService } from "./services/bookings";
import type { ContentEditing } from "./services/content-editing";
import type { FormsService } from "./services/forms";
import type { InboxService } from "./services/inbox";
import type { PaymentsService } from "./services/payments";
import type { PhotoUploads } from "./services/photos";
import type { Testimonial } from "./services/testimonials";

/**
 * What the server hands every loader and action (server/app.ts builds it per request): what a
 * route can reach. Only the types live here, each service's in app/lib/services/; the values never
 * reach the browser unless a loader returns them.
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
   * The published content of every document (app/content/documents/) as of this request, or,
   * for a signed-in editor's preview, the published content with their draft in place.
   */
  content: SiteContent;
  /** when each document's live version was published (ISO; the epoch for shipped content) */
  contentPublishedAt: Record<DocumentId, string>;
  /** the practice's editor (server/auth, server/content); absent when EDITOR_EMAILS is unset */
  editor?: EditorServices;
}

/** What the editor's routes (app/routes/admin/) may ask of the server. */
export interface EditorServices {
  auth: EditorAuth;
  /** INBOX_EMAILS is set: the pages of what visitors sent exist (app/lib/admin/access.server.ts) */
  inboxOn: boolean;
  /** what visitors sent (server/inbox/); present when inboxOn */
  inbox?: InboxService;
  content: ContentEditing;
  photos: PhotoUploads;
  /** the site's own backups, for /admin/backups (server/operations/backup/shelf.ts) */
  backups: BackupShelf;
  /** each counsellor's hours, time off and calendars; present when BOOKINGS=native and inboxOn */
  bookingSettings?: BookingSettingsService;
}

export interface SiteServices {
  /** Approved testimonials (sheet, its cache, or content/); null only when there is nothing to show. */
  testimonials: () => Promise<Testimonial[] | null>;
  /** the scheduling provider's booking page (SCHEDULING_URL or the content default) */
  schedulingUrl: string;
  /** bookings the practice owns; present when BOOKINGS=native (docs/decisions/042) */
  bookings?: BookingsService;
  /** GA4 id when analytics is configured */
  gaMeasurementId?: string;
  forms: FormsService;
  /** online payments through Paystack; absent when PAYSTACK_SECRET_KEY is not set */
  payments?: PaymentsService;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}
