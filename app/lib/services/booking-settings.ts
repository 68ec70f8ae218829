import type { WeeklyHours } from "../bookings/weekly-hours";

/**
 * Each counsellor's booking settings, for /admin/booking-settings (INBOX_EMAILS readers, with
 * BOOKINGS=native; server/bookings/settings.ts). The values arrive checked
 * (app/lib/admin/booking-settings-form.ts); the counsellors are the team document's.
 */

/** What a counsellor's bookable week is made of, as the settings form shows and saves it. */
export interface CounsellorRules {
  /** index 0 is Monday; an empty day is closed */
  weeklyHours: WeeklyHours;
  bufferMinutes: number;
  noticeHours: number;
  horizonDays: number;
}

/** Days away, Lagos dates inclusive. */
export interface TimeOff {
  id: number;
  /** "2026-12-24" */
  from: string;
  to: string;
  note?: string;
}

/** The counsellor's own calendar, read for busy times; the address itself never leaves the server. */
export interface BusyFeedState {
  /** only the host (calendar.google.com), to recognise it by */
  host: string;
  /** ISO; when the last read finished, well or not */
  checkedAt?: string;
  /** why the last read failed, in words; absent when it worked */
  problem?: string;
  /** busy times held from the last good read, within the horizon */
  busyCount: number;
}

export interface CounsellorSettingsView {
  rules: CounsellorRules;
  /** the practice's defaults apply (no row of their own yet) */
  defaults: boolean;
  timeOff: TimeOff[];
  /** a private calendar address has been made (only its hash is kept) */
  calendarAddress: boolean;
  busyFeed?: BusyFeedState;
}

/** One line of the list page. */
export interface CounsellorSettingsSummary {
  counsellorId: string;
  defaults: boolean;
  calendarAddress: boolean;
  busyFeedProblem?: string;
}

export type BusyFeedSaveResult =
  | { ok: true }
  /** the address is not one the site will read: why, for the field */
  | { ok: false; message: string };

export interface BookingSettingsService {
  summaries(counsellorIds: readonly string[]): Promise<CounsellorSettingsSummary[]>;
  read(counsellorId: string): Promise<CounsellorSettingsView>;
  saveRules(counsellorId: string, rules: CounsellorRules, by: string): Promise<void>;
  addTimeOff(counsellorId: string, timeOff: Omit<TimeOff, "id">, by: string): Promise<void>;
  /** false when there was no such entry for this counsellor */
  removeTimeOff(counsellorId: string, id: number, by: string): Promise<boolean>;
  /**
   * makes a new secret for the private calendar address (the old one stops working at once) and
   * gives it back this once; only its sha256 is kept
   */
  newCalendarSecret(counsellorId: string, by: string): Promise<string>;
  /** sets (a string) or removes (undefined) the counsellor's own calendar's address, then reads it */
  setBusyFeed(
    counsellorId: string,
    url: string | undefined,
    by: string,
  ): Promise<BusyFeedSaveResult>;
}
