import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { messages } from "~/content/messages";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { type FieldErrors, defaultNeed, formValues, needOptions } from "~/lib/forms/fields";
import { preloadFormSupport, schemasForSubmit } from "./lazy-schemas";
import { toast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";
import { FormNotice } from "./FormNotice";
import { SelectField, TextArea, TextField } from "./Field";
import { Honeypot } from "./Honeypot";

const fieldOrder = ["name", "email", "phone", "need", "message"];

function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = fieldOrder.find((f) => errors[f]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/**
 * The contact form. With JavaScript it posts in the background and answers with toasts; without,
 * it is an ordinary form and the answer is shown above it (useActionData).
 */
export function ContactForm() {
  const fetcher = useFetcher<FormOutcome>();
  const pageResult = useActionData<FormOutcome>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const result = fetcher.data ?? pageResult;
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();

  const serverErrors = result?.outcome === "invalid" ? result.errors : {};
  const errors = { ...serverErrors, ...clientErrors };
  const values = result && "values" in result ? result.values : undefined;
  // After a full-page post the first field in error takes focus when the page loads.
  const autoFocusField =
    pageResult && !fetcher.data ? fieldOrder.find((f) => errors[f]) : undefined;
  const focusProps = (name: string) => (autoFocusField === name ? { autoFocus: true } : {});

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    switch (data.outcome) {
      case "sent":
        toast({
          title: messages.contact.sent,
          description: data.deferred ? messages.contact.sentDeferred : undefined,
        });
        formRef.current?.reset();
        break;
      case "crm-rejected":
        toast({
          title: messages.contact.crmRejected,
          description: messages.contact.crmRejectedDetail,
          variant: "destructive",
        });
        break;
      case "invalid":
        focusFirstInvalid(formRef.current, data.errors);
        break;
      default:
        toast({
          title: messages.contact.failed,
          description: data.message,
          variant: "destructive",
        });
    }
  }, [fetcher.data, fetcher.state]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      className="relative space-y-5"
      // Once React runs, the shared schema checks the form and speaks at each field; before that
      // (or without JavaScript) the browser's own checks apply.
      noValidate={hydrated}
      onFocus={preloadFormSupport}
      onSubmit={(event) => {
        const schemas = schemasForSubmit(event);
        if (!schemas) return;
        const { validateForm, contactSchema } = schemas;
        const check = validateForm(contactSchema, formValues(new FormData(event.currentTarget)));
        if (!check.ok) {
          event.preventDefault();
          setClientErrors(check.errors);
          focusFirstInvalid(event.currentTarget, check.errors);
          return;
        }
        setClientErrors({});
        toast({ title: messages.contact.sending });
      }}
    >
      {pageResult && !fetcher.data && <PageNotice result={pageResult} />}
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
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
          defaultValue={values?.email}
          error={errors.email}
          {...focusProps("email")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="phone"
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          optional
          maxLength={20}
          defaultValue={values?.phone}
          error={errors.phone}
          {...focusProps("phone")}
        />
        <SelectField
          name="need"
          label="What do you need help with?"
          required
          options={needOptions}
          defaultValue={values?.need ?? defaultNeed}
          error={errors.need}
          {...focusProps("need")}
        />
      </div>
      <TextArea
        name="message"
        label="Message"
        required
        minLength={10}
        maxLength={5000}
        hint="Share as much or as little as you are comfortable with. Everything is confidential."
        defaultValue={values?.message}
        error={errors.message}
        {...focusProps("message")}
      />
      <button
        type="submit"
        className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
        disabled={busy}
      >
        {busy ? messages.contact.buttonBusy : messages.contact.button}
      </button>
    </fetcher.Form>
  );
}

function PageNotice({ result }: { result: FormOutcome }) {
  switch (result.outcome) {
    case "sent":
      return (
        <FormNotice tone="success" title={messages.contact.sent}>
          {result.deferred ? messages.contact.sentDeferred : undefined}
        </FormNotice>
      );
    case "crm-rejected":
      return (
        <FormNotice tone="error" title={messages.contact.crmRejected}>
          {messages.contact.crmRejectedDetail}
        </FormNotice>
      );
    case "invalid":
      return <FormNotice tone="error" title="Please check the highlighted fields." />;
    default:
      return (
        <FormNotice tone="error" title={messages.contact.failed}>
          {result.message}
        </FormNotice>
      );
  }
}
