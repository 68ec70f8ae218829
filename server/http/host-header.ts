import type { RequestHandler } from "express";
import type { Logger } from "../operations/logger";

/**
 * Pages rendered per request and `.data` requests build the request's URL from its Host header
 * (and X-Forwarded-Host behind a trusted proxy). A client that sends none (HTTP/1.0 allows it) or
 * one that is no host (`127.0.0.1:99999`, a space) made that URL throw: a 500 and an error line
 * for what is the client's mistake. They are answered 400 here, with a warning.
 */
export function isValidHost(value: string | undefined): boolean {
  if (!value || value.length > 255 || /[\s/?#@\\]/.test(value)) return false;
  try {
    return new URL(`http://${value}`).hostname !== "";
  } catch {
    return false;
  }
}

export function requireValidHost(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const forwarded = req.app.enabled("trust proxy")
      ? req.get("x-forwarded-host")?.split(",")[0]?.trim()
      : undefined;
    const host = req.get("host");
    const bad = !isValidHost(host)
      ? "Host"
      : forwarded !== undefined && !isValidHost(forwarded)
        ? "X-Forwarded-Host"
        : undefined;
    if (!bad) return next();
    // The header itself is not logged: it is whatever the client chose to send.
    logger.warn(
      { path: req.path, header: bad, missing: !host },
      "request refused: bad Host header",
    );
    res
      .status(400)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send("Bad request: the Host header is missing or is not a host name.");
  };
}
