import { data, redirect } from "react-router";
import { BookingActions } from "~/components/admin/BookingActions";
import { Notice } from "~/components/admin/Notice";
import { practice } from "~/content/site";
import { bookingAccess } from "~/lib/admin/booking-access.server";
import { SOURCE_WORDS, bookingState, telHref, whatsappHref } from "~/lib/admin/booking-words";
import { formatWat } from "~/lib/admin/wat";
import { formatLagosSession } from "~/lib/bookings/format-lagos-time";
import { lagosIso } from "~/lib/bookings/lagos-time";
import { editorHeaders } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/bookings-item";

/**
 * /admin/bookings/ID: one booking whole, the person's contact buttons and its history; Cancel
 * (with a message to the person), Attended and No-show. Reading it is audited (the booking's id,
 * never its data). An unknown or malformed ID is the 404 page.
 */

export const handle: RouteHandle = { editor: true };

export function headers() {
  return editorHeaders;
}

export function meta({ error }: Route.MetaArgs) {
  return [
    { title: `${error ? "Page not found" : "A booking"} | ${practice.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/** The longest message to the person a cancel takes. */
const MESSAGE_MAX = 1000;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { bookings, reader } = await bookingAccess(context, request);
  const detail = await bookings.detail(params.id, reader);
  if (!detail) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return { detail, done, now: Date.now() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { bookings, reader } = await bookingAccess(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  let done: string;
  if (intent === "cancel") {
    const message = String(form.get("message") ?? "").trim();
    // The form asks for a message only when the person gave an e-mail address.
    const messageError =
      form.has("message") && !message
        ? "Please write a few words to them: they go in the e-mail."
        : message.length > MESSAGE_MAX
          ? `Please keep the message under ${MESSAGE_MAX} characters.`
          : undefined;
    if (messageError) return data({ messageError, message }, { status: 400 });
    const result = await bookings.cancel(params.id, message, reader);
    if (result.status === "unknown") throw data(null, { status: 404 });
    done =
      result.status === "already-cancelled"
        ? "already"
        : result.emailed
          ? "cancelled"
          : "cancelled-quiet";
  } else if (intent === "attended" || intent === "no-show") {
    const result = await bookings.markAttendance(params.id, intent, reader);
    if (result === "unknown") throw data(null, { status: 404 });
    done = result === "marked" ? intent : result === "cancelled" ? "was-cancelled" : result;
  } else {
    throw data(null, { status: 400 });
  }
  // Post/Redirect/Get: a reload never sends it again.
  return redirect(`/admin/bookings/${params.id}?done=${done}`, { status: 303 });
}

const DONE_WORDS: Record<string, { tone: "success" | "warning"; words: string }> = {
  added: { tone: "success", words: "Booked. The time is now taken in the calendar." },
  cancelled: { tone: "success", words: "Cancelled. Your message will be e-mailed to them." },
  "cancelled-quiet": {
    tone: "success",
    words: "Cancelled. No e-mail was sent: please tell them by phone or WhatsApp.",
  },
  already: { tone: "warning", words: "This booking had already been cancelled." },
  attended: { tone: "success", words: "Marked attended." },
  "no-show": { tone: "success", words: "Marked no-show." },
  "not-started": {
    tone: "warning",
    words: "Not marked: the session has not started yet.",
  },
  "was-cancelled": { tone: "warning", words: "Not marked: this booking was cancelled." },
};

export default function BookingItem({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, done, now } = loaderData;
  const { booking, history } = detail;
  const notice = done ? DONE_WORDS[done] : undefined;
  const tel = telHref(booking.phone);
  const whatsapp = whatsappHref(booking.phone);
  const cancelled = booking.status === "cancelled";
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href="/admin/bookings" className="font-semibold text-teal-900 underline">
          Bookings
        </a>
      </nav>
      <h1 className={`mt-2 text-3xl font-semibold ${cancelled ? "line-through" : ""}`}>
        {booking.name || "A booking"}
      </h1>
      <p className="mt-1 text-muted">
        {bookingState(booking)} · {booking.sessionType.name} with {booking.counsellor.name}
      </p>
      {notice && (
        <div className="mt-4">
          <Notice tone={notice.tone} title={notice.words} />
        </div>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        {tel && (
          <a href={tel} className="btn-primary">
            Call {booking.phone}
          </a>
        )}
        {booking.email && (
          <a href={`mailto:${booking.email}`} className="btn-outline">
            E-mail
          </a>
        )}
        {whatsapp && (
          <a href={whatsapp} className="btn-outline" rel="noreferrer">
            WhatsApp
          </a>
        )}
      </div>

      <h2 className="mt-8 text-2xl font-semibold">The session</h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">When</dt>
        <dd>
          <time dateTime={lagosIso(booking.start)}>
            {formatLagosSession(booking.start, booking.end)}
          </time>
        </dd>
        <dt className="font-semibold">Session</dt>
        <dd>{booking.sessionType.name}</dd>
        <dt className="font-semibold">Counsellor</dt>
        <dd>{booking.counsellor.name}</dd>
        <dt className="font-semibold">Booked</dt>
        <dd>{SOURCE_WORDS[booking.source]}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>{bookingState(booking)}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{booking.phone || "None given"}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd className="break-all">{booking.email || "None given"}</dd>
      </dl>

      <BookingActions booking={booking} now={now} actionData={actionData} maxLength={MESSAGE_MAX} />

      <h2 className="mt-8 text-2xl font-semibold">History</h2>
      <ol className="mt-3 grid gap-2">
        {history.map((h) => (
          <li key={`${h.at}-${h.words}`} className="break-words">
            <span className="font-semibold">{formatWat(h.at)}</span>: {h.words}
          </li>
        ))}
      </ol>
    </div>
  );
}
