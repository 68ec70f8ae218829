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
