import { Writable } from "node:stream";
import { createLogger } from "../../server/operations/logger";

/** A logger at debug level whose every line is kept as text, to look for personal data in. */
export function logSpy() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("debug", stream), lines };
}
