import { parseArgs } from "node:util";
import { ConfigError, configFromEnvironment } from "../server/config";
import { type Database, DatabaseStartError, openDatabase } from "../server/db/client";

/**
 * Opens the site's database for a command line tool (backup, restore), the way the site does.
 * The embedded database serves one process at a time: its lock refuses a second opener, and the
 * message says to stop the site rather than showing a stack trace.
 */
export async function openForCommand(action: string): Promise<Database> {
  let config;
  try {
    config = configFromEnvironment();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseStartError)) throw error;
    console.error(
      config.databaseUrl
        ? `Cannot ${action} the Postgres database at DATABASE_URL. ${error.message}`
        : `Cannot ${action} the embedded database in ${config.dataDir}: it serves one process at ` +
            `a time. If the site is running on it, stop the site first (or set DATABASE_URL to ` +
            `work on Postgres, which allows both). ${error.message}`,
    );
    process.exit(1);
  }
}

/**
 * The one FILE argument of backup and restore: `--help` prints the usage, anything but exactly
 * one file prints it as an error (exit 2).
 */
export function fileArgument(usage: string): string {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  return positionals[0]!;
}
