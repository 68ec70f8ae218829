import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import { messages } from "~/content/messages";
import { IDEMPOTENCY_FIELD } from "~/lib/forms/fields";
import { lagosDateTimeValue } from "~/lib/bookings/lagos-time";
import { PAYMENT_HOLD_MINUTES } from "~/lib/bookings/booking-rules";
import { formatNaira } from "~/lib/money";
import type { NativeBookingOutcome, PickerView } from "~/lib/bookings/page-types";
import { toast } from "~/lib/toast-store";
import { FormNotice } from "../forms/FormNotice";
import { BookingButtons, BookingContactFields } from "../forms/BookingParts";
import { Honeypot } from "../forms/Honeypot";
import { useResilientForm } from "../forms/useResilientForm";
import { BookingDetails } from "./BookingDetails";
import { sessionFacts } from "./session-facts";
import { TimeChoice, TimePicker } from "./TimePicker";

const empty = { name: "", email: "", phone: "" };
const fieldOrder = ["name", "email", "phone", "sessionTypeId", "counsellorId", "time"] as const;

/**
 * What the visitor typed and chose before React started (docs/decisions/017: it starts when a
 * field gets focus), read while React hydrates the form so its controlled fields keep it.
 */
function chosenBeforeReact(): Record<string, string> {
  if (typeof document === "undefined") return {};
  const form = document.querySelector<HTMLFormElement>('form[aria-labelledby="book-heading"]');
  if (!form) return {};
  const chosen: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "" && !(name in chosen)) chosen[name] = value;
  }
  return chosen;
}

const smallButton = "btn-outline min-h-11 px-4 py-2 text-base";

/**
 * 'Book Your Session' when the practice takes bookings itself (issue 42): a kind of session, a
 * counsellor or "First available", a free time, and who is coming. One form does it all, so that
 * without JavaScript paging a week or changing the session (submit buttons that only show the
 * times again) never loses what was typed; with JavaScript those fetch the times in the
 * background, and Complete Booking is sent as every form is (useResilientForm: an idempotency key,
 * kept and sent again on a bad network). A booking opens its own page, "Booked".
 */
export function NativeBookingForm({
  view: loaded,
  serverKey,
}: {
  view: PickerView;
  serverKey: string;
}) {
  const form = useResilientForm<NativeBookingOutcome>({
    action: "/schedule",
    fieldOrder,
    schema: (s) => s.nativeBookingSchema,
    unreachable: { title: messages.booking.unreachable, description: messages.booking.kept },
    onAnswer: (answer) => {
      if (answer.outcome === "refused") setTime("");
      else if ("message" in answer) {
        toast({
          title: messages.booking.failed,
          description: answer.message,
          variant: "destructive",
        });
      }
    },
  });
  const { fetcher, pageResult, hydrated, busy, result } = form;
  // /schedule's own loader, asked for another week, session or counsellor.
  const times = useFetcher<{ native?: { view: PickerView } }>({ key: "schedule-times" });
  const answered = result && "view" in result ? result : undefined;
  const view = times.data?.native?.view ?? answered?.view ?? loaded;
  const typed = answered?.values ?? {};

  const [before] = useState(chosenBeforeReact);
  const [fields, setFields] = useState(() => ({
    ...empty,
    ...Object.fromEntries(Object.keys(empty).map((k) => [k, before[k] ?? typed[k] ?? ""])),
  }));
  const [sessionTypeId, setSessionTypeId] = useState(before.sessionTypeId ?? view.sessionTypeId);
  const [counsellorId, setCounsellorId] = useState(before.counsellorId ?? view.counsellorId);
  const [time, setTime] = useState(before.time ?? typed.time ?? "");
  const complete = Object.values(fields).every((v) => v.trim() !== "");
  const refused = result?.outcome === "refused" ? result : undefined;
  // A refusal of a field other than the time (the service checks them too) speaks at that field.
  const errors =
    refused && refused.field !== "time"
      ? { ...form.errors, [refused.field]: refused.message }
      : form.errors;

  const showTimes = (next: { sessionTypeId?: string; counsellorId?: string; from?: string }) => {
    const query = new URLSearchParams({
      type: next.sessionTypeId ?? sessionTypeId,
      counsellor: next.counsellorId ?? counsellorId,
      ...(next.from ? { from: next.from } : {}),
    });
    times.load(`/schedule?${query}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (
      submitter instanceof HTMLButtonElement &&
      (submitter.name === "week" || submitter.value === "show")
    ) {
      event.preventDefault();
      showTimes(submitter.name === "week" ? { from: submitter.value } : {});
      return;
    }
    form.formProps.onSubmit(event);
  };

  const clear = () => {
    setFields(empty);
    setTime("");
    form.clearErrors();
    toast({ title: messages.booking.cleared });
  };

  const update = (name: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));
  const controlled = hydrated ? { onSelect: setTime } : {};
  const timeError = errors.time ?? (refused?.field === "time" ? refused.message : undefined);
  const chosenTime = hydrated ? time : (typed.time ?? "");
  const chosenType = hydrated ? sessionTypeId : view.sessionTypeId;
  const paying = view.sessionTypes.find((t) => t.id === chosenType && t.payAtBooking);

  if (result?.outcome === "booked") {
    return (
      <div role="status" className="space-y-4">
        <p className="text-2xl font-semibold text-teal-900">Booked</p>
        <p className="text-muted">
          This session was booked already. The link to change or cancel it is in your confirmation
          e-mail.
        </p>
        <BookingDetails booking={result.booking} />
      </div>
    );
  }

  return (
    <form
      {...form.formProps}
      onSubmit={onSubmit}
      className="relative space-y-8"
      aria-labelledby="book-heading"
      data-needs-every-field
      data-reset-title={messages.booking.cleared}
    >
      {pageResult && "message" in pageResult && pageResult.outcome !== "refused" && (
        <FormNotice tone="error" title={messages.booking.failed}>
          {pageResult.message}
        </FormNotice>
      )}
      <Honeypot />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={serverKey} />
      {view.from && <input type="hidden" name="from" value={view.from} />}

      <div className="space-y-5">
        <BookingContactFields
          fields={fields}
          update={update}
          errors={errors}
          focusProps={form.focusProps}
          emailHint="Your confirmation, with a link to change or cancel, comes here."
        />
      </div>

      <fieldset className="min-w-0">
        <legend className="text-lg font-semibold text-teal-900">Kind of session</legend>
        {errors.sessionTypeId && (
          <p className="mt-1 text-sm font-semibold text-clay-700">{errors.sessionTypeId}</p>
        )}
        <div className="mt-3 space-y-2">
          {view.sessionTypes.map((type) => (
            <label
              key={type.id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-linen p-3 has-checked:border-teal-700 has-checked:bg-teal-50 has-focus-visible:ring-2 has-focus-visible:ring-teal-700"
            >
              <input
                type="radio"
                name="sessionTypeId"
                value={type.id}
                {...(hydrated
                  ? {
                      checked: sessionTypeId === type.id,
                      onChange: () => {
                        setSessionTypeId(type.id);
                        showTimes({ sessionTypeId: type.id });
                      },
                    }
                  : { defaultChecked: view.sessionTypeId === type.id })}
                className="mt-1 size-5 accent-teal-700"
              />
              <span>
                <span className="block font-semibold text-ink">{type.name}</span>
                <span className="block text-sm text-muted">{sessionFacts(type)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor="counsellorId" className="block text-lg font-semibold text-teal-900">
          Counsellor
        </label>
        <select
          id="counsellorId"
          name="counsellorId"
          {...(hydrated
            ? {
                value: counsellorId,
                onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
                  setCounsellorId(event.target.value);
                  showTimes({ counsellorId: event.target.value });
                },
              }
            : { defaultValue: view.counsellorId })}
          className="mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm focus:border-teal-700 focus:ring-2 focus:ring-teal-700/30 focus:outline-none"
        >
          <option value="first">First available</option>
          {view.counsellors.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}, {c.title}
            </option>
          ))}
        </select>
        {/* Without JavaScript a changed choice shows its times with this; with it, at once. */}
        <button
          type="submit"
          name="intent"
          value="show"
          formNoValidate
          className={`${smallButton} mt-3`}
        >
          Show times
        </button>
      </div>

      <section aria-labelledby="times-heading" aria-busy={times.state !== "idle" || undefined}>
        <h3 id="times-heading" className="text-lg font-semibold text-teal-900">
          Choose a time
        </h3>
        <p className="mt-1 mb-4 text-sm text-muted">
          Times are in Lagos time (WAT). Need to talk sooner?{" "}
          <a href="#other-ways" className="font-semibold text-teal-800 underline">
            Emergency appointments on request
          </a>
          .
        </p>
        {refused?.field === "time" && refused.nearest.length > 0 && (
          <fieldset className="mb-6 rounded-2xl border border-clay-700 bg-clay-100/40 p-4">
            <legend className="px-1 font-semibold text-clay-700">{refused.message}</legend>
            <p className="mb-3 text-sm text-ink">The nearest free times:</p>
            <div className="grid gap-2">
              {refused.nearest.map((start) => (
                <TimeChoice
                  key={start}
                  start={start}
                  withDay
                  checked={chosenTime !== "" && chosenTime === lagosDateTimeValue(start)}
                  onChange={hydrated ? setTime : undefined}
                />
              ))}
            </div>
          </fieldset>
        )}
        <TimePicker
          times={view.times}
          selected={chosenTime}
          error={refused && refused.nearest.length > 0 ? undefined : timeError}
          {...controlled}
          pager={(direction, from) => (
            <button type="submit" name="week" value={from} formNoValidate className={smallButton}>
              {direction === "next" ? "Later times →" : "← Earlier times"}
            </button>
          )}
        />
      </section>

      {paying?.priceNaira !== undefined && (
        <p className="rounded-xl bg-sand p-4 text-sm leading-relaxed text-ink">
          This session is paid when you book: {formatNaira(paying.priceNaira)}, securely on
          Paystack’s page. We hold your time for {PAYMENT_HOLD_MINUTES} minutes while you pay, and
          your confirmation comes by e-mail once the payment is through.
        </p>
      )}
      <BookingButtons hydrated={hydrated} complete={complete} busy={busy} clear={clear} marked />
      {fetcher.state !== "idle" && (
        <p className="sr-only" role="status">
          Booking…
        </p>
      )}
    </form>
  );
}
