import { CalendarDays, MapPin, User } from "~/components/icons";
import { formatLagosClock, formatLagosDay } from "~/lib/bookings/format-lagos-time";
import { lagosIso } from "~/lib/bookings/lagos-time";
import type { BookingView } from "~/lib/services/bookings";
import { fullAddress, useSite } from "~/lib/site";
import { LocalTime } from "./LocalTime";
import { sessionFacts } from "./session-facts";

/** What was booked: the session, with whom, when (Lagos time, and the visitor's own) and where. */
export function BookingDetails({ booking }: { booking: BookingView }) {
  const site = useSite();
  const { sessionType, counsellor, start, end } = booking;
  return (
    <dl className="grid gap-5 rounded-3xl border border-linen bg-white p-6 sm:grid-cols-2 sm:p-8">
      <div>
        <dt className="text-sm font-semibold tracking-wide text-muted uppercase">Session</dt>
        <dd className="mt-1 text-lg font-semibold text-ink">{sessionType.name}</dd>
        <dd className="text-muted">{sessionFacts(sessionType)}</dd>
      </div>
      <div>
        <dt className="text-sm font-semibold tracking-wide text-muted uppercase">Counsellor</dt>
        <dd className="mt-1 flex items-center gap-2 text-lg font-semibold text-ink">
          <User aria-hidden="true" className="size-5 text-teal-700" /> {counsellor.name}
        </dd>
        <dd className="text-muted">{counsellor.title}</dd>
      </div>
      <div>
        <dt className="text-sm font-semibold tracking-wide text-muted uppercase">When</dt>
        <dd className="mt-1 flex items-start gap-2 text-lg font-semibold text-ink">
          <CalendarDays aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
          <span>
            <time dateTime={lagosIso(start)}>
              {formatLagosDay(start)}, {formatLagosClock(start)}
            </time>{" "}
            to <time dateTime={lagosIso(end)}>{formatLagosClock(end)}</time> WAT
          </span>
        </dd>
        <dd className="ml-7">
          <LocalTime instant={start} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold tracking-wide text-muted uppercase">Where</dt>
        <dd className="mt-1 flex items-start gap-2 text-lg font-semibold text-ink">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
          {sessionType.place === "lekki" ? (
            <span>{fullAddress(site)}</span>
          ) : (
            <span>Online, by secure video</span>
          )}
        </dd>
        {sessionType.place === "online" && (
          <dd className="ml-7 text-muted">The link to join comes to you by e-mail.</dd>
        )}
      </div>
    </dl>
  );
}
