import { MessageCircle, Phone } from "~/components/icons";
import { type HeadersArgs, data, redirect } from "react-router";
import { NativeBookingForm } from "~/components/bookings/NativeBookingForm";
import { pickerView } from "~/lib/bookings/pages.server";
import { nativeScheduleAction } from "~/lib/bookings/schedule-action.server";
import { PageHeader } from "~/components/PageHeader";
import { type BookingOutcome, BookingForm } from "~/components/forms/BookingForm";
import { messages } from "~/content/messages";
import { pages } from "~/content/pages";
import { checkSubmission, commonFailure, readForm, submitMeta } from "~/lib/forms/action.server";
import { bookingSchema, formValues } from "~/lib/forms/schemas";
import { bookingUrl } from "~/lib/scheduling";
import { resilientClientAction } from "~/lib/forms/client-action";
import { formHeaders } from "~/lib/forms/headers";
import { metaFor } from "~/lib/seo";
import { useSite, whatsappLink } from "~/lib/site";
import type { Route } from "./+types/schedule";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

// With bookings the practice owns, the free times are made for each request (no-store).
export function headers(args: HeadersArgs) {
  const headers = formHeaders(args);
  const cache = args.loaderHeaders.get("Cache-Control");
  if (cache) headers.set("Cache-Control", cache);
  return headers;
}
export const meta = metaFor(pages.schedule);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { top, booking, whatsapp, search } = context.content.schedule;
  const words = { top, booking: booking.text, whatsapp, search };
  const bookings = context.services.bookings;
  if (bookings) {
    const query = new URL(request.url).searchParams;
    const view = await pickerView(bookings, {
      sessionTypeId: query.get("type"),
      counsellorId: query.get("counsellor"),
      from: query.get("from"),
    });
    // A key made here, for this page alone (it is never kept and shared): a form sent twice
    // without JavaScript is one booking. React, once it runs, sends its own.
    const native = { view, serverKey: crypto.randomUUID() };
    return data({ ...words, native }, { headers: { "Cache-Control": "no-store" } });
  }
  return {
    providerOrigin: new URL(context.services.schedulingUrl).origin,
    ...words,
  };
}

export const clientAction = resilientClientAction;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const bookings = context.services.bookings;
  if (bookings) return nativeScheduleAction(request, context, bookings, formData);
  const values = formValues(formData);
  const forms = context.services.forms;

  if (values.intent === "booked") {
    const marked = await forms.markBooked(Number(values.id), values.token ?? "");
    return data({ outcome: "booked" } satisfies BookingOutcome, { status: marked ? 200 : 404 });
  }

  const withScript = values.js === "1";
  const form = checkSubmission(formData, bookingSchema);
  if (!form.ok) return form.response;
  const base = context.services.schedulingUrl;
  const embedDomain = new URL(context.siteUrl).host;
  if (form.bot) {
    // Answered like a person, but nothing is stored.
    return withScript
      ? ({
          outcome: "open",
          providerUrl: bookingUrl(base, form.data, embedDomain),
          id: 0,
          token: "",
        } satisfies BookingOutcome)
      : redirect(bookingUrl(base, form.data), 303);
  }
  const result = await forms.booking(
    form.data,
    submitMeta(request, context, "Schedule Your Appointment", form.values),
  );
  if (result.status !== "ok") {
    const failed: BookingOutcome = { outcome: "failed", message: messages.booking.failed };
    return commonFailure(result) ?? data(failed, { status: 500 });
  }
  // Without JavaScript there is no dialog: go to the provider's page itself, details filled in.
  if (!withScript) return redirect(bookingUrl(base, form.data), 303);
  return {
    outcome: "open",
    providerUrl: bookingUrl(base, form.data, embedDomain),
    id: result.id,
    token: result.token ?? "",
  } satisfies BookingOutcome;
}

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { top, whatsapp } = loaderData;
  return (
    <>
      {/* The title is SPEC.md's heading, word for word. */}
      <PageHeader eyebrow={top.eyebrow} title="Schedule Your Appointment">
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page grid gap-10 py-14 lg:grid-cols-5">
        <section
          aria-labelledby="book-heading"
          className="rounded-3xl border border-linen bg-white p-6 sm:p-8 lg:col-span-3"
        >
          <h2 id="book-heading" className="text-3xl font-semibold">
            Book Your Session
          </h2>
          <p className="mt-2 mb-6 text-muted">
            {"native" in loaderData
              ? "Choose the kind of session, who you would like to see and a time that suits you. Your confirmation comes by e-mail straight away."
              : loaderData.booking}
          </p>
          {"native" in loaderData ? (
            <NativeBookingForm {...loaderData.native} />
          ) : (
            <BookingForm providerOrigin={loaderData.providerOrigin} />
          )}
        </section>
        <section
          aria-labelledby="other-ways"
          className="rounded-3xl bg-teal-50 p-6 sm:p-8 lg:col-span-2 lg:self-start"
        >
          <h2 id="other-ways" className="text-2xl font-semibold">
            Other Ways to Schedule
          </h2>
          <h3 className="mt-5 text-lg font-semibold">Call Us Directly</h3>
          <ul className="mt-2 space-y-1">
            {site.phones.map((p) => (
              <li key={p.e164}>
                <a
                  href={`tel:${p.e164}`}
                  className="inline-flex min-h-11 items-center gap-2 text-lg font-semibold text-teal-800"
                >
                  <Phone aria-hidden="true" className="size-4" /> {p.display}
                </a>
              </li>
            ))}
          </ul>
          {"native" in loaderData && site.emergencyNote && (
            <p className="mt-3 text-muted">{site.emergencyNote}</p>
          )}
          <h3 className="mt-5 text-lg font-semibold">{whatsapp.heading}</h3>
          <p className="mt-1 text-muted">{whatsapp.text}</p>
          <a
            href={whatsappLink(site, "Hello, I would like to book a counselling session.")}
            className="btn-secondary mt-3"
            rel="noopener noreferrer"
            target="_blank"
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            {whatsapp.button}
          </a>
        </section>
      </div>
    </>
  );
}
