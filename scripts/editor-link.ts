/**
 * Prints a one-time sign-in link for an editor, for a site without SMTP (or whose mail is down):
 *   npm run editor-link -- editor@example.com
 * The address must be in EDITOR_EMAILS. The link works once, for 10 minutes, in any browser: the
 * person who runs this already holds the server's shell (docs/decisions/027, "Sign-in"). With the
 * embedded database, stop the site first; with DATABASE_URL it can run any time.
 */
import { parseArgs } from "node:util";
import { ANY_BROWSER, LINK_TTL_MS, createLinkStore } from "../server/auth";
import { signInUrl } from "../server/auth/mails";
import { ConfigError, configFromEnvironment } from "../server/config";
import { openForCommand } from "./open-for-command";

const usage = `Usage: npm run editor-link -- EMAIL

Prints a sign-in link for EMAIL, which must be one of EDITOR_EMAILS. The link works once, for
${LINK_TTL_MS / 60_000} minutes. Uses DATABASE_URL (Postgres; safe while the site runs), or else the
embedded database in DATA_DIR: stop the site first, start it again, then open the link.`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
if (parsed.positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
const email = parsed.positionals[0]!.trim().toLowerCase();

let config;
try {
  config = configFromEnvironment();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (config.editorEmails.length === 0 && config.inboxEmails.length === 0) {
  console.error(
    "Neither EDITOR_EMAILS nor INBOX_EMAILS is set, so signing in is off: set one of them.",
  );
  process.exit(1);
}
if (!config.editorEmails.includes(email) && !config.inboxEmails.includes(email)) {
  console.error(
    `${email} is in neither EDITOR_EMAILS nor INBOX_EMAILS, so it may not sign in. No link was made.`,
  );
  process.exit(1);
}
if (!config.databaseUrl) {
  const running = await fetch(`http://127.0.0.1:${config.port}/healthz`).then(
    () => true,
    () => false,
  );
  if (running) {
    console.error(
      `The site is running on port ${config.port} with the embedded database, which serves one ` +
        `process at a time. Stop it first, run this again, then start it and open the link ` +
        `within ${LINK_TTL_MS / 60_000} minutes (or set DATABASE_URL to use Postgres).`,
    );
    process.exit(1);
  }
}

const database = await openForCommand("make a sign-in link in");
try {
  const token = await createLinkStore(database.db).issue(email, ANY_BROWSER);
  console.log(signInUrl(config.siteUrl, token));
  console.error(
    `A sign-in link for ${email}: it works once, for ${LINK_TTL_MS / 60_000} minutes. Open it ` +
      `and press "Sign in".`,
  );
} finally {
  await database.close();
}
