import type { ChangeEvent } from "react";
import type { FieldErrors } from "~/lib/forms/fields";
import { TextField } from "./Field";

/** The three details SPEC.md's booking form asks for, as both booking forms (provider and native) write them. */
export type BookingDetails = Record<"name" | "email" | "phone", string>;

/** Name, Email and Contact number: the booking form's fields, on /schedule in either mode. */
export function BookingContactFields(props: {
  fields: BookingDetails;
  update: (name: keyof BookingDetails) => (event: ChangeEvent<HTMLInputElement>) => void;
  errors: FieldErrors;
  /** the field to focus after a refusal (useResilientForm's focusProps) */
  focusProps?: (name: string) => { autoFocus?: boolean };
  /** under Email: what the address is for */
  emailHint?: string;
}) {
  const { fields, update, errors, emailHint } = props;
  const focus = props.focusProps ?? (() => ({}));
  return (
    <>
      <TextField
        name="name"
        label="Name"
        autoComplete="name"
        required
        maxLength={100}
        value={fields.name}
        onChange={update("name")}
        error={errors.name}
        {...focus("name")}
      />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={fields.email}
        onChange={update("email")}
        error={errors.email}
        hint={emailHint}
        {...focus("email")}
      />
      <TextField
        name="phone"
        label="Contact number"
        type="tel"
        autoComplete="tel"
        required
        maxLength={20}
        value={fields.phone}
        onChange={update("phone")}
        error={errors.phone}
        {...focus("phone")}
      />
    </>
  );
}

/**
 * 'Complete Booking', greyed out until all three details are filled (always usable before
 * JavaScript runs), and 'Clear Form' (SPEC.md).
 */
export function BookingButtons(props: {
  hydrated: boolean;
  complete: boolean;
  busy: boolean;
  clear: () => void;
  /** marks the button the small script holds until the form is complete (app/enhance/react-on-demand.ts) */
  marked?: boolean;
}) {
  const { hydrated, complete, busy, clear } = props;
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="submit"
        data-completes={props.marked ? "" : undefined}
        disabled={hydrated && (!complete || busy)}
        className="btn-primary disabled:cursor-not-allowed disabled:bg-linen disabled:text-muted"
      >
        Complete Booking
      </button>
      <button
        type={hydrated ? "button" : "reset"}
        onClick={hydrated ? clear : undefined}
        className="btn-outline"
      >
        Clear Form
      </button>
    </div>
  );
}
