import path from "node:path";
import { parseArgs } from "node:util";
import {
  askSite,
  type CommandName,
  type CommandOutcome,
  type CommandRunner,
} from "../server/operations/commands/protocol";
import { type Config, ConfigError, configFromEnvironment } from "../server/config";
import { type Database, DatabaseStartError, openDatabase } from "../server/db/client";
import { liveOwner } from "../server/db/data-dir-lock";

export function configOrExit(): Config {
  try {
    return configFromEnvironment();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Runs command `name` where the database is (docs/decisions/034): on Postgres, or on an embedded
 * database no process holds, here; on an embedded database the running site holds, by the site,
 * over its data-dir lock socket, with the output streamed back to `out`. Lines for the person
 * go to standard error either way.
 */
export async function runCommand(
  name: CommandName,
  runner: CommandRunner,
  args: string[],
  out: (chunk: string | Uint8Array) => Promise<void> | void,
  action: string,
  err: (line: string) => void = (line) => console.error(line),
): Promise<CommandOutcome> {
  const config = configOrExit();
  if (!config.databaseUrl) {
    const site = await liveOwner(path.resolve(config.dataDir));
    if (site) {
      try {
        return await askSite(site, name, args, { out, err });
      } catch (error) {
        console.error(
          `The site running on the embedded database in ${config.dataDir} did not finish the ` +
            `${name} (${(error as Error).message}). Nothing was changed by this command.`,
        );
        return { code: 1 };
      }
    }
  }
  const database = await openForCommand(action, config);
  try {
    return await runner({ database, config, inSite: false }, args, {
      out: async (chunk) => {
        await out(chunk);
      },
      err,
    });
  } finally {
    await database.close();
  }
}

/**
 * Opens the site's database for a command line tool, the way the site does. The embedded
 * database serves one process at a time: its lock refuses a second opener (restore, which must
 * never load into a live site's database), and the message says why rather than showing a stack
 * trace.
 */
export async function openForCommand(action: string, config = configOrExit()): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseStartError)) throw error;
    console.error(
      config.databaseUrl
        ? `Cannot ${action} the Postgres database at DATABASE_URL. ${error.message}`
        : `Cannot ${action} the embedded database in ${config.dataDir}: it serves one process at ` +
            `a time, and the site is running on it. ${error.message}`,
    );
    process.exit(1);
  }
}

/**
 * The one FILE argument of backup and restore (and restore's `--identity KEYFILE`): `--help`
 * prints the usage, anything but exactly one file, or an option it does not take, prints it as an
 * error (exit 2).
 */
export function fileArgument(usage: string): string;
export function fileArgument(
  usage: string,
  accepts: { identity: true },
): { file: string; identity?: string };
export function fileArgument(
  usage: string,
  accepts?: { identity: true },
): string | { file: string; identity?: string } {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        help: { type: "boolean", short: "h" },
        ...(accepts?.identity ? { identity: { type: "string", short: "i" } } : {}),
      },
    });
  } catch {
    console.error(usage);
    process.exit(2);
  }
  const { positionals, values } = parsed;
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  const file = positionals[0]!;
  if (!accepts) return file;
  const identity = (values as { identity?: string }).identity;
  return { file, identity };
}
