import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "./config";

export const YOUTUBE_ORIGIN = "https://www.youtube-nocookie.com";

/** A fresh nonce per response, for the inline scripts React Router writes into the page. */
export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers. Scripts run only from our origin or with this response's nonce; frames only
 * from the scheduling provider and YouTube; Google only when analytics is configured.
 */
export function securityHeaders(
  config: Config,
  options: { schedulingOrigin: string; paymentOrigin?: string },
) {
  const google = config.gaMeasurementId
    ? ["https://www.googletagmanager.com", "https://*.google-analytics.com"]
    : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) =>
            `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`,
          ...google.slice(0, 1),
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", ...google],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...google],
        "media-src": ["'self'"],
        "frame-src": [options.schedulingOrigin, YOUTUBE_ORIGIN],
        "frame-ancestors": ["'self'"],
        // Without JavaScript the booking form redirects to the provider's page, and checkout to
        // the payment page.
        "form-action": [
          "'self'",
          options.schedulingOrigin,
          ...(options.paymentOrigin ? [options.paymentOrigin] : []),
        ],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        ...(config.https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: config.https
      ? { maxAge: 63072000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "sameorigin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
}

export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  );
  next();
};
