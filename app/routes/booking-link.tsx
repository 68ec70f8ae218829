import { Form, Link, data, redirect } from "react-router";
import { BookingDetails } from "~/components/bookings/BookingDetails";
import { ReachUs } from "~/components/bookings/ReachUs";
import { TimeChoice, TimePicker } from "~/components/bookings/TimePicker";
import { practice } from "~/content/site";
import { formatLagosTime } from "~/lib/bookings/format-lagos-time";
import { parseLagosDate } from "~/lib/bookings/lagos-time";
import { offeredWeek } from "~/lib/bookings/page-types";
import { privatePageHeaders, unknownBooking } from "~/lib/bookings/pages.server";
import { readForm, submitMeta } from "~/lib/forms/action.server";
import { IDEMPOTENCY_FIELD, formValues } from "~/lib/forms/fields";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";
import type { Route } from "./+types/booking-link";

/**
 * A booking's own page (issue 42), the "Change or cancel" link of its e-mail and the "Booked"
 * page after /schedule: /bookings/<token>, the token the only thing in the address. The visitor
 * sees the booking and, more than 24 hours before it, may choose another time or cancel; inside
 * 24 hours the page gives the phone numbers instead. Without JavaScript every step is a plain
 * form or link; cancelling asks once more on a page of its own (?cancel=1).
 */

export const shouldRevalidate = keepPageAfterUnreachable;

/** A change-or-cancel token as the service makes them; anything else is never looked up. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(privatePageHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  for (const name of ["Retry-After"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

export function meta() {
  return [
    { title: `Your session | ${practice.name}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

const notices = { booked: "booked", moved: "moved", cancelled: "cancelled" } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const bookings = context.services.bookings;
  const token = params.token;
  if (!bookings || !TOKEN.test(token)) return unknownBooking();
  const booking = await bookings.byToken(token);
  if (!booking) return unknownBooking();
  const query = new URL(request.url).searchParams;
  const notice = Object.values(notices).find((n) => query.get(n) === "1");
  const open = booking.status === "booked" && booking.changeable && !booking.past;
  const from = query.get("from") ?? undefined;
  const times = open
    ? await bookings
        .freeTimes({
          sessionTypeId: booking.sessionType.id,
          counsellorId: booking.counsellor.id,
          ...(from && parseLagosDate(from) ? { from } : {}),
        })
        .then(offeredWeek)
    : undefined;
  return data(
    {
      mode: "booking" as const,
      token,
      booking,
      notice,
      confirmingCancel: open && query.get("cancel") === "1",
      times,
      serverKey: crypto.randomUUID(),
    },
    { headers: privatePageHeaders },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const bookings = context.services.bookings;
  const token = params.token;
  if (!bookings || !TOKEN.test(token)) return unknownBooking();
  const values = formValues(await readForm(request));
  const page = `/bookings/${encodeURIComponent(token)}`;
  if (values.intent === "cancel") {
    const result = await bookings.cancel(token);
    if (result.status === "unknown") return unknownBooking();
    // Done, or too late: the page itself now says which.
    return redirect(result.status === "done" ? `${page}?cancelled=1` : page, 303);
  }
  const time = values.time ?? "";
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(time)) {
    return data(
      { outcome: "invalid" as const, message: "Please choose a new time from the list." },
      { status: 400 },
    );
  }
  const result = await bookings.move(
    token,
    time,
    submitMeta(request, context, "Change your session", values),
  );
  switch (result.status) {
    case "done":
      return redirect(`${page}?moved=1`, 303);
    case "unknown":
      return unknownBooking();
    case "too-late":
      return redirect(page, 303);
    case "refused":
      return data(
        { outcome: "refused" as const, message: result.message, nearest: result.nearest },
        { status: 409 },
      );
  }
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "unknown") return <UnknownBooking />;
  const { booking, notice, token, times, confirmingCancel, serverKey } = loaderData;
  const page = `/bookings/${token}`;
  const answer = actionData && "outcome" in actionData ? actionData : undefined;
  const refused = answer?.outcome === "refused" ? answer : undefined;
  const booked = booking.status === "booked";
  const open = booked && booking.changeable && !booking.past;
  const heading = booking.past
    ? booking.status === "cancelled"
      ? "Cancelled"
      : "This session has passed"
    : booking.status === "cancelled"
      ? "Cancelled"
      : booking.status === "held"
        ? "Almost booked"
        : "Booked";
  return (
    <div className="bg-sand">
      <div className="container-page max-w-3xl py-12 sm:py-16">
        <p className="eyebrow">Your session</p>
        <h1 className="mt-2 text-4xl leading-tight font-semibold sm:text-5xl">{heading}</h1>
        <div className="mt-4 max-w-2xl space-y-3 text-lg leading-relaxed text-muted">
          <Lead booking={booking} notice={notice} />
        </div>

        <div className="mt-8">
          <BookingDetails booking={booking} />
        </div>

        {open && times && (
          <>
            <section aria-labelledby="change-heading" className="mt-10">
              <h2 id="change-heading" className="text-2xl font-semibold">
                Choose another time
              </h2>
              <p className="mt-2 mb-5 text-muted">
                With {booking.counsellor.name}, in Lagos time (WAT). Your current time stays yours
                until you move it.
              </p>
              <Form method="post" action={page} className="space-y-6">
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name={IDEMPOTENCY_FIELD} value={serverKey} />
                {refused && (
                  <fieldset className="rounded-2xl border border-clay-700 bg-clay-100/40 p-4">
                    <legend className="px-1 font-semibold text-clay-700">{refused.message}</legend>
                    {refused.nearest.length > 0 && (
                      <>
                        <p className="mb-3 text-sm text-ink">The nearest free times:</p>
                        <div className="grid gap-2">
                          {refused.nearest.map((start) => (
                            <TimeChoice key={start} start={start} withDay checked={false} />
                          ))}
                        </div>
                      </>
                    )}
                  </fieldset>
                )}
                <TimePicker
                  times={times}
                  error={answer?.outcome === "invalid" ? answer.message : undefined}
                  pager={(direction, from) => (
                    <Link
                      to={`${page}?from=${from}#change-heading`}
                      className="btn-outline min-h-11 px-4 py-2 text-base"
                      preventScrollReset
                    >
                      {direction === "next" ? "Later times →" : "← Earlier times"}
                    </Link>
                  )}
                />
                <button type="submit" className="btn-primary">
                  Move my session to this time
                </button>
              </Form>
            </section>

            <section
              id="cancel"
              aria-labelledby="cancel-heading"
              className="mt-10 rounded-3xl border border-linen bg-white p-6 sm:p-8"
            >
              <h2 id="cancel-heading" className="text-2xl font-semibold">
                Cancel this session
              </h2>
              {confirmingCancel ? (
                <>
                  <p className="mt-2 text-ink">
                    Cancel your session on {formatLagosTime(booking.start)}? The time will be
                    offered to someone else.
                  </p>
                  <Form method="post" action={page} className="mt-4 flex flex-wrap gap-3">
                    <input type="hidden" name="intent" value="cancel" />
                    <button type="submit" className="btn-primary">
                      Yes, cancel this session
                    </button>
                    <Link to={page} className="btn-outline">
                      Keep my session
                    </Link>
                  </Form>
                </>
              ) : (
                <>
                  <p className="mt-2 text-muted">
                    Plans change, and that is all right. Cancelling more than 24 hours ahead costs
                    nothing.
                  </p>
                  <Link to={`${page}?cancel=1#cancel`} className="btn-outline mt-4">
                    Cancel this session
                  </Link>
                </>
              )}
            </section>
          </>
        )}

        {booked && !open && !booking.past && (
          <section aria-labelledby="late-heading" className="mt-10">
            <h2 id="late-heading" className="text-2xl font-semibold">
              Need to change it?
            </h2>
            <p className="mt-2 text-muted">
              Your session is less than 24 hours away, so it can no longer be changed here. Late
              cancellations may incur a fee. If something has come up, please call or message us and
              we will help.
            </p>
            <ReachUs message="Hello, I need to talk about my session booked for soon." />
          </section>
        )}

        {(booking.past || booking.status === "cancelled") && (
          <p className="mt-10">
            <Link to="/schedule" className="btn-primary">
              Book a session
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

function Lead({
  booking,
  notice,
}: {
  booking: { firstName: string; status: string; past: boolean; changeable: boolean };
  notice?: string;
}) {
  const name = booking.firstName ? `, ${booking.firstName}` : "";
  if (booking.status === "cancelled") {
    return (
      <p>
        {notice === "cancelled"
          ? `Your session is cancelled${name}. We have sent you a note by e-mail.`
          : "This session was cancelled."}{" "}
        Whenever you are ready, we would be glad to see you at another time.
      </p>
    );
  }
  if (booking.past) return <p>We hope it helped{name}. You are welcome back any time.</p>;
  if (booking.status === "held") {
    return <p>We are holding this time for you while your payment goes through.</p>;
  }
  return (
    <>
      <p>
        {notice === "moved"
          ? `Your session has moved to its new time${name}. The new details are on their way to your e-mail.`
          : `Thank you${name}. Your session is booked, and a confirmation is on its way to your e-mail.`}
      </p>
      {booking.changeable && (
        <p>
          To change or cancel, come back to this page: the link is in your e-mail too. Please give
          us at least 24 hours’ notice.
        </p>
      )}
    </>
  );
}

function UnknownBooking() {
  return (
    <section data-not-found="" className="container-page max-w-2xl py-20">
      <h1 className="text-3xl font-semibold sm:text-4xl">We could not find that booking</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        The link may be incomplete, or from an e-mail about a session that has since changed. Please
        call or message us and we will sort it out with you.
      </p>
      <ReachUs message="Hello, I need help with a session I booked." />
      <p className="mt-8">
        <Link to="/schedule" className="font-semibold text-teal-800 underline">
          Book a session
        </Link>
      </p>
    </section>
  );
}
