import { messages } from "~/content/messages";
import { checkoutHref } from "~/lib/checkout-items";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { FormNotice } from "./FormNotice";
import { TextField } from "./Field";
import { Honeypot } from "./Honeypot";
import { useResilientForm } from "./useResilientForm";

const fieldOrder = ["name", "email", "phone"] as const;

/**
 * Who is paying. Posts to the checkout action, with or without JavaScript: the answer is a
 * redirect to Paystack's page, or the problem shown above the form. A repeat of the same post
 * (same idempotency key) is sent to the same Paystack page, never a second order.
 */
export function CheckoutForm({ itemId }: { itemId: string }) {
  const form = useResilientForm<FormOutcome>({
    action: checkoutHref(itemId),
    fieldOrder,
    schema: (s) => s.checkoutSchema,
    unreachable: { title: messages.checkout.unreachable, description: messages.checkout.kept },
  });
  const { result, errors, values, focusProps, busy } = form;

  return (
    <form.fetcher.Form {...form.formProps} className="relative space-y-5">
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
    </form.fetcher.Form>
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
