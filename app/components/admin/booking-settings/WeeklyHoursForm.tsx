import {
  BOUNDS,
  clockOf,
  type FieldErrors,
  PERIODS_PER_DAY,
  periodField,
  type TypedRules,
  WEEKDAYS,
} from "~/lib/admin/booking-settings-form";
import type { CounsellorRules } from "~/lib/services/booking-settings";
import { FieldMessage, inputClass, primaryButton, SettingsOutcome } from "./SettingsOutcome";

interface FieldProps {
  id: string;
  name: string;
  defaultValue: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** The rules a counsellor's free times are made from, as the form's fields start. */
function startValues(rules: CounsellorRules): TypedRules {
  const values: TypedRules = {
    bufferMinutes: String(rules.bufferMinutes),
    noticeHours: String(rules.noticeHours),
    horizonDays: String(rules.horizonDays),
  };
  WEEKDAYS.forEach(({ key }, day) => {
    for (let p = 1; p <= PERIODS_PER_DAY; p++) {
      const period = rules.weeklyHours[day]?.[p - 1];
      values[periodField(key, p, "start")] = period ? clockOf(period.start) : "";
      values[periodField(key, p, "end")] = period ? clockOf(period.end) : "";
    }
  });
  return values;
}

export function WeeklyHoursForm({
  rules,
  defaults,
  errors = {},
  typed,
  outcome,
}: {
  rules: CounsellorRules;
  defaults: boolean;
  errors?: FieldErrors;
  typed?: TypedRules;
  outcome?: { ok: boolean; message: string };
}) {
  const values = typed ?? startValues(rules);
  const count = Object.keys(errors).length;
  const field = (name: string): FieldProps => ({
    id: `rules-${name}`,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `rules-${name}-error` : undefined,
  });
  return (
    <section aria-labelledby="hours-heading" className="mt-8">
      <h2 id="hours-heading" className="text-2xl font-semibold">
        Weekly hours
      </h2>
      <p className="mt-1 text-muted">
        The times clients may book, in Lagos time. Give one stretch a day, or two with a break
        between. Leave a day empty when they do not work that day.
        {defaults && " These are the office hours until you save their own."}
      </p>
      <form method="post" className="mt-4" noValidate>
        <input type="hidden" name="intent" value="rules" />
        {count > 0 && (
          <p role="alert" className="rounded-xl border-2 border-clay-700 bg-clay-100 p-3">
            <span className="font-semibold">Nothing was saved:</span> please check{" "}
            {count === 1 ? "the field" : `the ${count} fields`} marked below.
          </p>
        )}
        <div className="mt-3 space-y-3">
          {WEEKDAYS.map(({ key, name }) => (
            <fieldset key={key} className="rounded-xl border border-slate-300 p-3">
              <legend className="px-1 font-semibold">{name}</legend>
              {Array.from({ length: PERIODS_PER_DAY }, (_, i) => i + 1).map((p) => (
                <div key={p} className="mt-1 grid grid-cols-2 gap-3">
                  {(["start", "end"] as const).map((end) => {
                    const name_ = periodField(key, p, end);
                    const words =
                      end === "start"
                        ? p === 1
                          ? "Starts"
                          : "Starts again"
                        : p === 1
                          ? "Ends"
                          : "Ends again";
                    return (
                      <div key={end}>
                        <label htmlFor={`rules-${name_}`} className="text-sm font-semibold">
                          <span className="sr-only">{name}: </span>
                          {words}
                          {p > 1 && <span className="font-normal text-muted"> (optional)</span>}
                        </label>
                        <input type="time" step={300} className={inputClass} {...field(name_)} />
                        <FieldMessage id={`rules-${name_}-error`} message={errors[name_]} />
                      </div>
                    );
                  })}
                </div>
              ))}
            </fieldset>
          ))}
        </div>
        <div className="mt-5 grid gap-4 sm:grid-cols-3">
          <NumberField
            label="Break between sessions (minutes)"
            help={`${BOUNDS.bufferMinutes.min} to ${BOUNDS.bufferMinutes.max}. Kept free after every session.`}
            bounds={BOUNDS.bufferMinutes}
            error={errors.bufferMinutes}
            props={field("bufferMinutes")}
          />
          <NumberField
            label="Notice needed (hours)"
            help="Nothing sooner than this is offered. 24 is a day."
            bounds={BOUNDS.noticeHours}
            error={errors.noticeHours}
            props={field("noticeHours")}
          />
          <NumberField
            label="Bookable ahead (days)"
            help="How far ahead clients may book. 28 is four weeks."
            bounds={BOUNDS.horizonDays}
            error={errors.horizonDays}
            props={field("horizonDays")}
          />
        </div>
        <button type="submit" className={`mt-5 ${primaryButton}`}>
          Save hours
        </button>
        <SettingsOutcome outcome={outcome} />
      </form>
    </section>
  );
}

function NumberField({
  label,
  help,
  bounds,
  error,
  props,
}: {
  label: string;
  help: string;
  bounds: { min: number; max: number };
  error?: string;
  props: FieldProps;
}) {
  const helpId = `${props.id}-help`;
  return (
    <div>
      <label htmlFor={props.id} className="block font-semibold">
        {label}
      </label>
      <p id={helpId} className="text-sm text-muted">
        {help}
      </p>
      <input
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        className={inputClass}
        {...props}
        aria-describedby={[helpId, props["aria-describedby"]].filter(Boolean).join(" ")}
      />
      <FieldMessage id={`${props.id}-error`} message={error} />
    </div>
  );
}
