import "../app/lib/load-context";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { describeDatabaseError } from "./db/errors";
import type { Logger } from "./logger";
import { formGuard } from "./form-guard";
import { paystackCheckoutOrigin } from "./integrations/paystack";
import { WEBHOOK_PATH, paystackWebhook } from "./payments/webhook";
import { createServices } from "./services";
import { assignNonce, permissionsPolicy, securityHeaders } from "./security";
import { staticFiles } from "./static-files";

/** The pages whose actions accept posted forms; every other address refuses a POST with 405. */
const FORM_PATHS = ["/contact", "/schedule", "/newsletter", "/newsletter/unsubscribe", "/checkout"];

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
}

export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  const { services, outbox, payments } = createServices({ config, database, logger });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy ? 1 : false);

  app.use(requestLog(logger));
  // Files first, with their own short set of headers; pages get the full set below.
  if (!deps.devMiddleware && deps.clientDir)
    app.use(staticFiles(deps.clientDir, { https: config.https }));
  app.use(assignNonce);
  if (!deps.devMiddleware) {
    const schedulingOrigin = new URL(services.schedulingUrl).origin;
    // Without JavaScript the checkout form is answered with a redirect to Paystack's page, which
    // CSP form-action governs too.
    const paymentOrigin = payments ? paystackCheckoutOrigin(config.paystack.apiUrl) : undefined;
    app.use(securityHeaders(config, { schedulingOrigin, paymentOrigin }));
  }
  app.use(permissionsPolicy);
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const databaseUp = await database.ping();
    res.set("Cache-Control", "no-store");
    res.status(databaseUp ? 200 : 503).json({
      status: databaseUp ? "ok" : "degraded",
      database: databaseUp ? "up" : "down",
      version: deps.version,
    });
  });

  // Signed by Paystack instead of sent from our pages, so it comes before the form guard.
  if (payments && config.paystack.secretKey) {
    app.post(
      WEBHOOK_PATH,
      ...paystackWebhook({ secretKey: config.paystack.secretKey, payments, logger }),
    );
  }

  app.use(lowercasePaths);
  app.use(formGuard({ siteOrigin: new URL(config.siteUrl).origin, formPaths: FORM_PATHS }));

  if (deps.devMiddleware) app.use(deps.devMiddleware);

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: deps.build,
      mode: config.production ? "production" : "development",
      getLoadContext: (req, res): AppLoadContext => ({
        nonce: res.locals.nonce as string,
        siteUrl: config.siteUrl,
        version: deps.version,
        log: (level, msg, fields) => logger[level](fields ?? {}, msg),
        services,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      }),
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

  return { app, outbox, payments };
}

/** One line per request: method, path (never the query string), status and milliseconds. */
function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      logger.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
    });
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
    !req.path.endsWith(".data")
  ) {
    const lower = req.path.toLowerCase();
    if (lower !== req.path) {
      const q = req.originalUrl.indexOf("?");
      const query = q === -1 ? "" : req.originalUrl.slice(q);
      // Collapse leading slashes so "//Example.com" cannot become an off-site redirect.
      const target = "/" + lower.replace(/^\/+/, "");
      return res.redirect(301, target + query);
    }
  }
  next();
};
