import type { BookingSettingsService } from "../services/booking-settings";
import {
  checkBusyFeedUrl,
  type FieldErrors,
  parseRulesForm,
  parseTimeOffForm,
  type TypedRules,
} from "./booking-settings-form";

/** What a post to a counsellor's booking settings led to, for the form it came from. */
export interface SettingsActionResult {
  status: number;
  intent: string;
  ok: boolean;
  message?: string;
  errors?: FieldErrors;
  typed?: TypedRules;
  /** the private calendar address just made: shown this once */
  calendarAddress?: string;
}

/** Each form of /admin/booking-settings/<counsellor>, by its `intent`. */
export async function settingsAction(input: {
  form: FormData;
  settings: BookingSettingsService;
  counsellorId: string;
  by: string;
  siteUrl: string;
  today: string;
}): Promise<SettingsActionResult> {
  const { form, settings, counsellorId, by } = input;
  const intent = String(form.get("intent") ?? "");
  const done = (message: string) => ({ status: 200, intent, ok: true, message });
  const refused = (errors: FieldErrors, typed?: TypedRules, message?: string) => ({
    status: 400,
    intent,
    ok: false,
    errors,
    ...(typed ? { typed } : {}),
    ...(message ? { message } : {}),
  });
  switch (intent) {
    case "rules": {
      const parsed = parseRulesForm(form);
      if (!parsed.ok) return refused(parsed.errors, parsed.typed);
      await settings.saveRules(counsellorId, parsed.rules, by);
      return done("Saved. Clients are offered times by these hours from now on.");
    }
    case "add-time-off": {
      const parsed = parseTimeOffForm(form, input.today);
      if (!parsed.ok) return refused(parsed.errors, parsed.typed);
      await settings.addTimeOff(counsellorId, parsed.timeOff, by);
      return done("Added. Nothing is offered on those days.");
    }
    case "remove-time-off": {
      const id = Number(form.get("id"));
      const removed =
        Number.isSafeInteger(id) && id > 0 && (await settings.removeTimeOff(counsellorId, id, by));
      return removed
        ? done("Removed. Those days can be booked again.")
        : { status: 404, intent, ok: false, message: "That time off was already removed." };
    }
    case "calendar-address": {
      const secret = await settings.newCalendarSecret(counsellorId, by);
      return {
        status: 200,
        intent,
        ok: true,
        calendarAddress: `${input.siteUrl}/calendar/${secret}.ics`,
      };
    }
    case "busy-feed": {
      const checked = checkBusyFeedUrl(String(form.get("busyFeedUrl") ?? ""));
      if (!checked.ok) return refused({ busyFeedUrl: checked.message });
      const saved = await settings.setBusyFeed(counsellorId, checked.url, by);
      if (!saved.ok) return refused({ busyFeedUrl: saved.message });
      return done("Saved. The website reads that calendar now and every few minutes after.");
    }
    case "busy-feed-remove": {
      await settings.setBusyFeed(counsellorId, undefined, by);
      return done("Disconnected. Their own calendar is no longer read.");
    }
    default:
      return { status: 400, intent, ok: false, message: "That form was not recognised." };
  }
}
