import { Writable } from "node:stream";
import { streamBackup } from "../backup/write-backup";
import type { CommandRunner } from "./protocol";

/**
 * `npm run backup`'s work when the running site does it: the backup's gzip bytes go back to the
 * command, which writes its file. Read chunk by chunk so visitors are served meanwhile.
 */
export const runBackup: CommandRunner = async ({ database, inSite }, _args, io) => {
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      io.out(chunk).then(() => done(), done);
    },
  });
  const counts = await streamBackup(database, output, { live: inSite });
  return { code: 0, result: { counts, kind: database.kind } };
};
