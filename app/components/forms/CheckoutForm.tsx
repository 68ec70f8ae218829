import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { messages } from "~/content/messages";
import { checkoutHref } from "~/lib/checkout-items";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { type FieldErrors, checkoutSchema, formValues, validateForm } from "~/lib/forms/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { FormNotice } from "./FormNotice";
import { TextField } from "./Field";
import { Honeypot } from "./Honeypot";

const fieldOrder = ["name", "email", "phone"];

/**
 * Who is paying. An ordinary form posting to the checkout action, with or without JavaScript:
 * the answer is a redirect to Paystack's page, or this page again with the problem shown.
 */
export function CheckoutForm({ itemId }: { itemId: string }) {
  const result = useActionData<FormOutcome>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const errors = { ...(result?.outcome === "invalid" ? result.errors : {}), ...clientErrors };
  const values = result && "values" in result ? result.values : undefined;
  // After a post the first field in error takes focus when the page loads.
  const firstInvalid = fieldOrder.find((f) => errors[f]);
  const focusProps = (name: string) =>
    result?.outcome === "invalid" && firstInvalid === name ? { autoFocus: true } : {};

  return (
    <Form
      method="post"
      action={checkoutHref(itemId)}
      className="relative space-y-5"
      noValidate={hydrated}
      onSubmit={(event) => {
        const check = validateForm(checkoutSchema, formValues(new FormData(event.currentTarget)));
        if (!check.ok) {
          event.preventDefault();
          setClientErrors(check.errors);
          const first = fieldOrder.find((f) => check.errors[f]);
          event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
          return;
        }
        setClientErrors({});
      }}
    >
      {result && <Notice result={result} />}
      <Honeypot />
      <TextField
        name="name"
        label="Full Name"
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={values?.name}
        error={errors.name}
        {...focusProps("name")}
      />
      <TextField
        name="email"
        label="Email Address"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        hint="Your receipt is sent here."
        defaultValue={values?.email}
        error={errors.email}
        {...focusProps("email")}
      />
      <TextField
        name="phone"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        required
        maxLength={20}
        hint="We call or WhatsApp you on this number to arrange your sessions."
        defaultValue={values?.phone}
        error={errors.phone}
        {...focusProps("phone")}
      />
      <button
        type="submit"
        className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
        disabled={busy}
      >
        {busy ? messages.checkout.buttonBusy : messages.checkout.button}
      </button>
    </Form>
  );
}

function Notice({ result }: { result: FormOutcome }) {
  switch (result.outcome) {
    case "invalid":
      return <FormNotice tone="error" title={messages.checkout.invalid} />;
    case "sent":
    case "crm-rejected":
      return null;
    default:
      return (
        <FormNotice tone="error" title={messages.checkout.failed}>
          {result.message}
        </FormNotice>
      );
  }
}
