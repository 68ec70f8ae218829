import { PrefetchPageLinks } from "react-router";
import { messages } from "~/content/messages";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { toast } from "~/lib/toast-store";
import { FormNotice } from "./FormNotice";
import { TextField } from "./Field";
import { Honeypot } from "./Honeypot";
import { useResilientForm } from "./useResilientForm";

const fieldOrder = ["email"] as const;

/**
 * Newsletter sign-up, on /newsletter and in the footer. Both post to the /newsletter action;
 * after signing up the form gives way to the 'Thank You!' confirmation (without JavaScript, on
 * /newsletter?subscribed=1 after a redirect: `subscribedByRedirect`).
 */
export function NewsletterForm({
  id,
  compact = false,
  subscribedByRedirect = false,
}: {
  id: string;
  compact?: boolean;
  subscribedByRedirect?: boolean;
}) {
  const form = useResilientForm<FormOutcome>({
    action: "/newsletter",
    fieldOrder,
    fetcherKey: `newsletter-${id}`,
    // Only the page's own form reads a full-page result, so the footer does not repeat it.
    readsPageResult: !compact,
    schema: (s) => s.newsletterSchema,
    unreachable: { title: messages.newsletter.unreachable, description: messages.newsletter.kept },
    onAnswer: (data) => {
      if (data.outcome === "sent" || data.outcome === "invalid") return;
      toast({
        title: messages.newsletter.failed,
        description: "message" in data ? data.message : undefined,
        variant: "destructive",
      });
    },
  });
  const { result, errors, busy } = form;

  if (result?.outcome === "sent" || (subscribedByRedirect && !compact && !result)) {
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
    <form.fetcher.Form {...form.formProps} className="relative">
      {/* The footer's form posts to /newsletter from any page: its route module (with the
          clientAction that catches a dropped connection) is fetched once someone starts typing,
          while still online. */}
      {form.engaged && <PrefetchPageLinks page="/newsletter" />}
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
            name="email"
            id={`${id}-email`}
            // The footer's field has its own name, so pages with another form keep one "Email Address".
            label={compact ? "Your e-mail for the newsletter" : "Email Address"}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            placeholder="you@example.com"
            defaultValue={form.values?.email}
            error={errors.email}
            tone={compact ? "dark" : "light"}
            {...form.focusProps("email")}
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className={`btn-primary disabled:opacity-60 ${compact ? "" : "sm:mt-8"}`}
        >
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
    </form.fetcher.Form>
  );
}
