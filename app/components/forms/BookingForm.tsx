import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { messages } from "~/content/messages";
import type { FieldErrors } from "~/lib/forms/fields";
import { preloadFormSupport, schemasForSubmit } from "./lazy-schemas";
import { toast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";
import { FormNotice } from "./FormNotice";
import { TextField } from "./Field";
import { Honeypot } from "./Honeypot";
import { SchedulingDialog } from "./SchedulingDialog";

export type BookingOutcome =
  | { outcome: "open"; providerUrl: string; id: number; token: string }
  | { outcome: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { outcome: "booked" }
  | { outcome: "rate-limited" | "failed" | "bad-request"; message: string };

const empty = { name: "", email: "", phone: "" };

/**
 * 'Book Your Session': name, e-mail and phone, then the provider's page in a dialog. The request
 * is stored first so the practice can call back anyone who leaves the provider's page.
 */
export function BookingForm({ providerOrigin }: { providerOrigin: string }) {
  const fetcher = useFetcher<BookingOutcome>();
  const confirm = useFetcher();
  const pageResult = useActionData<BookingOutcome>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState(() =>
    pageResult && "values" in pageResult ? { ...empty, ...pageResult.values } : empty,
  );
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  // The dialog is open for the latest "open" answer until the visitor closes it.
  const [closedFor, setClosedFor] = useState<BookingOutcome | undefined>();
  const dialog =
    fetcher.data?.outcome === "open" && closedFor !== fetcher.data ? fetcher.data : null;
  const result = fetcher.data ?? pageResult;
  const errors = { ...(result?.outcome === "invalid" ? result.errors : {}), ...clientErrors };
  const complete = Object.values(fields).every((v) => v.trim() !== "");
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    if (data.outcome === "open") {
      toast({ title: messages.booking.popup });
    } else if (data.outcome !== "invalid" && data.outcome !== "booked") {
      toast({ title: messages.booking.failed, description: data.message, variant: "destructive" });
    }
  }, [fetcher.data, fetcher.state]);

  const clear = () => {
    setFields(empty);
    setClientErrors({});
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
        ref={formRef}
        method="post"
        action="/schedule"
        className="relative space-y-5"
        aria-labelledby="book-heading"
        onFocus={preloadFormSupport}
        onSubmit={(event) => {
          const schemas = schemasForSubmit(event);
          if (!schemas) return;
          const { validateForm, bookingSchema } = schemas;
          const check = validateForm(bookingSchema, fields);
          if (!check.ok) {
            event.preventDefault();
            setClientErrors(check.errors);
            const first = ["name", "email", "phone"].find((f) => check.errors[f]);
            event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
            return;
          }
          setClientErrors({});
        }}
      >
        {pageResult &&
          !fetcher.data &&
          pageResult.outcome !== "invalid" &&
          pageResult.outcome !== "open" &&
          pageResult.outcome !== "booked" && (
            <FormNotice tone="error" title={messages.booking.failed}>
              {pageResult.message}
            </FormNotice>
          )}
        <Honeypot />
        <input type="hidden" name="js" value={hydrated ? "1" : ""} />
        <TextField
          name="name"
          label="Name"
          autoComplete="name"
          required
          maxLength={100}
          value={fields.name}
          onChange={update("name")}
          error={errors.name}
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
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            // Greyed out until all three are filled; always usable before JavaScript runs.
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
      </fetcher.Form>
      <SchedulingDialog
        url={dialog?.providerUrl ?? null}
        providerOrigin={providerOrigin}
        onBooked={onBooked}
        onClose={() => setClosedFor(fetcher.data)}
      />
    </>
  );
}
