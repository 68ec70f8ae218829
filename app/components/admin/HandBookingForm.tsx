import { IDEMPOTENCY_FIELD } from "~/lib/forms/fields";
import type { ReactNode } from "react";
import type { BookingChoices, HandBooking, HandBookingField } from "~/lib/services/booking-admin";

const fieldClass =
  "mt-1 block w-full rounded-xl border border-slate-500 bg-white px-3 py-2 text-base text-ink";

const LABELS: Record<HandBookingField, string> = {
  sessionTypeId: "Session",
  counsellorId: "Counsellor",
  date: "Day",
  time: "Time (Lagos)",
  name: "Client's name",
  phone: "Phone",
  email: "E-mail (optional)",
};

/**
 * The form of /admin/bookings/new. A refusal lists every field at the top, each a link to it, and
 * says it again at the field; what was typed stays.
 */
export function HandBookingForm({
  choices,
  today,
  errors = {},
  values,
  formKey,
}: {
  choices: BookingChoices;
  today: string;
  /** this page's one-time key: the same form sent twice is one booking */
  formKey: string;
  errors?: Partial<Record<HandBookingField, string>>;
  values?: HandBooking;
}) {
  const refused = Object.entries(errors) as [HandBookingField, string][];
  const field = (name: HandBookingField, input: (props: FieldProps) => ReactNode) => {
    const error = errors[name];
    return (
      <div>
        <label htmlFor={`booking-${name}`} className="block font-semibold">
          {LABELS[name]}
        </label>
        {input({
          id: `booking-${name}`,
          name,
          defaultValue: values?.[name] ?? "",
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `booking-${name}-error` : undefined,
          className: fieldClass,
        })}
        {error && (
          <p id={`booking-${name}-error`} className="mt-1 font-semibold text-clay-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form method="post" className="mt-6 grid gap-4" noValidate>
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={formKey} />
      {refused.length > 0 && (
        <div role="alert" className="rounded-2xl border-2 border-clay-700 bg-clay-100 p-4 text-ink">
          <p className="font-semibold text-clay-700">
            Not booked: please check{" "}
            {refused.length === 1 ? "one field" : `${refused.length} fields`}.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {refused.map(([name, message]) => (
              <li key={name}>
                <a href={`#booking-${name}`} className="font-semibold underline">
                  {LABELS[name]}
                </a>
                : {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {field("sessionTypeId", (p) => (
        <select {...p} required>
          <option value="">Choose a session</option>
          {choices.sessionTypes.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.minutes} minutes)
            </option>
          ))}
        </select>
      ))}
      {field("counsellorId", (p) => (
        <select {...p} required>
          <option value="">Choose a counsellor</option>
          {choices.counsellors.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("date", (p) => (
          <input {...p} type="date" min={today} required />
        ))}
        {field("time", (p) => (
          <input {...p} type="time" step={900} required />
        ))}
      </div>
      {field("name", (p) => (
        <input {...p} type="text" autoComplete="off" maxLength={100} required />
      ))}
      {field("phone", (p) => (
        <input {...p} type="tel" autoComplete="off" maxLength={30} required />
      ))}
      {field("email", (p) => (
        <input {...p} type="email" autoComplete="off" maxLength={254} />
      ))}
      <div>
        <button type="submit" className="btn-primary">
          Book this time
        </button>
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: HandBookingField;
  defaultValue: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  className: string;
}
