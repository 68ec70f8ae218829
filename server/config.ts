import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { z } from "zod";

/**
 * The one place that reads process.env (STYLE.md rule 3). Every variable is optional; unset
 * integrations fall back to embedded defaults so a fresh `npm start` shows a complete site.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (what: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: `must be an absolute URL (${what})`,
  });

const positiveInt = (fallback: number) =>
  optionalString
    .refine((v) => v === undefined || /^\d+$/.test(v), { message: "must be a whole number" })
    .transform((v) => (v === undefined ? fallback : Number(v)));

/** Addresses separated by commas, lower-cased; empty when unset. */
const emailList = optionalString
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.every((a) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a)), {
    message: "must be e-mail addresses separated by commas",
  });

const flag = optionalString
  .refine((v) => v === undefined || /^(1|0|true|false|yes|no)$/i.test(v), {
    message: "must be true or false",
  })
  .transform((v) => v !== undefined && /^(1|true|yes)$/i.test(v));

const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: positiveInt(3000).refine((p) => p < 65536, { message: "must be 0-65535" }),
  HOST: optionalString.transform((v) => v ?? "0.0.0.0"),
  SITE_URL: optionalUrl("e.g. https://example.com"),
  DATABASE_URL: optionalString
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: "must be a postgres:// connection string",
    })
    .refine((v) => v === undefined || !/^postgres(ql)?:\/\//.test(v) || userInfoIsEncoded(v), {
      message:
        "the user name or password holds a character a URL reserves. Percent-encode it: " +
        "@ as %40, # as %23, / as %2F, ? as %3F, % as %25, a space as %20 (" +
        "node -p 'encodeURIComponent(process.argv[1])' 'THE-PASSWORD' prints it encoded)",
    })
    .refine((v) => v === undefined || !userInfoIsEncoded(v) || URL.canParse(v), {
      message: "is not a valid URL: postgres://USER:PASSWORD@HOST:5432/DATABASE",
    }),
  DATA_DIR: optionalString.transform((v) => v ?? "./data"),
  HUBSPOT_PORTAL_ID: optionalString,
  HUBSPOT_CONTACT_FORM_ID: optionalString,
  HUBSPOT_NEWSLETTER_FORM_ID: optionalString,
  HUBSPOT_API_URL: optionalUrl("Forms API base").transform((v) => v ?? "https://api.hsforms.com"),
  TESTIMONIALS_API_URL: optionalUrl("SheetDB-style base URL"),
  SCHEDULING_URL: optionalUrl("the scheduling provider's booking page"),
  BOOKINGS: optionalString
    .refine((v) => v === undefined || /^(native|external)$/i.test(v), {
      message:
        "must be native (the site takes bookings itself) or external (the scheduling provider's page)",
    })
    .transform(
      (v) => (v?.toLowerCase() === "native" ? "native" : "external") as "native" | "external",
    ),
  BOOKING_REMINDER_HOURS: optionalString
    .refine((v) => v === undefined || /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v), {
      message: "must be whole hours before the session, separated by commas, such as 24,2",
    })
    .transform((v) =>
      [...new Set((v ?? "24,2").split(",").map((h) => Number(h.trim())))]
        .filter((h) => h > 0)
        .sort((a, b) => b - a),
    ),
  GA_MEASUREMENT_ID: optionalString.refine((v) => v === undefined || /^G-[A-Z0-9]+$/.test(v), {
    message: "must look like G-XXXXXXX",
  }),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: "must be an smtp:// or smtps:// URL",
  }),
  MAIL_FROM: optionalString,
  PRACTICE_INBOX: optionalString,
  PAYSTACK_SECRET_KEY: optionalString.refine((v) => v === undefined || /^sk_\w+$/.test(v), {
    message: "must be a Paystack secret key (sk_test_… or sk_live_…)",
  }),
  PAYSTACK_PUBLIC_KEY: optionalString.refine((v) => v === undefined || /^pk_\w+$/.test(v), {
    message: "must be a Paystack public key (pk_test_… or pk_live_…)",
  }),
  PAYSTACK_API_URL: optionalUrl("Paystack API base").transform(
    (v) => v ?? "https://api.paystack.co",
  ),
  PAYSTACK_RECONCILE_SECONDS: positiveInt(600).refine((s) => s >= 1, {
    message: "must be at least 1 (seconds between checks of pending payments)",
  }),
  FORM_RATE_LIMIT: positiveInt(5).refine((n) => n >= 1, {
    message:
      "must be at least 1: 0 would refuse every form. For no practical limit set a large number " +
      "such as 1000000",
  }),
  FORM_SITE_LIMIT: optionalString
    .refine((v) => v === undefined || /^\d+$/.test(v), {
      message: "must be a whole number (forms per form per hour, from everyone together)",
    })
    .refine((v) => v === undefined || Number(v) >= 1, {
      message:
        "must be at least 1: 0 would refuse every form. For no practical limit set a large " +
        "number such as 1000000",
    }),
  TRUST_PROXY: flag,
  FULL_CLASS_NAMES: flag,
  RETENTION_DAYS: positiveInt(365).refine((d) => d >= 1, { message: "must be at least 1" }),
  EDITOR_EMAILS: emailList,
  INBOX_EMAILS: emailList,
  BACKUP_DIR: optionalString,
  BACKUP_TIME: optionalString
    .refine((v) => v === undefined || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
      message: "must be a time of day like 02:15 (24-hour, Lagos time)",
    })
    .transform((v) => v ?? "02:15"),
  BACKUP_KEEP_DAYS: positiveInt(30).refine((d) => d >= 1, { message: "must be at least 1" }),
  // Checked where backups are made (server/operations/backup/settings.ts): a wrong key or S3 setting is
  // named in the log and /status while the site goes on serving, and never written in the clear.
  BACKUP_AGE_RECIPIENT: optionalString,
  BACKUP_S3_URL: optionalString.refine((v) => v === undefined || !plainHttpAway(v), {
    message:
      "must be https:// (http:// would send every backup and its signature in the clear); " +
      "http:// is only for storage on this machine (localhost, 127.0.0.1, [::1])",
  }),
  BACKUP_S3_KEY_ID: optionalString,
  BACKUP_S3_SECRET: optionalString,
  BACKUP_S3_REGION: optionalString,
  LOG_LEVEL: optionalString
    .refine((v) => v === undefined || /^(fatal|error|warn|info|debug|trace|silent)$/.test(v), {
      message: "must be a pino level",
    })
    .transform((v) => v ?? "info"),
});

/**
 * Whether a connection string's user name and password are written as a URL needs them. A
 * generated password with `@`, `#`, `/` or `?` in it, pasted as it is, moves the host: the driver
 * then looks for a server named after a piece of the password ("getaddrinfo ENOTFOUND k"). The
 * user information is taken to end at the last `@`, as the person who wrote it meant.
 */
function userInfoIsEncoded(url: string): boolean {
  const rest = url.slice(url.indexOf("://") + 3);
  const at = rest.lastIndexOf("@");
  if (at === -1) return true;
  const userInfo = rest.slice(0, at);
  return !/[@/?#[\]\s]|%(?![0-9A-Fa-f]{2})/.test(userInfo);
}

export type Config = ReturnType<typeof loadConfig>;

/** Every variable the site reads; `.env.example` and docs/configuration.md list each one. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/** The configuration of this process, from its environment and the `.env` file if there is one. */
export function configFromEnvironment() {
  loadDotEnv(process.env, ".env");
  return loadConfig(process.env);
}

/**
 * Copies the variables of a `.env` file (in the working folder; `.env.example` lists them) into
 * `env`, except those `env` already has: the real environment wins, so a systemd unit or a shell
 * can override the file. Into process.env itself, because libraries read NODE_ENV from there.
 * Returns the names taken from the file.
 */
export function loadDotEnv(env: Record<string, string | undefined>, file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new ConfigError(`Could not read ${file}: ${(error as Error).message}`);
  }
  const taken: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined || value === undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && e.SITE_URL === undefined) {
    // Paystack's return address, canonical links, the sitemap and Open Graph are built from it;
    // a production site that guessed localhost would send paying visitors nowhere.
    throw new ConfigError(
      "Invalid configuration:\n  SITE_URL is not set: set it to the public address of the site, " +
        "e.g. https://kindredhearts.ng (npm start sets http://localhost:PORT for a local run)",
    );
  }
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    production: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    https: siteUrl.startsWith("https://"),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    hubspot: {
      portalId: e.HUBSPOT_PORTAL_ID,
      contactFormId: e.HUBSPOT_CONTACT_FORM_ID,
      newsletterFormId: e.HUBSPOT_NEWSLETTER_FORM_ID,
      apiUrl: e.HUBSPOT_API_URL.replace(/\/+$/, ""),
    },
    /** who may sign in at /admin and edit the site (lower case); empty = editing is off */
    editorEmails: e.EDITOR_EMAILS,
    /**
     * who may read what visitors sent at /admin/inbox, /admin/people and /admin/backups (lower
     * case); empty = those pages are the 404 for everyone (docs/decisions/033)
     */
    inboxEmails: e.INBOX_EMAILS,
    testimonialsApiUrl: e.TESTIMONIALS_API_URL?.replace(/\/+$/, ""),
    schedulingUrl: e.SCHEDULING_URL,
    /**
     * "native": /schedule offers free times and takes the booking itself (docs/decisions/042);
     * "external": the scheduling provider's page in a dialog, as the site came
     */
    bookings: e.BOOKINGS,
    /** hours before a booked session at which the visitor is reminded, largest first ([] = none) */
    bookingReminderHours: e.BOOKING_REMINDER_HOURS,
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, practiceInbox: e.PRACTICE_INBOX },
    /** online payments; without a secret key checkout says it is unavailable */
    paystack: {
      secretKey: e.PAYSTACK_SECRET_KEY,
      publicKey: e.PAYSTACK_PUBLIC_KEY,
      apiUrl: e.PAYSTACK_API_URL.replace(/\/+$/, ""),
      /** how often pending orders younger than 48 h are verified with Paystack */
      reconcileSeconds: e.PAYSTACK_RECONCILE_SECONDS,
    },
    formRateLimit: e.FORM_RATE_LIMIT,
    /**
     * every sender together, per form per hour, beyond which new submissions are still stored but
     * their deliveries are held for review (a flood, docs/decisions/019); by default 40 times the
     * per-address limit
     */
    formSiteLimit:
      e.FORM_SITE_LIMIT === undefined ? e.FORM_RATE_LIMIT * 40 : Number(e.FORM_SITE_LIMIT),
    trustProxy: e.TRUST_PROXY,
    /**
     * pages keep their classes' own names instead of short ones (docs/decisions/037): for reading
     * a page's HTML while looking into its styles; every page is then about 0.7 KB heavier
     */
    fullClassNames: e.FULL_CLASS_NAMES,
    retentionDays: e.RETENTION_DAYS,
    /** the site's own daily backup (docs/decisions/034); the folder defaults inside DATA_DIR */
    backup: {
      dir: e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups"),
      time: e.BACKUP_TIME,
      keepDays: e.BACKUP_KEEP_DAYS,
      /** the age public key (age1…) backups are encrypted for, as set; checked at start */
      ageRecipient: e.BACKUP_AGE_RECIPIENT,
      /** the S3-compatible copy off the server, as set; checked at start */
      s3: {
        url: e.BACKUP_S3_URL,
        keyId: e.BACKUP_S3_KEY_ID,
        secret: e.BACKUP_S3_SECRET,
        region: e.BACKUP_S3_REGION,
      },
    },
    logLevel: e.LOG_LEVEL,
  };
}

const THIS_MACHINE = ["localhost", "127.0.0.1", "[::1]"];

/** An http:// (not https) URL to another machine: never for backups on their way off the server. */
function plainHttpAway(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "http:" && !THIS_MACHINE.includes(url.hostname);
}

/** A production SITE_URL that is not https (other than a local run): worth one warning at start. */
export function insecureSiteUrl(config: Pick<Config, "production" | "siteUrl">): boolean {
  if (!config.production || config.siteUrl.startsWith("https://")) return false;
  return !THIS_MACHINE.includes(new URL(config.siteUrl).hostname);
}
