/**
 * The operator's command for the delivery queue (issues 16 and 25):
 *   npm run deliveries                       true counts, then the newest deliveries not yet sent
 *   npm run deliveries -- --retry rejected   send refused ones again after fixing a setting
 *   npm run deliveries -- --retry dead       the same for ones given up after 24 hours
 *   npm run deliveries -- --release held     send the ones held back during a flood (all, or
 *                                            --id / --email / --except-flood)
 * It runs beside the site: on the embedded database the running site does the work for it
 * (docs/decisions/034); on Postgres it works on the database itself.
 */
import { once } from "node:events";
import {
  deliveriesUsage,
  parseDeliveriesArgs,
  runDeliveries,
} from "../server/operations/commands/deliveries";
import { runCommand } from "./open-for-command";

const args = process.argv.slice(2);
const options = parseDeliveriesArgs(args);
if ("help" in options) {
  console.log(deliveriesUsage);
  process.exit(0);
}
if ("error" in options) {
  console.error(options.error);
  process.exit(2);
}

const outcome = await runCommand(
  "deliveries",
  runDeliveries,
  args,
  async (chunk) => {
    if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
  },
  "read the deliveries of",
);
process.exitCode = outcome.code;
