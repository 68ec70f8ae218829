import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { officeHours, type WeeklyHours } from "../../app/lib/bookings/weekly-hours";
import { defaultBookingRules } from "../../app/lib/bookings/booking-rules";
import { lagosDayOf } from "../../app/lib/bookings/lagos-time";
import type {
  BookingSettingsService,
  CounsellorRules,
  CounsellorSettingsView,
} from "../../app/lib/services/booking-settings";
import { checkBusyFeedUrl } from "../../app/lib/admin/booking-settings-form";
import { hashToken, newToken } from "../auth/tokens";
import type { Db } from "../db/client";
import {
  contentAudit,
  counsellorBusyTimes,
  counsellorSettings,
  counsellorTimeOff,
} from "../db/schema";

/**
 * Each counsellor's booking settings in counsellor_settings and counsellor_time_off
 * (docs/decisions/042), for /admin/booking-settings. A counsellor without a row works the office
 * hours with the default rules. Every change is written to the audit list, without the secrets.
 */

/** The rules a counsellor works by: their own row's, or the practice's defaults. */
export function rulesOf(
  row: typeof counsellorSettings.$inferSelect | undefined,
  office: WeeklyHours = officeHours,
): CounsellorRules {
  return {
    weeklyHours: row?.weeklyHours ?? office,
    bufferMinutes: row?.bufferMinutes ?? defaultBookingRules.bufferMinutes,
    noticeHours: Math.round((row?.noticeMinutes ?? defaultBookingRules.noticeMinutes) / 60),
    horizonDays: row?.horizonDays ?? defaultBookingRules.horizonDays,
  };
}

/** The host of a calendar address, to recognise it by without showing the secret part. */
export function feedHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an unreadable address";
  }
}

export interface BookingSettingsOptions {
  now?: () => Date;
  /** the published office hours: the week of a counsellor without their own */
  officeHours?: () => WeeklyHours;
  /** reads one counsellor's calendar soon after its address is set (server/bookings/busy-feed.ts) */
  readSoon?: (counsellorId: string) => void;
}

export function createBookingSettings(
  db: Db,
  options: BookingSettingsOptions = {},
): BookingSettingsService {
  const now = options.now ?? (() => new Date());
  const audit = (by: string, detail: string) =>
    db.insert(contentAudit).values({ editor: by, action: "booking-settings", detail, at: now() });
  const row = async (counsellorId: string) =>
    (
      await db
        .select()
        .from(counsellorSettings)
        .where(eq(counsellorSettings.counsellorId, counsellorId))
    )[0];
  /** Creates the counsellor's row (with the defaults left null) when it is missing. */
  const ensureRow = (counsellorId: string) =>
    db.insert(counsellorSettings).values({ counsellorId }).onConflictDoNothing();

  return {
    async summaries(counsellorIds) {
      if (counsellorIds.length === 0) return [];
      const rows = await db
        .select()
        .from(counsellorSettings)
        .where(inArray(counsellorSettings.counsellorId, [...counsellorIds]));
      const byId = new Map(rows.map((r) => [r.counsellorId, r]));
      return counsellorIds.map((counsellorId) => {
        const r = byId.get(counsellorId);
        return {
          counsellorId,
          defaults: !r || r.weeklyHours === null,
          calendarAddress: !!r?.feedSecretHash,
          ...(r?.busyFeedUrl && r.busyFeedError ? { busyFeedProblem: r.busyFeedError } : {}),
        };
      });
    },

    async read(counsellorId): Promise<CounsellorSettingsView> {
      const r = await row(counsellorId);
      const today = lagosDayOf(now().getTime()).date;
      const timeOff = await db
        .select()
        .from(counsellorTimeOff)
        .where(
          and(
            eq(counsellorTimeOff.counsellorId, counsellorId),
            gte(counsellorTimeOff.toDate, today),
          ),
        )
        .orderBy(asc(counsellorTimeOff.fromDate), asc(counsellorTimeOff.id));
      let busyCount = 0;
      if (r?.busyFeedUrl) {
        const counted = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(counsellorBusyTimes)
          .where(eq(counsellorBusyTimes.counsellorId, counsellorId));
        busyCount = Number(counted[0]?.n ?? 0);
      }
      return {
        rules: rulesOf(r, options.officeHours?.()),
        defaults: !r || r.weeklyHours === null,
        timeOff: timeOff.map((t) => ({
          id: t.id,
          from: t.fromDate,
          to: t.toDate,
          ...(t.note ? { note: t.note } : {}),
        })),
        calendarAddress: !!r?.feedSecretHash,
        ...(r?.busyFeedUrl
          ? {
              busyFeed: {
                host: feedHost(r.busyFeedUrl),
                ...(r.busyFeedCheckedAt ? { checkedAt: r.busyFeedCheckedAt.toISOString() } : {}),
                ...(r.busyFeedError ? { problem: r.busyFeedError } : {}),
                busyCount,
              },
            }
          : {}),
      };
    },

    async saveRules(counsellorId, rules, by) {
      const values = {
        weeklyHours: rules.weeklyHours.map((day) =>
          day.map((p) => ({ start: p.start, end: p.end })),
        ),
        bufferMinutes: rules.bufferMinutes,
        noticeMinutes: rules.noticeHours * 60,
        horizonDays: rules.horizonDays,
        updatedAt: now(),
      };
      await db
        .insert(counsellorSettings)
        .values({ counsellorId, ...values })
        .onConflictDoUpdate({ target: counsellorSettings.counsellorId, set: values });
      await audit(by, `${counsellorId}: weekly hours and rules`);
    },

    async addTimeOff(counsellorId, timeOff, by) {
      await db.insert(counsellorTimeOff).values({
        counsellorId,
        fromDate: timeOff.from,
        toDate: timeOff.to,
        note: timeOff.note ?? null,
      });
      await audit(by, `${counsellorId}: time off ${timeOff.from} to ${timeOff.to}`);
    },

    async removeTimeOff(counsellorId, id, by) {
      const removed = await db
        .delete(counsellorTimeOff)
        .where(and(eq(counsellorTimeOff.id, id), eq(counsellorTimeOff.counsellorId, counsellorId)))
        .returning({ from: counsellorTimeOff.fromDate, to: counsellorTimeOff.toDate });
      if (removed.length === 0) return false;
      await audit(by, `${counsellorId}: removed time off ${removed[0]!.from} to ${removed[0]!.to}`);
      return true;
    },

    async newCalendarSecret(counsellorId, by) {
      const secret = newToken();
      await ensureRow(counsellorId);
      await db
        .update(counsellorSettings)
        .set({ feedSecretHash: hashToken(secret), updatedAt: now() })
        .where(eq(counsellorSettings.counsellorId, counsellorId));
      await audit(
        by,
        `${counsellorId}: new private calendar address (the old one stopped working)`,
      );
      return secret;
    },

    async setBusyFeed(counsellorId, url, by) {
      if (url === undefined) {
        await db.transaction(async (tx) => {
          await tx
            .update(counsellorSettings)
            .set({
              busyFeedUrl: null,
              busyFeedError: null,
              busyFeedCheckedAt: null,
              updatedAt: now(),
            })
            .where(eq(counsellorSettings.counsellorId, counsellorId));
          await tx
            .delete(counsellorBusyTimes)
            .where(eq(counsellorBusyTimes.counsellorId, counsellorId));
        });
        await audit(by, `${counsellorId}: disconnected their own calendar`);
        return { ok: true };
      }
      const checked = checkBusyFeedUrl(url);
      if (!checked.ok) return checked;
      await ensureRow(counsellorId);
      await db
        .update(counsellorSettings)
        .set({
          busyFeedUrl: checked.url,
          busyFeedError: null,
          busyFeedCheckedAt: null,
          updatedAt: now(),
        })
        .where(eq(counsellorSettings.counsellorId, counsellorId));
      await audit(by, `${counsellorId}: connected their own calendar (${feedHost(checked.url)})`);
      options.readSoon?.(counsellorId);
      return { ok: true };
    },
  };
}
