import { formatWat } from "~/lib/admin/wat";
import type { BusyFeedState } from "~/lib/services/booking-settings";
import {
  FieldMessage,
  inputClass,
  primaryButton,
  secondaryButton,
  SettingsOutcome,
} from "./SettingsOutcome";

/**
 * The counsellor's own calendar, read every few minutes for busy times. Its address is a secret:
 * once saved it is never shown again, only its host.
 */
export function BusyFeedSection({
  name,
  busyFeed,
  error,
  outcome,
}: {
  name: string;
  busyFeed?: BusyFeedState;
  error?: string;
  outcome?: { ok: boolean; message: string };
}) {
  return (
    <section aria-labelledby="busy-heading" className="mt-10">
      <h2 id="busy-heading" className="text-2xl font-semibold">
        Busy times from their own calendar
      </h2>
      <p className="mt-1 text-muted">
        Optional. When {name} keeps their own calendar (a hospital clinic, a school run), the
        website reads it every few minutes and offers no booking when they are busy. Only the times
        are read, never what the events say.
      </p>
      {busyFeed && (
        <div
          className={
            busyFeed.problem
              ? "mt-3 rounded-xl border-2 border-clay-700 bg-clay-100 p-3"
              : "mt-3 rounded-xl border border-slate-300 p-3"
          }
        >
          <p className="font-semibold">Connected: a calendar at {busyFeed.host}.</p>
          {busyFeed.problem ? (
            <p className="mt-1">
              <span className="font-semibold">Needs attention:</span> {busyFeed.problem}
            </p>
          ) : busyFeed.checkedAt ? (
            <p className="mt-1">
              Last read {formatWat(busyFeed.checkedAt)}: {busyFeed.busyCount}{" "}
              {busyFeed.busyCount === 1 ? "busy time" : "busy times"} in the weeks clients can book.
            </p>
          ) : (
            <p className="mt-1">Not read yet: the website reads it within a few minutes.</p>
          )}
        </div>
      )}
      <form method="post" className="mt-3" noValidate>
        <input type="hidden" name="intent" value="busy-feed" />
        <label htmlFor="busy-feed-url" className="block font-semibold">
          {busyFeed ? "Replace with another address" : "Their calendar’s secret address"}
        </label>
        <p id="busy-feed-help" className="text-sm text-muted">
          In Google Calendar on a computer: Settings, then the calendar’s name, then “Secret address
          in iCal format”. Copy it and paste it here. On an iPhone’s iCloud calendar: share it as a
          Public Calendar and paste that link.
        </p>
        <input
          id="busy-feed-url"
          name="busyFeedUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "busy-feed-help busy-feed-url-error" : "busy-feed-help"}
        />
        <FieldMessage id="busy-feed-url-error" message={error} />
        <button type="submit" className={`mt-3 ${primaryButton}`}>
          Save calendar address
        </button>
      </form>
      {busyFeed && (
        <form method="post" className="mt-3">
          <input type="hidden" name="intent" value="busy-feed-remove" />
          <button type="submit" className={secondaryButton}>
            Disconnect their calendar
          </button>
        </form>
      )}
      <SettingsOutcome outcome={outcome} />
    </section>
  );
}
