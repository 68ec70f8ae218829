import pino from "pino";

/**
 * JSON-lines logs. Callers pass ids, paths and counts, never names, e-mails, phones or messages;
 * the redact list is a second line of defence for fields that should never appear.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: {
      paths: [
        "email",
        "name",
        "phone",
        "message",
        "*.email",
        "*.name",
        "*.phone",
        "*.message",
        "req.headers.cookie",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
