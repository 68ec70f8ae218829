import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/forms/fields";

/**
 * A field people never see or reach; bots that fill every input reveal themselves with it. Its
 * name and label mean nothing to autofill, and password managers are told to leave it alone
 * (`autocomplete="off"` alone is not enough: Chrome ignores it for addresses).
 */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        data-1p-ignore=""
        data-lpignore="true"
        data-bwignore=""
        data-form-type="other"
        defaultValue=""
      />
    </div>
  );
}
