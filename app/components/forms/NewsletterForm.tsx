import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { messages } from "~/content/messages";
import type { FormOutcome } from "~/lib/forms/outcomes";
import type { FieldErrors } from "~/lib/forms/fields";
import { preloadFormSupport, schemasForSubmit } from "./lazy-schemas";
import { toast } from "~/lib/toast-store";
import { FormNotice } from "./FormNotice";
import { TextField } from "./Field";
import { Honeypot } from "./Honeypot";

/**
 * Newsletter sign-up, on /newsletter and in the footer. Both post to the /newsletter action;
 * after signing up the form gives way to the 'Thank You!' confirmation.
 */
export function NewsletterForm({ id, compact = false }: { id: string; compact?: boolean }) {
  const fetcher = useFetcher<FormOutcome>({ key: `newsletter-${id}` });
  // Only the page's own form reads a full-page result, so the footer does not repeat it.
  const pageResult = useActionData<FormOutcome>();
  const result = fetcher.data ?? (compact ? undefined : pageResult);
  const [clientError, setClientError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const serverErrors: FieldErrors = result?.outcome === "invalid" ? result.errors : {};
  const error = clientError ?? serverErrors.email;
  const fieldName = "email";

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    if (data.outcome === "invalid") inputRef.current?.focus();
    else if (data.outcome !== "sent") {
      toast({
        title: messages.newsletter.failed,
        description: "message" in data ? data.message : undefined,
        variant: "destructive",
      });
    }
  }, [fetcher.data, fetcher.state]);

  if (result?.outcome === "sent") {
    return (
      <div
        role="status"
        className={compact ? "text-teal-50" : "rounded-2xl bg-teal-50 p-6 text-teal-900"}
      >
        <p className={`font-display font-semibold ${compact ? "text-xl text-white" : "text-3xl"}`}>
          {messages.newsletter.thanks}
        </p>
        <p className="mt-1">{messages.newsletter.checkEmail}</p>
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      className="relative"
      onFocus={preloadFormSupport}
      onSubmit={(event) => {
        const schemas = schemasForSubmit(event);
        if (!schemas) return;
        const { validateForm, newsletterSchema } = schemas;
        const check = validateForm(newsletterSchema, { email: inputRef.current?.value ?? "" });
        if (!check.ok) {
          event.preventDefault();
          setClientError(check.errors.email);
          inputRef.current?.focus();
          return;
        }
        setClientError(undefined);
      }}
    >
      {!compact && result && result.outcome !== "invalid" && (
        <div className="mb-4">
          <FormNotice tone="error" title={messages.newsletter.failed}>
            {"message" in result ? result.message : messages.newsletter.failed}
          </FormNotice>
        </div>
      )}
      <Honeypot />
      <div className={`flex flex-col gap-3 ${compact ? "" : "sm:flex-row sm:items-start"}`}>
        <div className="flex-1">
          <TextField
            ref={inputRef}
            name={fieldName}
            id={`${id}-email`}
            // The footer's field has its own name, so pages with another form keep one "Email Address".
            label={compact ? "Your e-mail for the newsletter" : "Email Address"}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            placeholder="you@example.com"
            defaultValue={result && "values" in result ? result.values.email : undefined}
            error={error}
            tone={compact ? "dark" : "light"}
          />
        </div>
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className={`btn-primary disabled:opacity-60 ${compact ? "" : "sm:mt-8"}`}
        >
          {fetcher.state !== "idle" ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
    </fetcher.Form>
  );
}
