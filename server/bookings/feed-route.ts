import { and, asc, eq, gte } from "drizzle-orm";
import type { RequestHandler } from "express";
import { looksLikeToken, hashToken } from "../auth/tokens";
import type { Db } from "../db/client";
import { describeDatabaseError } from "../db/errors";
import { appointments, counsellorSettings, submissions } from "../db/schema";
import { addressKey, countInWindow, RATE_WINDOW_MS } from "../http/rate-limit";
import type { Logger } from "../operations/logger";
import { bookingUid, type CalendarEvent } from "./calendar-event";
import { counsellorFeed } from "./counsellor-feed";

/**
 * GET /calendar/<secret>.ics: a counsellor's private calendar (docs/decisions/042), which they
 * subscribe to from Google or Apple Calendar. The secret is the only key: the database keeps its
 * sha256 (counsellor_settings.feed_secret_hash), so a new one made in /admin/booking-settings ends
 * the old at once, and an unknown one is a 404. Each event names the
 * session and the client's first name only; the rest is behind the admin's sign-in.
 */

export const FEED_PATH = /^\/calendar\/([^/]+)\.ics$/;
/** Bookings older than this are left out of the feed. */
export const FEED_PAST_DAYS = 30;
/** Reads per address per 10 minutes: a calendar app asks about once an hour. */
export const FEED_RATE_LIMIT = 60;

export interface FeedSource {
  db: Db;
  siteUrl: string;
  logger: Logger;
  /** the session type's name and where it happens, from the published content */
  describeSession: (sessionTypeId: string) => { name: string; location: string };
  /** the counsellor's name for the calendar's title */
  counsellorName: (counsellorId: string) => string | undefined;
  now?: () => number;
}

/** The .ics text of the counsellor whose secret this is; undefined for an unknown secret. */
export async function feedForSecret(
  source: FeedSource,
  secret: string,
): Promise<string | undefined> {
  if (!looksLikeToken(secret)) return undefined;
  const { db } = source;
  const [owner] = await db
    .select({ counsellorId: counsellorSettings.counsellorId })
    .from(counsellorSettings)
    .where(eq(counsellorSettings.feedSecretHash, hashToken(secret)));
  if (!owner) return undefined;
  const now = source.now?.() ?? Date.now();
  const rows = await db
    .select({
      id: appointments.id,
      sessionType: appointments.sessionType,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      sequence: appointments.sequence,
      payload: submissions.payload,
    })
    .from(appointments)
    .leftJoin(submissions, eq(submissions.id, appointments.submissionId))
    .where(
      and(
        eq(appointments.counsellorId, owner.counsellorId),
        eq(appointments.status, "booked"),
        gte(appointments.startsAt, new Date(now - FEED_PAST_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const host = new URL(source.siteUrl).host;
  const events: CalendarEvent[] = rows.map((r) => {
    const session = source.describeSession(r.sessionType);
    const firstName = (r.payload?.name ?? "").trim().split(/\s+/)[0] ?? "";
    return {
      uid: bookingUid(String(r.id), host),
      sequence: r.sequence,
      start: r.startsAt.getTime(),
      end: r.endsAt.getTime(),
      summary: firstName ? `${session.name}: ${firstName}` : session.name,
      location: session.location,
      description: `The client's details are in the bookings page: ${source.siteUrl}/admin/bookings`,
    };
  });
  const name = source.counsellorName(owner.counsellorId);
  return counsellorFeed({ name: name ? `Bookings: ${name}` : "Bookings", events }, now);
}

/** The route, for server/app.ts; mounted before lower-casing (the secret has capitals). */
export function calendarFeedRoute(source: FeedSource): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = FEED_PATH.exec(req.path);
    if (!match) return next();
    const answer = async () => {
      res.set("Cache-Control", "private, no-store");
      res.set("X-Robots-Tag", "noindex");
      const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const hits = await countInWindow(
        source.db,
        `calendar:${addressKey(ip)}`,
        RATE_WINDOW_MS,
        new Date(source.now?.() ?? Date.now()),
      );
      if (hits.count > FEED_RATE_LIMIT) {
        res.set("Retry-After", String(hits.retryAfterSeconds));
        return res.status(429).type("text").send("Too many requests. Please try again later.");
      }
      const text = await feedForSecret(source, match[1]!);
      // An unknown or revoked address says no more than that (never which part was wrong).
      if (text === undefined)
        return res.status(404).type("text").send("There is no calendar at this address.");
      res.status(200).type("text/calendar; charset=utf-8").send(text);
    };
    answer().catch((error: unknown) => {
      source.logger.error({ err: describeDatabaseError(error) }, "private calendar failed");
      res.status(503).type("text").send("The calendar is not available just now.");
    });
  };
}

/**
 * A request path as it may be logged: a private calendar's secret and a booking's change-or-cancel
 * token are never written down.
 */
export function loggablePath(path: string): string {
  if (FEED_PATH.test(path)) return "/calendar/[secret].ics";
  if (/^\/bookings\/[^/]+/i.test(path)) return "/bookings/[token]";
  return path;
}
