import { data, redirect } from "react-router";
import { HandBookingForm } from "~/components/admin/HandBookingForm";
import { practice } from "~/content/site";
import { bookingAccess } from "~/lib/admin/booking-access.server";
import { lagosDayOf } from "~/lib/bookings/lagos-time";
import { editorHeaders } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { HandBooking } from "~/lib/services/booking-admin";
import { IDEMPOTENCY_FIELD } from "~/lib/forms/fields";
import type { Route } from "./+types/bookings-new";

/**
 * /admin/bookings/new: a booking the practice takes on the phone, checked by the visitor's rules
 * and the database's (server/bookings/admin-add.ts). A refusal comes back at its field with what
 * was typed kept; a booking opens its own page.
 */

export const handle: RouteHandle = { editor: true };

export function headers() {
  return editorHeaders;
}

export function meta() {
  return [{ title: `Add a booking | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { bookings } = await bookingAccess(context, request);
  return {
    choices: await bookings.choices(),
    today: lagosDayOf(Date.now()).date,
    // A key made for this page alone: a double tap, or the form sent again, is one booking.
    formKey: crypto.randomUUID(),
  };
}

const FIELDS = ["sessionTypeId", "counsellorId", "date", "time", "name", "phone", "email"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { bookings, reader } = await bookingAccess(context, request);
  const form = await request.formData();
  const values = Object.fromEntries(
    FIELDS.map((f) => [f, String(form.get(f) ?? "").slice(0, 300)]),
  ) as unknown as HandBooking;
  const key = String(form.get(IDEMPOTENCY_FIELD) ?? "");
  const result = await bookings.addByHand({ ...values, key }, reader);
  if (result.status === "refused") {
    return data({ errors: result.errors, values }, { status: 400 });
  }
  return redirect(`/admin/bookings/${result.id}?done=added`, { status: 303 });
}

export default function NewBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, today, formKey } = loaderData;
  return (
    <div className="container-page max-w-2xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href="/admin/bookings" className="font-semibold text-teal-900 underline">
          Bookings
        </a>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Add a booking by hand</h1>
      <p className="mt-1 text-muted">
        For a session agreed on the phone. The same hours, breaks and time off apply as on the
        website; only the 24 hours&apos; notice does not.
      </p>
      <HandBookingForm
        choices={choices}
        today={today}
        formKey={formKey}
        errors={actionData?.errors}
        values={actionData?.values}
      />
    </div>
  );
}
