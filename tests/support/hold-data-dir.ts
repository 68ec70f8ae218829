import { openDatabase } from "../../server/db/client";
import { takeDataDirLock } from "../../server/db/data-dir-lock";

/**
 * A child process for the lock tests: `node --import tsx tests/support/hold-data-dir.ts DIR MODE`
 * takes DATA_DIR's lock (MODE "lock") or opens its embedded database ("database"), prints "held"
 * or "refused", and then stays alive until it is killed.
 */
const [dir, mode] = process.argv.slice(2);
const take =
  mode === "database"
    ? openDatabase({ dataDir: dir! }).then(() => undefined)
    : takeDataDirLock(dir!).then(() => undefined);
take.then(
  () => console.log("held"),
  (error: Error) => console.log(`refused: ${error.message}`),
);
setInterval(() => {}, 60_000);
