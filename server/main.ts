import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { ConfigError, configFromEnvironment, insecureSiteUrl } from "./config";
import { DatabaseStartError, openDatabase } from "./db/client";
import { enhanceScriptUrl, markupScriptFiles } from "./http/pages/document-assets";
import { createLogger } from "./operations/logger";
import { nodeEndOfLifeWarning } from "./operations/node-support";
import { readyLine } from "./operations/ready-line";
import { startDigest } from "./operations/digest";
import { integrationReport } from "./integrations/report";
import { createMailer } from "./integrations/mail";
import { startReconciliation } from "./visitors/payments/reconcile";
import { startRetention } from "./operations/retention";
import { openContentStore } from "./content/store";
import { serveCommand } from "./operations/commands/protocol";
import { startBackups } from "./operations/backup/scheduled";
import { backupSettings } from "./operations/backup/settings";
import { startBusyFeeds } from "./bookings/busy-feed";

/** How long after SIGTERM the process exits even if closing has not finished. */
const FORCED_EXIT_MS = 25_000;
/** How long the forced exit waits for the database to close. */
const FORCED_CLOSE_MS = 3_000;

/** The project's folder: this file runs from server/ under tsx and from build/node/ when built. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return dir;
}
const root = projectRoot();
/**
 * The build this process serves, resolved once at start: built, the release its own file is in
 * (bin/serve runs build/node/main.js, and node resolves the link to releases/<time>/); under tsx,
 * whatever `build` points to now. A build made while the site runs switches `build` to a new
 * release (scripts/build.ts); this process goes on serving its own until it is restarted.
 */
function buildFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  if (path.basename(here) === "node") return path.dirname(here);
  const build = path.join(root, "build");
  return existsSync(build) ? realpathSync(build) : build;
}
const buildDir = buildFolder();
const dev = process.argv.includes("--dev");

async function main() {
  let config;
  try {
    config = configFromEnvironment();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const unsupportedNode = nodeEndOfLifeWarning(process.version);
  if (unsupportedNode) logger.warn({ node: process.version }, unsupportedNode);
  if (insecureSiteUrl(config)) {
    logger.warn(
      { siteUrl: config.siteUrl },
      "SITE_URL is not https: payers return there from Paystack and forms post there. Set it to " +
        "the site's public https address.",
    );
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseStartError) {
      logger.fatal(error.message);
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.production && database.kind === "pglite") {
    logger.warn(
      { database: "pglite", dataDir: config.dataDir },
      "Embedded PGlite database in production: PGlite never fsyncs (pglite#1107), so a power cut " +
        "can lose the last submissions and payments it acknowledged. Set DATABASE_URL to a " +
        "Postgres database for production.",
    );
  }

  if (dev && !config.hubspot.portalId) {
    // Development never calls the real HubSpot: a local stand-in records what would be sent.
    const { startFakeHubspot } = await import("./integrations/hubspot-fake");
    const fake = await startFakeHubspot();
    config = {
      ...config,
      hubspot: {
        portalId: "dev",
        contactFormId: "contact",
        newsletterFormId: "newsletter",
        apiUrl: fake.url,
      },
    };
    console.log(`Fake HubSpot on ${fake.url} (see ${fake.url}/__admin/received)`);
  }

  if (dev && !config.paystack.secretKey) {
    // Nor the real Paystack: a local stand-in with its own payment page.
    const { startFakePaystack } = await import("./integrations/paystack-fake");
    const secretKey = "sk_test_dev_fake";
    const fake = await startFakePaystack({
      secretKey,
      webhookUrl: `${config.siteUrl}/webhooks/paystack`,
    });
    config = { ...config, paystack: { ...config.paystack, secretKey, apiUrl: fake.url } };
    console.log(`Fake Paystack on ${fake.url} (see ${fake.url}/__admin/transactions)`);
  }

  const content = await openContentStore({ db: database.db, logger });
  content.startPolling();

  const version = readVersion();
  let created;
  if (dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ server: { middlewareMode: true }, appType: "custom" });
    created = createApp({
      config,
      database,
      logger,
      version,
      content,
      devMiddleware: vite.middlewares,
      // Vite compiles the site's small script on request in development.
      enhanceScript: "/app/enhance/main.ts",
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  } else {
    const buildFile = path.join(buildDir, "server/index.js");
    let build: ServerBuild;
    try {
      build = (await import(buildFile)) as ServerBuild;
    } catch {
      console.error(`No production build at ${buildFile}. Run \`npm run build\` first.`);
      process.exit(1);
    }
    created = createApp({
      config,
      database,
      logger,
      version,
      build,
      content,
      clientDir: path.join(buildDir, "client"),
      enhanceScript: enhanceScriptUrl(buildDir),
      markupFiles: markupScriptFiles(buildDir),
    });
  }

  // One line per outside service: configured, or what happens without it (no secrets).
  for (const line of integrationReport(config)) {
    logger[line.configured ? "info" : "warn"](
      { integration: line.integration, configured: line.configured },
      line.message,
    );
  }

  const { handle, outbox, pageCache, payments, jobs, processStartedAt } = created;
  // A client that dribbles its headers, or its body, is cut off: within about 20 s for the
  // headers and 30 s for the whole request, checked every 5 s (Node's defaults allow minutes).
  const server = createServer({ connectionsCheckingInterval: 5_000 }, handle);
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: database.kind, dev }, "listening");
    console.log(readyLine(port, config.host, config.siteUrl));
    pageCache?.warm().catch((error: unknown) => {
      logger.warn({ err: { message: String(error) } }, "page cache warm-up failed");
    });
  });
  outbox.start();
  // The operator's backup, export and deliveries, asked for over the embedded database's lock
  // socket: no other process may open it while the site runs (docs/decisions/034).
  database.serveCommands?.((socket) =>
    serveCommand(
      socket,
      { database, config },
      {
        backup: () => import("./operations/commands/backup").then((m) => m.runBackup),
        export: () => import("./operations/commands/export").then((m) => m.runExport),
        deliveries: () => import("./operations/commands/deliveries").then((m) => m.runDeliveries),
      },
      (error) => logger.error({ err: { name: (error as Error).name } }, "a local command failed"),
    ),
  );
  const stopRetention = startRetention(database.db, config.retentionDays, logger);
  const backup = backupSettings(config.backup);
  // Named at start, in /status and on /admin/backups; never the value (it may be a secret key).
  for (const problem of backup.problems) logger.error({ setting: "backup" }, problem);
  logger.info(
    { encrypted: backup.settings.ageRecipient !== undefined, offServer: !!backup.settings.s3 },
    "backups: daily into BACKUP_DIR",
  );
  const stopBackups = startBackups(database, backup.settings, logger);
  const reconciliation = payments
    ? startReconciliation(payments, {
        intervalSeconds: config.paystack.reconcileSeconds,
        logger,
        db: database.db,
      })
    : undefined;

  // Counsellors' own calendars, read for busy times (BOOKINGS=native, docs/decisions/042).
  const busyFeeds = config.bookings === "native" ? startBusyFeeds(database.db, logger) : undefined;

  const { smtpUrl, from, practiceInbox } = config.mail;
  const stopDigest =
    smtpUrl && practiceInbox
      ? startDigest(database.db, {
          send: createMailer({ smtpUrl, from: from ?? practiceInbox }),
          inbox: practiceInbox,
          siteUrl: config.siteUrl,
          jobs,
          processStartedAt,
          settingsProblems: backup.problems,
          logger,
        })
      : undefined;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Stop accepting; let in-flight requests finish; then close the database. The background
    // jobs stop at once: a sweep waiting on Paystack has its request aborted.
    stopRetention();
    stopBackups();
    const sweepStopped = reconciliation?.stop();
    const feedsStopped = busyFeeds?.stop();
    stopDigest?.();
    content.stop();
    server.close(async () => {
      await sweepStopped;
      await feedsStopped;
      await outbox.stop();
      await database.close().catch(() => {});
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
    }, 10_000).unref();
    // If closing hangs (a stuck query, a handler that never settles), leave anyway before the
    // host's own kill: most send SIGKILL 30 s after SIGTERM. The database is closed first (PGlite
    // flushes its files on close), but not waited on for more than a few seconds.
    setTimeout(() => {
      logger.error({ afterMs: FORCED_EXIT_MS }, "shutdown did not finish; exiting");
      const closeTimeout = new Promise((resolve) => setTimeout(resolve, FORCED_CLOSE_MS));
      void Promise.race([database.close().catch(() => {}), closeTimeout]).then(() =>
        process.exit(1),
      );
    }, FORCED_EXIT_MS).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  const pkgVersion = pkg.version;
  try {
    const built = statSync(path.join(buildDir, "server/index.js")).mtime;
    return `${pkgVersion}+${built.toISOString().slice(0, 16).replace(/[-:T]/g, "")}`;
  } catch {
    return pkgVersion;
  }
}

void main();
