import { Link } from "react-router";
import { bookingSettingsAccess } from "~/lib/admin/booking-settings-access.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/booking-settings";

/**
 * /admin/booking-settings: the counsellors of the team page, each with a way to their hours, time
 * off and calendars (issue 42). For INBOX_EMAILS readers while BOOKINGS=native; else the 404.
 */

export const handle: RouteHandle = { editor: true };

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export function meta() {
  return [{ title: "Booking settings | Site admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings, counsellors } = await bookingSettingsAccess(context, request);
  const summaries = await settings.summaries(counsellors.map((c) => c.id));
  return {
    counsellors: counsellors.map((c, i) => ({ ...c, ...summaries[i]! })),
  };
}

export default function BookingSettings({ loaderData }: Route.ComponentProps) {
  const { counsellors } = loaderData;
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          All pages
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Booking settings</h1>
      <p className="mt-1 text-muted">
        When each counsellor can be booked: their weekly hours, the break between sessions, how much
        notice they need, how far ahead clients may book, and their days away. Here too: the private
        calendar address that puts their bookings on their phone, and their own calendar, whose busy
        times the website keeps free.
      </p>
      <p className="mt-2 text-sm text-muted">
        The counsellors are the people on the Team page. Someone new appears here once they are
        added there.
      </p>
      <ul aria-label="Counsellors" className="mt-6 space-y-3">
        {counsellors.map((c) => (
          <li key={c.id} className="rounded-xl border border-slate-300 p-4">
            <h2 className="text-lg font-semibold">
              <Link
                to={`/admin/booking-settings/${encodeURIComponent(c.id)}`}
                className="text-teal-900 underline"
              >
                {c.name}
              </Link>
            </h2>
            <p className="text-sm text-muted">{c.title}</p>
            <ul className="mt-2 space-y-0.5 text-sm">
              <li>{c.defaults ? "Office hours (not changed yet)" : "Their own hours"}</li>
              <li>
                {c.calendarAddress
                  ? "Private calendar address made"
                  : "No private calendar address yet"}
              </li>
              {c.busyFeedProblem && (
                <li className="font-semibold text-clay-700">
                  Their own calendar needs attention: {c.busyFeedProblem}
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
