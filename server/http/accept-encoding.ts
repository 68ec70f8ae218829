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

/** How many distinct Accept-Encoding values an encodingChooser remembers before starting over. */
const REMEMBERED = 64;

/**
 * chooseEncoding for a fixed set of variants, remembering its answer per Accept-Encoding value:
 * browsers send a handful of distinct values, and parsing one with q-values on every request of
 * the page cache's fast path costs more than the rest of the answer. The memory is bounded, so
 * made-up values cannot grow it.
 */
export function encodingChooser<E extends "br" | "gzip">(available: readonly E[]) {
  const known = new Map<string, E | "identity">();
  return (req: Pick<IncomingMessage, "headers">): E | "identity" => {
    const accept = req.headers["accept-encoding"] ?? "";
    let chosen = known.get(accept);
    if (chosen === undefined) {
      chosen = chooseEncoding({ headers: { "accept-encoding": accept } }, available);
      if (known.size >= REMEMBERED) known.clear();
      known.set(accept, chosen);
    }
    return chosen;
  };
}
