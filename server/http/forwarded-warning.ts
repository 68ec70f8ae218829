import type { RequestHandler } from "express";
import type { Logger } from "../operations/logger";

/**
 * With TRUST_PROXY off, X-Forwarded-For is ignored, so behind a proxy every visitor has the
 * proxy's address and shares one rate-limit allowance. The first request that carries the header
 * says so, once per process; the addresses themselves are never logged.
 */
export function warnForwardedOnce(logger: Logger): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      warned = true;
      logger.warn(
        "X-Forwarded-For arrived but TRUST_PROXY is off: every visitor behind that proxy shares " +
          "one address and one form allowance. Set TRUST_PROXY=true if the site is behind a proxy.",
      );
    }
    next();
  };
}
