import { data, redirect } from "react-router";
import { Notice } from "~/components/admin/Notice";
import { practice } from "~/content/site";
import { readerAccess } from "~/lib/admin/access.server";
import { KIND_WORDS } from "~/lib/admin/inbox-filter";
import { formatWat } from "~/lib/admin/wat";
import { editorHeaders } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/inbox-item";

/**
 * /admin/inbox/ID: one submission or order whole, with its delivery attempts; Mark handled, Mark
 * as new, Retry and Release. Reading it is audited (the record's id, never its data). An unknown
 * or malformed ID is the 404 page.
 */

export const handle: RouteHandle = { editor: true };

export function headers() {
  return editorHeaders;
}

export function meta({ error }: Route.MetaArgs) {
  return [
    { title: `${error ? "Page not found" : "From the inbox"} | ${practice.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { inbox, reader } = await readerAccess(context, request);
  const detail = await inbox.detail(params.id, reader);
  if (!detail) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return { detail, done };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { inbox, reader } = await readerAccess(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  let done = "";
  if (intent === "handled" || intent === "new") {
    if (!(await inbox.setHandled(params.id, intent === "handled")))
      throw data(null, { status: 404 });
    done = intent;
  } else if (intent === "retry" || intent === "release") {
    const deliveryId = Number(form.get("delivery"));
    if (!Number.isInteger(deliveryId) || deliveryId < 1) throw data(null, { status: 400 });
    done = (await inbox.retryDelivery(params.id, deliveryId, reader)) ? intent : "unchanged";
  } else {
    throw data(null, { status: 400 });
  }
  // Post/Redirect/Get: a reload never sends it again.
  return redirect(`/admin/inbox/${params.id}?done=${done}`, { status: 303 });
}

const DONE_WORDS: Record<string, string> = {
  handled: "Marked handled.",
  new: "Marked as new.",
  retry: "It will be sent again within a minute.",
  release: "Released: it will be sent within a minute.",
  unchanged: "Nothing changed: that delivery was not waiting for this.",
};

export default function InboxItem({ loaderData }: Route.ComponentProps) {
  const { detail, done } = loaderData;
  const { row } = detail;
  const digits = row.phone.replace(/\D/g, "");
  const whatsapp = digits.startsWith("0") ? `234${digits.slice(1)}` : digits;
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href="/admin/inbox" className="font-semibold text-teal-900 underline">
          Inbox
        </a>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">
        {KIND_WORDS[row.kind]}
        {row.name ? ` from ${row.name}` : ""}
      </h1>
      <p className="mt-1 text-muted">
        {formatWat(row.at)} · {row.handled ? "Handled" : "New"}
      </p>
      {done && DONE_WORDS[done] && (
        <div className="mt-4">
          <Notice tone={done === "unchanged" ? "warning" : "success"} title={DONE_WORDS[done]} />
        </div>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        <form method="post">
          <input type="hidden" name="intent" value={row.handled ? "new" : "handled"} />
          <button type="submit" className="btn-primary">
            {row.handled ? "Mark as new" : "Mark handled"}
          </button>
        </form>
        {row.email && (
          <a href={`mailto:${row.email}`} className="btn-outline">
            Reply by e-mail
          </a>
        )}
        {whatsapp.length >= 7 && (
          <a href={`https://wa.me/${whatsapp}`} className="btn-outline" rel="noreferrer">
            WhatsApp
          </a>
        )}
      </div>

      {row.appointment && (
        <>
          <h2 className="mt-8 text-2xl font-semibold">The session</h2>
          <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Session</dt>
            <dd>{row.appointment.session}</dd>
            <dt className="font-semibold">Counsellor</dt>
            <dd>{row.appointment.counsellor}</dd>
            <dt className="font-semibold">When</dt>
            <dd>
              <time dateTime={row.appointment.starts}>{row.appointment.when}</time>
            </dd>
            <dt className="font-semibold">Status</dt>
            <dd>{row.appointment.status}</dd>
            <dt className="font-semibold">Booked by</dt>
            <dd>{row.appointment.bookedBy}</dd>
            {row.appointment.cancelledAt && (
              <>
                <dt className="font-semibold">Cancelled</dt>
                <dd>
                  {formatWat(row.appointment.cancelledAt)}
                  {row.appointment.cancelledBy
                    ? ` by ${row.appointment.cancelledBy.toLowerCase()}`
                    : ""}
                </dd>
              </>
            )}
          </dl>
        </>
      )}

      <h2 className="mt-8 text-2xl font-semibold">What they sent</h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {detail.fields.map((f) => (
          <div key={f.label} className="contents">
            <dt className="font-semibold">{f.label}</dt>
            <dd className="whitespace-pre-wrap break-words">{f.value}</dd>
          </div>
        ))}
      </dl>

      <h2 className="mt-8 text-2xl font-semibold">Where it went</h2>
      <p className="mt-1">{row.went}</p>
      {detail.deliveries.length > 0 && (
        <ul className="mt-3 grid gap-3">
          {detail.deliveries.map((d) => (
            <li key={d.id} className="rounded-2xl border border-slate-300 p-3">
              <p className="font-semibold">
                {d.destination}: {d.status}
              </p>
              <p className="text-sm">
                {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                {d.deliveredAt ? `, delivered ${formatWat(d.deliveredAt)}` : ""}
                {d.lastError ? `. Last error: ${d.lastError}` : ""}
              </p>
              {(d.status === "rejected" || d.status === "dead" || d.status === "held") && (
                <form method="post" className="mt-2">
                  <input type="hidden" name="delivery" value={d.id} />
                  <input
                    type="hidden"
                    name="intent"
                    value={d.status === "held" ? "release" : "retry"}
                  />
                  <button type="submit" className="btn-outline">
                    {d.status === "held" ? "Release" : "Retry"}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
