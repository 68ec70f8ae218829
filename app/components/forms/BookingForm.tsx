import { useState } from "react";
import { useFetcher } from "react-router";
import { messages } from "~/content/messages";
import type { FieldErrors } from "~/lib/forms/fields";
import { toast } from "~/lib/toast-store";
import { FormNotice } from "./FormNotice";
import { BookingButtons, BookingContactFields } from "./BookingParts";
import { Honeypot } from "./Honeypot";
import { SchedulingDialog } from "./SchedulingDialog";
import { useResilientForm } from "./useResilientForm";

export type BookingOutcome =
  | { outcome: "open"; providerUrl: string; id: number; token: string }
  | { outcome: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { outcome: "booked" }
  | { outcome: "rate-limited" | "failed" | "bad-request"; message: string };

const empty = { name: "", email: "", phone: "" };
const fieldOrder = ["name", "email", "phone"] as const;

/**
 * What the visitor typed before React started (docs/decisions/017: it starts when a field gets
 * focus). Read while React hydrates the form, before it writes the fields' values, so the words
 * stay; on the server, nothing.
 */
function typedBeforeReact(): Partial<typeof empty> {
  if (typeof document === "undefined") return {};
  const form = document.querySelector<HTMLFormElement>('form[aria-labelledby="book-heading"]');
  const typed: Partial<typeof empty> = {};
  for (const name of fieldOrder) {
    const field = form?.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.value !== "") typed[name] = field.value;
  }
  return typed;
}

/**
 * 'Book Your Session': name, e-mail and phone, then the provider's page in a dialog. The request
 * is stored first so the practice can call back anyone who leaves the provider's page; the dialog
 * opens only once it is (docs/decisions/013).
 */
export function BookingForm({ providerOrigin }: { providerOrigin: string }) {
  const confirm = useFetcher();
  const form = useResilientForm<BookingOutcome>({
    action: "/schedule",
    fieldOrder,
    schema: (s) => s.bookingSchema,
    unreachable: { title: messages.booking.unreachable, description: messages.booking.kept },
    onAnswer: (data) => {
      if (data.outcome === "open") {
        toast({ title: messages.booking.popup });
      } else if (data.outcome !== "invalid" && data.outcome !== "booked") {
        toast({
          title: messages.booking.failed,
          description: data.message,
          variant: "destructive",
        });
      }
    },
  });
  const { fetcher, pageResult, hydrated, errors, busy } = form;
  const [fields, setFields] = useState(() => ({
    ...empty,
    ...(pageResult && "values" in pageResult ? pageResult.values : {}),
    ...typedBeforeReact(),
  }));
  // The dialog is open for the latest "open" answer until the visitor closes it.
  const [closedFor, setClosedFor] = useState<unknown>();
  const answer = fetcher.data?.outcome === "open" ? fetcher.data : null;
  const dialog = answer && closedFor !== answer ? answer : null;
  const complete = Object.values(fields).every((v) => v.trim() !== "");

  const clear = () => {
    setFields(empty);
    form.clearErrors();
    toast({ title: messages.booking.cleared });
  };

  const onBooked = () => {
    if (dialog) {
      confirm.submit(
        { intent: "booked", id: String(dialog.id), token: dialog.token },
        { method: "post", action: "/schedule" },
      );
    }
    setFields(empty);
    toast({ title: messages.booking.complete });
  };

  const update = (name: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  return (
    <>
      <fetcher.Form
        {...form.formProps}
        className="relative space-y-5"
        aria-labelledby="book-heading"
        // Complete Booking waits for all three fields, before React too (app/enhance/).
        data-needs-every-field
        data-reset-title={messages.booking.cleared}
      >
        {pageResult &&
          pageResult.outcome !== "invalid" &&
          pageResult.outcome !== "open" &&
          pageResult.outcome !== "booked" && (
            <FormNotice tone="error" title={messages.booking.failed}>
              {pageResult.message}
            </FormNotice>
          )}
        <Honeypot />
        <input type="hidden" name="js" value={hydrated ? "1" : ""} />
        <BookingContactFields fields={fields} update={update} errors={errors} />
        <BookingButtons hydrated={hydrated} complete={complete} busy={busy} clear={clear} />
      </fetcher.Form>
      <SchedulingDialog
        url={dialog?.providerUrl ?? null}
        providerOrigin={providerOrigin}
        onBooked={onBooked}
        onClose={() => setClosedFor(answer)}
      />
    </>
  );
}
