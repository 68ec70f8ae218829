import { LocalTime } from "./LocalTime";
import { formatLagosClock, formatLagosDay } from "~/lib/bookings/format-lagos-time";
import { lagosDateTimeValue, lagosIso } from "~/lib/bookings/lagos-time";
import { type OfferedWeek, startsOf } from "~/lib/bookings/page-types";

/** One offered start as a radio: its Lagos time in a `<time>`, and the visitor's own beside it. */
export function TimeChoice({
  start,
  checked,
  onChange,
  describedBy,
  withDay = false,
}: {
  start: number;
  checked: boolean;
  onChange?: (value: string) => void;
  describedBy?: string;
  /** the day's name too, where the choice is not under its day's legend (the nearest times) */
  withDay?: boolean;
}) {
  const value = lagosDateTimeValue(start);
  return (
    <label className="time-choice">
      <input
        type="radio"
        name="time"
        value={value}
        // Controlled once React runs (the choice survives paging); a plain radio before.
        {...(onChange ? { checked, onChange: () => onChange(value) } : { defaultChecked: checked })}
        aria-describedby={describedBy}
      />
      <time dateTime={lagosIso(start)}>
        {withDay ? `${formatLagosDay(start)}, ` : ""}
        {formatLagosClock(start)}
      </time>
      <LocalTime instant={start} afterTime />
    </label>
  );
}

/**
 * The week's free times, a fieldset per day (issue 42: real radio buttons, a legend naming the
 * day, each time a `<time datetime>` with the Lagos offset). Paging is the caller's: a submit
 * button in the same form keeps what the visitor typed without JavaScript.
 */
export function TimePicker({
  times,
  selected,
  onSelect,
  error,
  pager,
}: {
  times: OfferedWeek;
  selected?: string;
  onSelect?: (value: string) => void;
  error?: string;
  pager: (direction: "previous" | "next", from: string) => React.ReactNode;
}) {
  const offered = times.days
    .map((day) => ({ date: day.date, starts: startsOf(day) }))
    .filter((day) => day.starts.length > 0);
  const errorId = error ? "time-error" : undefined;
  return (
    <div id="time" tabIndex={-1} className="space-y-3 focus:outline-none">
      {error && (
        <p id="time-error" role="alert" className="text-sm font-semibold text-clay-700">
          {error}
        </p>
      )}
      {offered.length === 0 && (
        <p className="rounded-xl bg-sand p-4 text-muted">
          There are no free times in these days. Please look at the next week, or call us and we
          will find a time with you.
        </p>
      )}
      {offered.map((day, index) => {
        const name = formatLagosDay(day.starts[0]!);
        const values = day.starts.map(lagosDateTimeValue);
        // A day is a closed disclosure but the first (and the one with the choice): a week of
        // times fits a phone's screen, and opening a day needs no script (<details>).
        const open = index === 0 || (selected !== undefined && values.includes(selected));
        return (
          <details
            key={day.date}
            open={open}
            className="group rounded-2xl border border-linen bg-white"
          >
            <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold text-ink focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none">
              <span>{name}</span>
              <span className="shrink-0 text-sm font-normal whitespace-nowrap text-muted">
                {day.starts.length === 1 ? "1 time" : `${day.starts.length} times`}
              </span>
            </summary>
            <fieldset className="min-w-0 px-4 pb-4">
              <legend className="sr-only">{name}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {day.starts.map((start, i) => (
                  <TimeChoice
                    key={start}
                    start={start}
                    checked={selected === values[i]}
                    onChange={onSelect}
                    describedBy={errorId}
                  />
                ))}
              </div>
            </fieldset>
          </details>
        );
      })}
      {(times.previous || times.next) && (
        <div className="flex flex-wrap justify-between gap-3">
          {times.previous ? pager("previous", times.previous) : <span />}
          {times.next ? pager("next", times.next) : null}
        </div>
      )}
    </div>
  );
}
