import { toast } from "~/lib/toast-store";
import { messages } from "~/content/messages";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { MESSAGE_MAX_CHARACTERS, defaultNeed, needOptions } from "~/lib/forms/fields";
import { FormNotice } from "./FormNotice";
import { SelectField, TextArea, TextField } from "./Field";
import { Honeypot } from "./Honeypot";
import { useResilientForm } from "./useResilientForm";

const fieldOrder = ["name", "email", "phone", "need", "message"] as const;

/**
 * The contact form. With JavaScript it posts in the background and answers with toasts; without,
 * it is an ordinary form: the answer is shown above it, and a sent message arrives on
 * /contact?sent=1 after a redirect (`sentByRedirect`).
 */
export function ContactForm({ sentByRedirect }: { sentByRedirect?: "now" | "later" }) {
  const form = useResilientForm<FormOutcome>({
    action: "/contact",
    fieldOrder,
    schema: (s) => s.contactSchema,
    unreachable: { title: messages.contact.failed, description: messages.contact.kept },
    onAnswer: (data) => {
      switch (data.outcome) {
        case "sent":
          toast({
            title: messages.contact.sent,
            description: data.deferred ? messages.contact.sentDeferred : undefined,
          });
          form.formProps.ref.current?.reset();
          break;
        case "crm-rejected":
          toast({
            title: messages.contact.crmRejected,
            description: rejectedDetail(data.reachesTeam),
            variant: "destructive",
          });
          break;
        case "invalid":
          break;
        default:
          toast({
            title: messages.contact.failed,
            description: data.message,
            variant: "destructive",
          });
      }
    },
  });
  const { errors, values, focusProps, busy } = form;
  const pageResult: FormOutcome | undefined =
    form.pageResult ??
    (sentByRedirect ? { outcome: "sent", deferred: sentByRedirect === "later" } : undefined);

  return (
    <form.fetcher.Form
      {...form.formProps}
      className="relative space-y-5"
      onSubmit={(event) => {
        if (!busy) toast({ title: messages.contact.sending });
        form.formProps.onSubmit(event);
      }}
    >
      {pageResult && <PageNotice result={pageResult} />}
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
        // maxLength counts UTF-16 units: 5,000 emoji take 10,000. The schema counts characters.
        maxLength={2 * MESSAGE_MAX_CHARACTERS}
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
    </form.fetcher.Form>
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
          {rejectedDetail(result.reachesTeam)}
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

/** "our team will still see it" only when the practice's inbox will really get the message. */
function rejectedDetail(reachesTeam: boolean | undefined): string {
  return reachesTeam ? messages.contact.crmRejectedDetail : messages.contact.crmRejectedUnseen;
}
