import { type AppLoadContext, data, redirect } from "react-router";
import { messages } from "~/content/messages";
import { commonFailure, isBot, submitMeta } from "~/lib/forms/action.server";
import { formValues, nativeBookingSchema, validateForm } from "~/lib/forms/schemas";
import type { BookingsService } from "~/lib/services/bookings";
import type { NativeBookingOutcome } from "./page-types";
import { pickerView } from "./pages.server";

/** What a visitor typed or chose, to show again: never the idempotency key or the trap. */
const KEPT = ["name", "email", "phone", "sessionTypeId", "counsellorId", "time"] as const;
function kept(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(KEPT.flatMap((k) => (values[k] ? [[k, values[k]]] : [])));
}

/**
 * Books from /schedule's form, or pages its times. The same form carries both, so paging a week
 * or changing the session without JavaScript keeps the name, e-mail and phone typed: a press of
 * a week's button (`week`) or "Show times" (`intent=show`) answers the picker again; any other
 * post books. A booking goes to its own page with a 303 (Post/Redirect/Get), with or without
 * JavaScript; the idempotency key makes a repeat of the post the same booking.
 */
export async function nativeScheduleAction(
  request: Request,
  context: AppLoadContext,
  bookings: BookingsService,
  formData: FormData,
) {
  const values = formValues(formData);
  const asked = {
    sessionTypeId: values.sessionTypeId,
    counsellorId: values.counsellorId,
    from: values.week || values.from,
  };
  if (values.week || values.intent === "show") {
    const view = await pickerView(bookings, asked);
    // A time from another week or session stays chosen only if it is still on the page.
    return { outcome: "browse", values: kept(values), view } satisfies NativeBookingOutcome;
  }

  const check = validateForm(nativeBookingSchema, values);
  if (!check.ok) {
    const view = await pickerView(bookings, asked);
    return data(
      {
        outcome: "invalid",
        errors: check.errors,
        values: kept(values),
        view,
      } satisfies NativeBookingOutcome,
      { status: 400 },
    );
  }
  // A bot is answered with the page again, and nothing is stored.
  if (isBot(formData)) return redirect("/schedule", 303);

  const result = await bookings.book(
    check.data,
    submitMeta(request, context, "Schedule Your Appointment", values),
  );
  switch (result.status) {
    case "booked":
      // A repeat long after the first post has no link to give: the booking is shown here, and
      // its link is in the confirmation e-mail.
      return result.token
        ? redirect(`/bookings/${encodeURIComponent(result.token)}?booked=1`, 303)
        : ({ outcome: "booked", booking: result.booking } satisfies NativeBookingOutcome);
    case "pay":
      return redirect(result.authorizationUrl, 303);
    case "refused": {
      const view = await pickerView(bookings, asked);
      const rest = kept(values);
      // A time refused is not chosen again: the nearest free times are offered instead.
      if (result.field === "time") delete rest.time;
      return data(
        {
          outcome: "refused",
          field: result.field,
          message: result.message,
          nearest: result.nearest,
          values: rest,
          view,
        } satisfies NativeBookingOutcome,
        { status: 409 },
      );
    }
    default:
      return (
        commonFailure(result) ??
        data({ outcome: "failed", message: messages.booking.failed }, { status: 503 })
      );
  }
}
