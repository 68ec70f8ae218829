import { Link } from "react-router";
import { practice } from "~/content/site";
import { StepUpBanner } from "~/components/admin/StepUpBanner";
import { readerAccess } from "~/lib/admin/access.server";
import { stepUpFromUrl } from "~/lib/admin/step-up";
import { KIND_WORDS, PERIOD_WORDS, filterFromUrl, filterQuery } from "~/lib/admin/inbox-filter";
import { formatWat } from "~/lib/admin/wat";
import { editorHeaders } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/inbox";

/**
 * /admin/inbox: every contact message, booking request, booked session, newsletter sign-up and
 * order, newest first, in
 * pages of 25, for an address of INBOX_EMAILS (docs/decisions/033). Plain forms and GET filters:
 * it works without JavaScript, and reads as cards on a phone.
 */

export const handle: RouteHandle = { editor: true };

export function headers() {
  return editorHeaders;
}

export function meta() {
  return [{ title: `Inbox | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox, reader } = await readerAccess(context, request);
  const { filter, page } = filterFromUrl(request.url);
  const [found, newCount] = await Promise.all([inbox.page(filter, page), inbox.newCount()]);
  // Back from the CSV when it needed a fresh sign-in (app/routes/admin/inbox-csv.ts).
  const stepUp = stepUpFromUrl(new URL(request.url), reader.email);
  return { filter, page, ...found, newCount, stepUp };
}

const fieldClass =
  "mt-1 block w-full rounded-xl border border-slate-500 bg-white px-3 py-2 text-base text-ink";

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, page, rows, more, newCount, stepUp } = loaderData;
  const filtered = Boolean(filter.kind || filter.status || filter.q || filter.period);
  return (
    <div className="container-page max-w-4xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          Back to the start
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Inbox</h1>
      <p className="mt-1 text-muted">
        Everything visitors sent, newest first. {newCount === 1 ? "1 is" : `${newCount} are`} new.
      </p>

      <form method="get" action="/admin/inbox" className="mt-6 grid gap-3 sm:grid-cols-4">
        <div>
          <label htmlFor="inbox-kind" className="block font-semibold">
            Kind
          </label>
          <select
            id="inbox-kind"
            name="kind"
            defaultValue={filter.kind ?? ""}
            className={fieldClass}
          >
            <option value="">All kinds</option>
            {Object.entries(KIND_WORDS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inbox-status" className="block font-semibold">
            Status
          </label>
          <select
            id="inbox-status"
            name="status"
            defaultValue={filter.status ?? ""}
            className={fieldClass}
          >
            <option value="">New and handled</option>
            <option value="new">New</option>
            <option value="handled">Handled</option>
          </select>
        </div>
        <label className="block font-semibold sm:col-span-2">
          Name, e-mail or phone
          <input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={100}
            className={fieldClass}
          />
        </label>
        <div>
          <label htmlFor="inbox-period" className="block font-semibold">
            Received
          </label>
          <select
            id="inbox-period"
            name="period"
            defaultValue={filter.period ?? ""}
            className={fieldClass}
          >
            {Object.entries(PERIOD_WORDS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid grid-cols-2 gap-3 sm:col-span-3">
          <legend className="font-semibold">Days I choose (Lagos time)</legend>
          <label className="block">
            From
            <input
              type="date"
              name="from"
              defaultValue={filter.period === "range" ? (filter.from ?? "") : ""}
              className={fieldClass}
            />
          </label>
          <label className="block">
            To
            <input
              type="date"
              name="to"
              defaultValue={filter.period === "range" ? (filter.to ?? "") : ""}
              className={fieldClass}
            />
          </label>
        </fieldset>
        <div className="flex flex-wrap gap-3 sm:col-span-4">
          <button type="submit" className="btn-primary">
            Show
          </button>
          {filtered && (
            <a href="/admin/inbox" className="btn-outline">
              Show everything
            </a>
          )}
          {/* Part of the form: the kind, status, days and search chosen go with it, Show or not. */}
          <button type="submit" formAction="/admin/inbox/csv" className="btn-outline">
            Download CSV
          </button>
        </div>
      </form>
      {stepUp && (
        <div className="mt-4">
          <StepUpBanner stepUp={stepUp} />
        </div>
      )}

      <p role="status" className="mt-6 font-semibold">
        {rows.length === 0
          ? filtered
            ? "Nothing matches this filter."
            : "Nothing has been sent yet."
          : `Page ${page}${filtered ? " of what matches" : ""}`}
        {rows.length > 0 &&
          (filter.from || filter.to) &&
          `, received ${filter.from ? `from ${filter.from}` : ""}${filter.from && filter.to ? " " : ""}${filter.to ? `to ${filter.to}` : ""} (Lagos time)`}
      </p>
      <ul className="mt-3 grid gap-3" aria-label="What visitors sent">
        {rows.map((row) => (
          <li key={row.id} className="rounded-2xl border border-slate-300 bg-white p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                <a href={`/admin/inbox/${row.id}`} className="text-teal-900 underline">
                  {KIND_WORDS[row.kind]}
                  {row.name ? ` from ${row.name}` : ""}
                </a>
              </p>
              <span
                className={`rounded-full px-2 py-0.5 text-sm font-semibold ${
                  row.handled ? "bg-slate-100 text-ink" : "bg-amber-50 text-ink"
                }`}
              >
                {row.handled ? "Handled" : "New"}
              </span>
            </div>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">When</dt>
              <dd>{formatWat(row.at)}</dd>
              {row.email && (
                <>
                  <dt className="font-semibold">E-mail</dt>
                  <dd className="break-all">{row.email}</dd>
                </>
              )}
              {row.phone && (
                <>
                  <dt className="font-semibold">Phone</dt>
                  <dd>{row.phone}</dd>
                </>
              )}
              {row.appointment && (
                <>
                  <dt className="font-semibold">Session</dt>
                  <dd>
                    {row.appointment.session} with {row.appointment.counsellor},{" "}
                    <time dateTime={row.appointment.starts}>{row.appointment.when}</time>
                  </dd>
                </>
              )}
              {row.state && (
                <>
                  <dt className="font-semibold">{row.kind === "order" ? "Payment" : "Booking"}</dt>
                  <dd>{row.state}</dd>
                </>
              )}
              <dt className="font-semibold">Where it went</dt>
              <dd>{row.went}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <nav aria-label="Pages" className="mt-6 flex gap-4">
        {page > 1 && (
          <a
            href={`/admin/inbox${filterQuery(filter, page - 1)}`}
            className="font-semibold text-teal-900 underline"
          >
            Newer
          </a>
        )}
        {more && (
          <a
            href={`/admin/inbox${filterQuery(filter, page + 1)}`}
            className="font-semibold text-teal-900 underline"
          >
            Older
          </a>
        )}
      </nav>
    </div>
  );
}
