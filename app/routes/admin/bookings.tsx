import { Link } from "react-router";
import { practice } from "~/content/site";
import { bookingAccess } from "~/lib/admin/booking-access.server";
import { bookingState, clockSpan, dayHeading } from "~/lib/admin/booking-words";
import { lagosIso } from "~/lib/bookings/lagos-time";
import { editorHeaders } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/bookings";

/**
 * /admin/bookings: today and the next seven days (Lagos time), by day and counsellor, for an
 * address of INBOX_EMAILS when BOOKINGS=native (docs/decisions/042). Each booking opens at
 * /admin/bookings/ID; a phone booking is added at /admin/bookings/new. Links and plain forms: it
 * works without JavaScript, and reads as one column on a phone.
 */

export const handle: RouteHandle = { editor: true };

export function headers() {
  return editorHeaders;
}

export function meta() {
  return [{ title: `Bookings | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { bookings } = await bookingAccess(context, request);
  return { days: await bookings.week() };
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { days } = loaderData;
  const total = days.reduce(
    (n, d) =>
      n +
      d.counsellors.reduce((m, c) => m + c.bookings.filter((b) => b.status === "booked").length, 0),
    0,
  );
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          Back to the start
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Bookings</h1>
      <p className="mt-1 text-muted">
        Today and the next seven days, in Lagos time.{" "}
        {total === 1 ? "1 session is booked." : `${total} sessions are booked.`}
      </p>
      <p className="mt-4">
        <a href="/admin/bookings/new" className="btn-primary">
          Add a booking by hand
        </a>
      </p>

      {days.map((day, index) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`} className="mt-8">
          <h2 id={`day-${day.date}`} className="text-2xl font-semibold">
            <time dateTime={day.date}>{dayHeading(day.start, index)}</time>
          </h2>
          {day.counsellors.length === 0 && <p className="mt-2 text-muted">Nothing booked.</p>}
          {day.counsellors.map(({ counsellor, bookings }) => (
            <div key={counsellor.id} className="mt-4">
              <h3 className="text-lg font-semibold">{counsellor.name}</h3>
              <ul className="mt-2 grid gap-3" aria-label={`${counsellor.name}'s bookings`}>
                {bookings.map((b) => {
                  const cancelled = b.status === "cancelled";
                  return (
                    <li
                      key={b.id}
                      className={`rounded-2xl border p-4 ${
                        cancelled ? "border-slate-300 bg-slate-50" : "border-slate-400 bg-white"
                      }`}
                    >
                      <p className="flex flex-wrap items-baseline justify-between gap-2">
                        <a
                          href={`/admin/bookings/${b.id}`}
                          className={`font-semibold text-teal-900 ${cancelled ? "line-through" : "underline"}`}
                        >
                          <time dateTime={lagosIso(b.start)}>{clockSpan(b.start, b.end)}</time>
                          {b.name ? `: ${b.name}` : ""}
                        </a>
                        <span
                          className={`rounded-full px-2 py-0.5 text-sm font-semibold ${
                            cancelled ? "bg-slate-200 text-ink" : "bg-teal-50 text-teal-900"
                          }`}
                        >
                          {bookingState(b)}
                        </span>
                      </p>
                      <p className={`mt-1 text-sm ${cancelled ? "text-muted line-through" : ""}`}>
                        {b.sessionType.name}
                        {b.source === "practice" ? " · by phone" : ""}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
