import type { IncomingMessage } from "node:http";
import Negotiator from "negotiator";

/**
 * Which encoding to send a file or page in, of those we have: the browser's Accept-Encoding
 * decides, q-values included (`br;q=0` refuses brotli), and on a tie brotli wins over gzip
 * because it is smaller. The same negotiator as the compression middleware uses.
 */
export function chooseEncoding<E extends "br" | "gzip">(
  req: Pick<IncomingMessage, "headers">,
  available: readonly E[],
): E | "identity" {
  const chosen = new Negotiator(req).encoding([...available, "identity"], ["br", "gzip"]);
  // Nothing acceptable (even identity;q=0): the plain body is still the best answer we have.
  return (chosen as E | "identity" | undefined) ?? "identity";
}
