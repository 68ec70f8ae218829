import { data } from "react-router";
import { Notice } from "~/components/admin/Notice";
import { StepUpBanner } from "~/components/admin/StepUpBanner";
import { practice } from "~/content/site";
import { readerAccess, requireRecentSignIn } from "~/lib/admin/access.server";
import { type StepUpNotice, stepUpFromUrl, stepUpNotice } from "~/lib/admin/step-up";
import { formatWat } from "~/lib/admin/wat";
import { editorHeaders } from "~/lib/editor";
import type { PersonErasure } from "~/lib/services/inbox";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/people";

/**
 * /admin/people: everything the site holds about one person, found by e-mail or phone; their data
 * as one JSON file (an access request), or erased (docs/decisions/033). Download and Erase need a
 * sign-in from the last 15 minutes. Plain forms: it works without JavaScript.
 */

export const handle: RouteHandle = { editor: true };

export function headers() {
  return editorHeaders;
}

export function meta() {
  return [{ title: `A person’s data | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

const queryOf = (value: FormDataEntryValue | string | null) =>
  String(value ?? "")
    .trim()
    .slice(0, 254);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, inbox, reader } = await readerAccess(context, request);
  const url = new URL(request.url);
  const q = queryOf(url.searchParams.get("q"));
  // Back from a download that needed a fresh sign-in (app/routes/admin/people-download.ts).
  const back: StepUpNotice | undefined = stepUpFromUrl(url, reader.email);
  if (!q) return { q, record: null, invalid: false, stepUp: back };
  // Everything about one person: only with a sign-in from the last 15 minutes (ASVS 5 7.5.3).
  // Nothing is looked up before: the page's data holds no part of the record.
  const here = `/admin/people?q=${encodeURIComponent(q)}`;
  const step = await services.auth.stepUp(reader, request, context.clientIp, here);
  if (step.status !== "recent") {
    const stepUp = stepUpNotice(step, here);
    const headers = new Headers(step.status === "sent" ? step.headers : undefined);
    for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
    return data({ q, record: null, invalid: false, stepUp }, { status: 403, headers });
  }
  const stepUp = back;
  const record = await inbox.findPerson(q);
  if (record) await inbox.auditPerson(reader, record, "people-find");
  return { q, record: record ?? null, invalid: !record, stepUp };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, inbox, reader } = await readerAccess(context, request);
  const form = await request.formData();
  const q = queryOf(form.get("q"));
  const intent = String(form.get("intent") ?? "");
  const step = await requireRecentSignIn(
    services,
    reader,
    request,
    context.clientIp,
    `/admin/people?q=${encodeURIComponent(q)}`,
  );
  if (step) return step;
  const record = await inbox.findPerson(q);
  if (!record) return data({ problem: "Please enter an e-mail address or a phone number." }, 400);
  if (intent === "erase") {
    if (form.get("confirm") !== "yes")
      return data(
        {
          problem: "Nothing was erased. Tick “Yes, erase everything about this person” to confirm.",
        },
        400,
      );
    const erased = await inbox.erasePerson(q, reader);
    return { erased };
  }
  return data({ problem: "Nothing was done." }, 400);
}

const SUBMISSION_WORDS: Record<string, string> = {
  contact: "Contact message",
  booking: "Booking",
  newsletter: "Newsletter sign-up",
};

const fieldClass =
  "mt-1 block w-full rounded-xl border border-slate-500 bg-white px-3 py-2 text-base text-ink";

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { q, record, invalid } = loaderData;
  const answer = actionData as
    { problem?: string; erased?: PersonErasure; stepUp?: StepUpNotice } | undefined;
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href="/admin" className="font-semibold text-teal-900 underline">
          Back to the start
        </a>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">A person’s data</h1>
      <p className="mt-1 text-muted">
        When someone asks what we hold about them, or asks us to delete it, find them here by their
        e-mail address or phone number.
      </p>
      <form method="get" action="/admin/people" className="mt-6 flex flex-wrap items-end gap-3">
        <label className="block grow font-semibold">
          E-mail or phone
          <input
            type="text"
            name="q"
            defaultValue={q}
            maxLength={254}
            required
            autoComplete="off"
            className={fieldClass}
          />
        </label>
        <button type="submit" className="btn-primary">
          Find
        </button>
      </form>

      <div className="mt-6 grid gap-4">
        {(answer?.stepUp ?? loaderData.stepUp) && (
          <StepUpBanner stepUp={(answer?.stepUp ?? loaderData.stepUp)!} />
        )}
        {answer?.problem && <Notice tone="error" title={answer.problem} />}
        {answer?.erased && <Erased erased={answer.erased} />}
        {invalid && (
          <Notice
            tone="error"
            title="Please enter a whole e-mail address, or a phone number of at least 7 digits."
          />
        )}
      </div>

      {record && !answer?.erased && (
        <section aria-labelledby="found" className="mt-8">
          <div role="status">
            <h2 id="found" className="text-2xl font-semibold">
              {record.submissions.length + record.orders.length + (record.subscriber ? 1 : 0) === 0
                ? "We hold nothing about this person."
                : "What we hold about this person"}
            </h2>
          </div>
          <h3 className="mt-4 text-xl font-semibold">
            Messages, bookings and sign-ups ({record.submissions.length})
          </h3>
          <ul className="mt-2 grid gap-2">
            {record.submissions.map((s) => (
              <li key={s.id} className="rounded-xl border border-slate-300 p-3">
                {s.kind === "payment" ? (
                  // The notice of a paid order, which the order below stands for in the inbox.
                  <span>Payment notice of {formatWat(s.at)}</span>
                ) : (
                  <a
                    href={`/admin/inbox/${s.id}`}
                    className="font-semibold text-teal-900 underline"
                  >
                    {SUBMISSION_WORDS[s.kind] ?? s.kind} of {formatWat(s.at)}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-xl font-semibold">Orders ({record.orders.length})</h3>
          <ul className="mt-2 grid gap-2">
            {record.orders.map((o) => (
              <li key={o.id} className="rounded-xl border border-slate-300 p-3">
                {o.item}, ₦{o.amountNaira}, {o.status}, {formatWat(o.at)} (reference {o.reference})
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-xl font-semibold">Newsletter</h3>
          <p className="mt-2">
            {record.subscriber
              ? record.subscriber.unsubscribedAt
                ? `Signed up ${formatWat(record.subscriber.subscribedAt)}, unsubscribed since.`
                : `Subscribed since ${formatWat(record.subscriber.subscribedAt)}.`
              : "Not on the newsletter list."}
          </p>
          <h3 className="mt-4 text-xl font-semibold">
            Deliveries waiting ({record.waiting.length})
          </h3>
          <ul className="mt-2 grid gap-1">
            {record.waiting.map((w) => (
              <li key={w.id}>
                {w.destination}: {w.status} ({w.submission})
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-xl font-semibold">Who looked ({record.audit.length})</h3>
          <ul className="mt-2 grid gap-1">
            {record.audit.map((a, i) => (
              <li key={i}>
                {formatWat(a.at)}: {a.who}, {a.action} {a.record}
              </li>
            ))}
          </ul>

          <div className="mt-8 grid gap-6">
            <form method="post" action="/admin/people/download">
              <input type="hidden" name="q" value={q} />
              <button type="submit" className="btn-primary">
                Download their data
              </button>
              <p className="mt-1 text-sm text-muted">
                One file with everything above, to send them when they ask what we hold.
              </p>
            </form>
            <form
              method="post"
              action="/admin/people"
              className="rounded-2xl border-2 border-clay-700 p-4"
            >
              <input type="hidden" name="q" value={q} />
              <input type="hidden" name="intent" value="erase" />
              <p className="font-semibold">
                Erasing deletes their messages, bookings and sign-up, and anything still waiting to
                be sent. Their orders stay for the books, without their name, e-mail or phone. This
                cannot be undone.
              </p>
              <label className="mt-3 flex items-start gap-2">
                <input type="checkbox" name="confirm" value="yes" className="mt-1 size-5" />
                <span>Yes, erase everything about this person</span>
              </label>
              <button type="submit" className="btn-outline mt-3">
                Erase their data
              </button>
            </form>
          </div>
        </section>
      )}
    </div>
  );
}

function Erased({ erased }: { erased: PersonErasure }) {
  return (
    <Notice tone="success" title="Their data is erased from the website.">
      <p>
        Deleted {erased.submissions} message{erased.submissions === 1 ? "" : "s"}, bookings and
        sign-ups, {erased.deliveries} delivery record{erased.deliveries === 1 ? "" : "s"} (
        {erased.cancelled} not yet sent, now cancelled) and {erased.subscribers} newsletter
        subscription{erased.subscribers === 1 ? "" : "s"}. {erased.orders} order
        {erased.orders === 1 ? " keeps" : "s keep"} its amount, date and reference, without their
        name, e-mail or phone.
      </p>
      <p className="mt-2 font-semibold">Two things the website cannot do for you:</p>
      <ul className="mt-1 list-disc pl-5">
        <li>Delete their contact in HubSpot (Contacts, find them, Actions, Delete).</li>
        <li>
          Delete the e-mails about them in the practice’s mailbox, including the copies the website
          sent there.
        </li>
      </ul>
    </Notice>
  );
}
