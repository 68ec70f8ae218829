import type { FieldErrors, TypedRules } from "~/lib/admin/booking-settings-form";
import { BOUNDS } from "~/lib/admin/booking-settings-form";
import { formatLagosDay } from "~/lib/bookings/format-lagos-time";
import { parseLagosDate } from "~/lib/bookings/lagos-time";
import type { TimeOff } from "~/lib/services/booking-settings";
import {
  FieldMessage,
  inputClass,
  primaryButton,
  secondaryButton,
  SettingsOutcome,
} from "./SettingsOutcome";

/** "Thursday 24 December 2026", from a Lagos date. */
function dayWords(date: string): string {
  const day = parseLagosDate(date);
  return day ? formatLagosDay(day.start) : date;
}

function spanWords(t: TimeOff): string {
  return t.from === t.to ? dayWords(t.from) : `${dayWords(t.from)} to ${dayWords(t.to)}`;
}

export function TimeOffSection({
  timeOff,
  today,
  errors = {},
  typed,
  outcome,
}: {
  timeOff: TimeOff[];
  today: string;
  errors?: FieldErrors;
  typed?: TypedRules;
  outcome?: { ok: boolean; message: string };
}) {
  const field = (name: string) => ({
    id: `time-off-${name}`,
    name,
    defaultValue: typed?.[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `time-off-${name}-error` : undefined,
  });
  return (
    <section aria-labelledby="time-off-heading" className="mt-10">
      <h2 id="time-off-heading" className="text-2xl font-semibold">
        Time off
      </h2>
      <p className="mt-1 text-muted">
        Days away: holidays, training, a family event. Nothing is offered on those days. Sessions
        already booked stay booked: move or cancel them in the bookings.
      </p>
      {timeOff.length === 0 ? (
        <p className="mt-3">No time off coming up.</p>
      ) : (
        <ul aria-label="Time off coming up" className="mt-3 space-y-2">
          {timeOff.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-300 p-3"
            >
              <div>
                <p className="font-semibold">{spanWords(t)}</p>
                {t.note && <p className="text-sm text-muted">{t.note}</p>}
              </div>
              <form method="post">
                <input type="hidden" name="intent" value="remove-time-off" />
                <input type="hidden" name="id" value={t.id} />
                <button
                  type="submit"
                  className={secondaryButton}
                  aria-label={`Remove time off: ${spanWords(t)}`}
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" className="mt-4 rounded-xl border border-slate-300 p-4" noValidate>
        <input type="hidden" name="intent" value="add-time-off" />
        <h3 className="text-lg font-semibold">Add time off</h3>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="time-off-from" className="block font-semibold">
              First day away
            </label>
            <input type="date" min={today} className={inputClass} {...field("from")} />
            <FieldMessage id="time-off-from-error" message={errors.from} />
          </div>
          <div>
            <label htmlFor="time-off-to" className="block font-semibold">
              Last day away <span className="font-normal text-muted">(optional)</span>
            </label>
            <p id="time-off-to-help" className="text-sm text-muted">
              Empty for a single day.
            </p>
            <input
              type="date"
              min={today}
              className={inputClass}
              {...field("to")}
              aria-describedby={
                errors.to ? "time-off-to-help time-off-to-error" : "time-off-to-help"
              }
            />
            <FieldMessage id="time-off-to-error" message={errors.to} />
          </div>
        </div>
        <div className="mt-3">
          <label htmlFor="time-off-note" className="block font-semibold">
            Note <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            type="text"
            maxLength={BOUNDS.noteChars}
            className={inputClass}
            {...field("note")}
          />
          <FieldMessage id="time-off-note-error" message={errors.note} />
        </div>
        <button type="submit" className={`mt-4 ${primaryButton}`}>
          Add time off
        </button>
        <SettingsOutcome outcome={outcome} />
      </form>
    </section>
  );
}
