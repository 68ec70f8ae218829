import type { AdminBooking } from "~/lib/services/booking-admin";

const fieldClass =
  "mt-1 block w-full rounded-xl border border-slate-500 bg-white px-3 py-2 text-base text-ink";

/**
 * What the practice can do to one booking at /admin/bookings/ID: Attended or No-show once the
 * session has begun, and Cancel with a message to the person. Plain forms: no JavaScript needed.
 */
export function BookingActions({
  booking,
  now,
  actionData,
  maxLength,
}: {
  booking: AdminBooking;
  now: number;
  actionData?: { messageError?: string; message?: string };
  maxLength: number;
}) {
  if (booking.status !== "booked") return null;
  const started = booking.start <= now;
  return (
    <>
      <h2 className="mt-8 text-2xl font-semibold">After the session</h2>
      {started ? (
        <form method="post" className="mt-3 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="attended" className="btn-primary">
            Mark attended
          </button>
          <button type="submit" name="intent" value="no-show" className="btn-outline">
            Mark no-show
          </button>
        </form>
      ) : (
        <p className="mt-2">You can mark it attended or no-show once the session has started.</p>
      )}

      <h2 className="mt-8 text-2xl font-semibold">Cancel this booking</h2>
      <form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="cancel" />
        {booking.email ? (
          <div>
            <label htmlFor="cancel-message" className="block font-semibold">
              Message to {booking.name || "them"}
            </label>
            <p id="cancel-message-help" className="text-sm">
              E-mailed to {booking.email} with the notice that the session is cancelled.
            </p>
            <textarea
              id="cancel-message"
              name="message"
              required
              rows={4}
              maxLength={maxLength}
              defaultValue={actionData?.message ?? ""}
              aria-invalid={actionData?.messageError ? true : undefined}
              aria-describedby={`cancel-message-help${actionData?.messageError ? " cancel-message-error" : ""}`}
              className={fieldClass}
            />
            {actionData?.messageError && (
              <p
                id="cancel-message-error"
                role="alert"
                className="mt-1 font-semibold text-clay-700"
              >
                {actionData.messageError}
              </p>
            )}
          </div>
        ) : (
          <p>
            They gave no e-mail address: after cancelling, please tell them by phone or WhatsApp.
          </p>
        )}
        <div>
          <button type="submit" className="btn-outline">
            Cancel this booking
          </button>
        </div>
      </form>
    </>
  );
}
