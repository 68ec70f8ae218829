import { join } from "node:path";
import type { EditorServices, SiteLoadContext } from "../app/lib/load-context";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import { BACKUP_GRACE_MS, BACKUP_INTERVAL_MS } from "./operations/backup/scheduled";
import { backupSettings } from "./operations/backup/settings";
import { createBackupShelf } from "./operations/backup/shelf";
import { warnForwardedOnce } from "./http/forwarded-warning";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { describeDatabaseError } from "./db/errors";
import type { Logger } from "./operations/logger";
import { formGuard } from "./http/form-guard";
import { requireValidHost } from "./http/host-header";
import { pageHandler } from "./http/pages/page-handler";
import { httpsOrigin } from "./http/request-origin";
import { type ServerEditorAuth, createEditorAuth } from "./auth";
import { editorGuard, isEditorPath, isOpenEditorPost } from "./auth/guard";
import { formBody } from "./http/form-body";
import { cookieNames, readCookie } from "./auth/cookies";
import { createInbox } from "./inbox";
import { createBookingAdmin } from "./bookings/admin";
import { bookingChoices } from "./bookings/admin-catalogue";
import { officeWeek } from "./bookings/catalogue";
import { bookingMailSettings, queueBookingMails } from "./bookings/mails/queue";
import { ERASURE_LIST } from "./inbox/erasures";
import { createMailer } from "./integrations/mail";
import { paystackCheckoutOrigin } from "./integrations/paystack";
import { WEBHOOK_PATH, paystackWebhook } from "./visitors/payments/webhook";
import { assetReader } from "./http/pages/document-assets";
import { scriptRewriter } from "./http/pages/document-scripts";
import { markupTokens, pageStylesheets } from "./http/pages/page-stylesheet";
import { type PageCache, createPageCache, tallyPagesFromMemory } from "./http/pages/page-cache";
import { RETENTION_FIRST_RUN_MS, RETENTION_INTERVAL_MS } from "./operations/retention";
import { createServices } from "./visitors/services";
import type { ContentStore } from "./content/store";
import { documentIds, documentShowsOn } from "../app/content/documents";
import { type JobSchedule, statusEndpoint } from "./operations/status";
import { assignNonce, collectHeaders, permissionsPolicy, securityHeaders } from "./http/security";
import { staticFiles } from "./http/static-files";
import { mediaFiles } from "./content/photos/media";
import { createPhotoUploads } from "./content/photos/uploads";
import { bookingFeedSource } from "./bookings/feed-source";
import {
  BUSY_FEED_FIRST_RUN_MS,
  BUSY_FEED_INTERVAL_MS,
  readCounsellorBusyFeed,
} from "./bookings/busy-feed";
import { calendarFeedRoute, loggablePath } from "./bookings/feed-route";
import { createBookingSettings } from "./bookings/settings";
import { weeklyHoursFrom } from "../app/lib/bookings/weekly-hours";

/** The pages whose actions accept posted forms; every other address refuses a POST with 405. */
const FORM_PATHS = ["/contact", "/schedule", "/newsletter", "/newsletter/unsubscribe", "/checkout"];
/** Addresses under which each page takes a form: a booking's change-or-cancel page (issue 42). */
const FORM_PREFIXES = ["/bookings/"];

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** the React Router server build, or a loader of it (development reloads it per request) */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** folder of built browser assets; absent in development, where Vite serves them */
  clientDir?: string;
  version: string;
  /** development only: Vite's middleware, mounted before the page handler */
  devMiddleware?: RequestHandler;
  /** the URL of the site's small script (app/enhance/), built or served by Vite */
  enhanceScript?: string;
  /**
   * the built files under clientDir that write markup without React (the small script's files and
   * the service worker): their classes stay in every kept page's stylesheet. Without them, kept
   * pages carry the whole stylesheet.
   */
  markupFiles?: string[];
  /** the published content (server/content/store.ts), opened before the app */
  content: ContentStore;
}

export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  let pageCache: PageCache | undefined;
  const { services, outbox, payments } = createServices({
    config,
    database,
    logger,
    onTestimonialsChange: () => pageCache?.clear(),
    content: () => deps.content.current(),
  });
  // The editor's services (EditorServices in app/lib/load-context.ts), built when EDITOR_EMAILS
  // or INBOX_EMAILS is set: either signs in at /admin (docs/decisions/033).
  const adminOn = config.editorEmails.length > 0 || config.inboxEmails.length > 0;
  const backup = backupSettings(config.backup);
  const photoUploads = adminOn ? createPhotoUploads({ db: database.db, logger }) : undefined;
  const editorAuth = adminOn ? buildEditorAuth(config, database, logger) : undefined;
  // Bookings the practice owns (BOOKINGS=native, docs/decisions/042): each counsellor's settings,
  // for the readers of INBOX_EMAILS; a calendar address set there is read at once, off the request.
  const bookingsNative = config.bookings === "native";
  const bookingSettings =
    bookingsNative && config.inboxEmails.length > 0
      ? createBookingSettings(database.db, {
          officeHours: () => weeklyHoursFrom(deps.content.current().site.openingHours),
          readSoon: (counsellorId) =>
            void readCounsellorBusyFeed(database.db, counsellorId).catch((error: unknown) =>
              logger.warn(
                { err: describeDatabaseError(error) },
                "reading a counsellor's calendar failed",
              ),
            ),
        })
      : undefined;
  const editor: EditorServices | undefined =
    editorAuth && photoUploads
      ? {
          auth: editorAuth,
          inboxOn: config.inboxEmails.length > 0,
          inbox:
            config.inboxEmails.length > 0
              ? createInbox(database.db, { erasureList: join(backup.settings.dir, ERASURE_LIST) })
              : undefined,
          bookingAdmin:
            config.inboxEmails.length > 0 && config.bookings === "native"
              ? createBookingAdmin(database.db, {
                  choices: bookingChoices(services.bookings, () => deps.content.current()),
                  officeHours: () => officeWeek(deps.content.current()),
                  mails: {
                    queue: async (tx, change) => {
                      await queueBookingMails(tx, bookingMailSettings(config), change);
                    },
                    visitor: bookingMailSettings(config).visitor,
                    wake: () => outbox.wake(),
                  },
                })
              : undefined,
          content: deps.content.editing,
          photos: photoUploads,
          backups: createBackupShelf(database, backup, logger),
          bookingSettings,
        }
      : undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy ? 1 : false);

  app.use(requestLog(logger));
  if (!config.trustProxy) app.use(warnForwardedOnce(logger));
  // Files first, with their own short set of headers; pages get the full set below.
  if (!deps.devMiddleware && deps.clientDir)
    app.use(staticFiles(deps.clientDir, { https: config.https }));
  // Uploaded photos, from the database (development too: Vite does not know them).
  app.use("/media", mediaFiles(database.db, { https: config.https }));
  app.use(assignNonce);
  // Taking bookings itself, the site never sends a visitor to the provider.
  const schedulingOrigin = services.bookings ? undefined : new URL(services.schedulingUrl).origin;
  // Without JavaScript the checkout form is answered with a redirect to Paystack's page, which
  // CSP form-action governs too.
  const paymentOrigin = payments ? paystackCheckoutOrigin(config.paystack.apiUrl) : undefined;
  const pageSecurity = securityHeaders(config, { schedulingOrigin, paymentOrigin });
  if (!deps.devMiddleware) app.use(pageSecurity);
  app.use(permissionsPolicy);
  app.use(compression({ brotli: { params: answerBrotli } }));

  const assetText = deps.clientDir ? assetReader(deps.clientDir) : undefined;
  // A kept page's stylesheet is cut to the page, and so is a page rendered per request that
  // hydrates on demand (the 404 page, /checkout, /thank-you): docs/decisions/026.
  const cutStylesheet = pageStylesheet(deps, logger, { shortNames: !config.fullClassNames });
  const loadContext = (): Omit<SiteLoadContext, "nonce" | "clientIp"> => ({
    siteUrl: config.siteUrl,
    version: deps.version,
    enhanceScript: deps.enhanceScript,
    assetText,
    log: (level, msg, fields) => logger[level](fields ?? {}, msg),
    describeError: describeDatabaseError,
    scriptRewriter: () => scriptRewriter(cutStylesheet),
    services,
    content: deps.content.current(),
    contentPublishedAt: deps.content.publishedAt(),
    editor,
  });
  // Development renders every request afresh, so that edits show at once.
  if (typeof deps.build !== "function" && !deps.devMiddleware) {
    pageCache = createPageCache({
      build: deps.build,
      finishPage: cutStylesheet,
      siteUrl: config.siteUrl,
      logger,
      loadContext,
      pageHeaders: (scriptHashes) =>
        collectHeaders([pageSecurity, permissionsPolicy], { scriptHashes }),
    });
    // A publish shows at once: every kept page is dropped (the next visit renders it with the new
    // content) and the sitemap's pages are rendered again in the background.
    const cache = pageCache;
    deps.content.onChange(() => {
      cache.clear();
      cache.warm().catch((error: unknown) => {
        logger.warn({ err: { message: String(error) } }, "page cache warm-up failed");
      });
    });
  }

  app.get("/healthz", async (_req, res) => {
    const databaseUp = await database.ping();
    res.set("Cache-Control", "no-store");
    res.status(databaseUp ? 200 : 503).json({
      status: databaseUp ? "ok" : "degraded",
      database: databaseUp ? "up" : "down",
      version: deps.version,
    });
  });

  // For an uptime monitor: whether deliveries and background jobs need a person (issue 16).
  const jobs: JobSchedule[] = [
    { name: "retention", intervalMs: RETENTION_INTERVAL_MS, firstRunMs: RETENTION_FIRST_RUN_MS },
    // The daily backup: "attention" once the last verified one is 26 hours old, counted from
    // the process's start when that is later (docs/decisions/034).
    { name: "backup", intervalMs: BACKUP_INTERVAL_MS, firstRunMs: 0, graceMs: BACKUP_GRACE_MS },
  ];
  // The copy off the server: "attention" from a failed upload until one goes through, and when
  // none has gone through for as long as a backup may be late.
  if (backup.settings.s3) {
    jobs.push({
      name: "backup-upload",
      intervalMs: BACKUP_INTERVAL_MS,
      firstRunMs: 0,
      graceMs: BACKUP_GRACE_MS,
    });
  }
  if (bookingsNative) {
    jobs.push({
      name: "busy-feeds",
      intervalMs: BUSY_FEED_INTERVAL_MS,
      firstRunMs: BUSY_FEED_FIRST_RUN_MS,
    });
  }
  if (payments) {
    const intervalMs = config.paystack.reconcileSeconds * 1000;
    jobs.push({ name: "reconciliation", intervalMs, firstRunMs: 0 });
  }
  const processStartedAt = new Date();
  app.get(
    "/status",
    statusEndpoint(database.db, {
      jobs,
      processStartedAt,
      logger,
      // A backup setting that cannot work stands on /status until it is fixed.
      settingsProblems: backup.problems,
    }),
  );

  // Signed by Paystack instead of sent from our pages, so it comes before the form guard.
  if (payments && config.paystack.secretKey) {
    app.post(
      WEBHOOK_PATH,
      ...paystackWebhook({ secretKey: config.paystack.secretKey, payments, logger }),
    );
  }

  // Everything below builds URLs from the Host header; a bad one is the client's error (400).
  app.use(requireValidHost(logger));
  // Before lower-casing: the secret in a private calendar's address has capitals.
  if (bookingsNative)
    app.use(
      calendarFeedRoute(
        bookingFeedSource({ db: database.db, siteUrl: config.siteUrl, logger }, () =>
          deps.content.current(),
        ),
      ),
    );
  app.use(lowercasePaths);
  // Behind a TLS proxy the site's own origin is SITE_URL's, whatever the proxy forwards.
  const publicOrigin = httpsOrigin(config.siteUrl);
  app.use(
    editorGuard({
      siteUrl: config.siteUrl,
      accessFromCookies: editorAuth?.accessFromCookies,
      inboxOn: config.inboxEmails.length > 0,
      logger,
    }),
  );
  app.use(
    formGuard({
      siteOrigin: new URL(config.siteUrl).origin,
      publicOrigin,
      formPaths: FORM_PATHS,
      formPrefixes: FORM_PREFIXES,
      editorPaths: editorAuth ? isEditorPath : undefined,
      openEditorPaths: isOpenEditorPost,
    }),
  );
  // Every form is read here within its address's limits, never by an unbounded formData().
  app.use(formBody());

  if (deps.devMiddleware) app.use(deps.devMiddleware);

  app.all(
    "/{*splat}",
    pageHandler({
      build: deps.build,
      mode: config.production ? "production" : "development",
      publicOrigin,
      getLoadContext: async (req, res): Promise<AppLoadContext> => {
        const context: AppLoadContext = {
          ...loadContext(),
          nonce: res.locals.nonce as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        };
        // One cache policy (issue 29, L9): whatever answers a request with an editor's session or
        // a preview is no-store, and the page's own Cache-Control is not added beside it
        // (http/pages/page-handler.ts).
        if (editorAuth && (req.query.preview !== undefined || hasSessionCookie(req.headers.cookie)))
          res.setHeader("Cache-Control", "no-store");
        // An editor's preview: the public page with their drafts of the documents it shows, for
        // them alone (never cached, never indexed; the editor frames it, frame-ancestors 'self').
        if (editorAuth && req.query.preview === "draft") {
          const editor = await editorAuth.editorFromCookies(req.headers.cookie);
          if (editor) {
            res.setHeader("Cache-Control", "no-store");
            res.setHeader("X-Robots-Tag", "noindex");
            const docs = documentIds.filter((doc) => documentShowsOn(doc, req.path));
            return { ...context, content: await deps.content.withDrafts(docs, editor) };
          }
        }
        return context;
      },
    }),
  );

  app.use(((error, req, res, _next) => {
    const status = typeof error?.status === "number" ? error.status : 500;
    if (status >= 500)
      logger.error({ err: describeDatabaseError(error), path: req.path }, "request failed");
    if (res.headersSent) return res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : "Something went wrong. Please try again.");
  }) satisfies ErrorRequestHandler);

  const log = logRequest(logger, "debug");
  // A page from memory is the cheapest answer the site gives: a log line for each (a clock
  // reading, a log object, redaction, JSON and a write to stdout) cost a third more CPU than the
  // answer itself (docs/decisions/043). At `info` they are counted, and one line a minute says
  // how many there were; LOG_LEVEL=debug writes one line each, as for every other request.
  const logPages = logger.isLevelEnabled("debug");
  const answered = logPages ? undefined : tallyPagesFromMemory(logger);
  /** The HTTP server's handler: pages from memory first, everything else through Express. */
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (pageCache) {
      if (!logPages) {
        if (pageCache.serve(req, res)) {
          if (answered) answered.count += 1;
          return;
        }
      } else {
        const start = process.hrtime.bigint();
        if (pageCache.serve(req, res)) {
          log(req.method, req.url, res.statusCode, start);
          return;
        }
      }
    }
    void app(req, res);
  };
  return {
    app,
    handle,
    outbox,
    pageCache,
    payments,
    jobs,
    processStartedAt,
    editorAuth,
    photoUploads,
  };
}

/** Whether a request carries an editor's session cookie (valid or not). */
function hasSessionCookie(header: string | undefined): boolean {
  return (
    readCookie(header, cookieNames(true).session) !== undefined ||
    readCookie(header, cookieNames(false).session) !== undefined
  );
}

/** Editors' sign-in (server/auth); links go by mail when SMTP_URL is set. */
function buildEditorAuth(config: Config, database: Database, logger: Logger): ServerEditorAuth {
  const { smtpUrl, from, practiceInbox } = config.mail;
  const sender = from ?? practiceInbox;
  return createEditorAuth({
    db: database.db,
    config,
    logger,
    sendMail: smtpUrl && sender ? createMailer({ smtpUrl, from: sender }) : undefined,
  });
}

/** One line per request: method, path (never the query string), status and milliseconds. */
function logRequest(logger: Logger, level: "info" | "debug" = "info") {
  return (method: string | undefined, url: string | undefined, status: number, start: bigint) => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    // A private calendar's address is a secret: its path is logged without it.
    const path = loggablePath((url ?? "").split("?", 1)[0]!);
    logger[level]({ method, path, status, ms: Math.round(ms * 10) / 10 }, "request");
  };
}

function requestLog(logger: Logger): RequestHandler {
  const log = logRequest(logger);
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => log(req.method, req.originalUrl, res.statusCode, start));
    next();
  };
}

/**
 * Every page URL is lower case; capitalised variants (the nav's /Contact, a typed /About) are
 * redirected permanently so each page has one address. Hashed asset names are left alone.
 */
const lowercasePaths: RequestHandler = (req, res, next) => {
  // Data requests of client-side navigations are left to the route, which redirects itself.
  if (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.path.startsWith("/assets/") &&
    // A booking's link carries a token in which case matters.
    !FORM_PREFIXES.some((prefix) => req.path.startsWith(prefix)) &&
    !req.path.endsWith(".data")
  ) {
    // Percent-escapes are kept as they are (%2F is not %2f to every server), and a path with a
    // backslash is never redirected: browsers read "/\host" as "//host", another site. No page
    // has one, so it stays a 404.
    const lower = req.path.replace(/(%[0-9A-Fa-f]{2})|[^%]+/g, (part, escape?: string) =>
      escape ? escape : part.toLowerCase(),
    );
    if (lower !== req.path && !req.path.includes("\\")) {
      const q = req.originalUrl.indexOf("?");
      const query = q === -1 ? "" : req.originalUrl.slice(q);
      // Collapse leading slashes so "//Example.com" cannot become an off-site redirect.
      const target = "/" + lower.replace(/^\/+/, "");
      return res.redirect(301, target + query);
    }
  }
  next();
};

/**
 * Brotli for answers made per request (a kept page is compressed once, at quality 11: page-cache).
 * The compression package's quality 4 left a page rendered per request (the 404 page, /checkout,
 * /thank-you, /test) at 13.5 KB, near the end of a slow line's first flight with its headers;
 * quality 6 makes it 12.5 KB for 1.6 ms instead of 1.2 ms per 58 KB page (11 would take 57 ms,
 * too much for a page anyone can ask for). A 256 KB window holds any page whole, and keeps each
 * compression's memory small under a flood.
 */
const answerBrotli = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
  [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * How a kept page's inline stylesheet is cut to the page (server/http/pages/page-stylesheet.ts), or nothing
 * when the classes the small script and the service worker write cannot be read: those pages then
 * keep the whole stylesheet, as development and pages that start React at load do.
 */
function pageStylesheet(
  deps: AppDeps,
  logger: Logger,
  options: { shortNames: boolean },
): ((html: string) => string) | undefined {
  if (!deps.clientDir || !deps.markupFiles) return undefined;
  try {
    return pageStylesheets(markupTokens(deps.clientDir, deps.markupFiles), options);
  } catch (error) {
    logger.warn(
      { err: { message: String(error) } },
      "page stylesheets: the small script's files cannot be read, so every page carries the whole stylesheet",
    );
    return undefined;
  }
}
