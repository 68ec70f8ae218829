import { data } from "react-router";
import { Notice } from "~/components/admin/Notice";
import { StepUpBanner } from "~/components/admin/StepUpBanner";
import { practice } from "~/content/site";
import { readerAccess, requireRecentSignIn } from "~/lib/admin/access.server";
import { type StepUpNotice, stepUpFromUrl, stepUpNotice } from "~/lib/admin/step-up";
import { editorHeaders } from "~/lib/editor";
import type { PersonErasure } from "~/lib/services/inbox";
import { PersonFound, recordWords } from "~/components/admin/PersonFound";
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

/** The addresses and numbers asked for (`q`, repeated when records are included), each once. */
const queriesOf = (values: (FormDataEntryValue | string)[]) =>
  [...new Set(values.map((v) => String(v).trim().slice(0, 254)).filter(Boolean))].slice(0, 8);

const peopleUrl = (queries: string[]) =>
  `/admin/people?${queries.map((q) => `q=${encodeURIComponent(q)}`).join("&")}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, inbox, reader } = await readerAccess(context, request);
  const url = new URL(request.url);
  const queries = queriesOf(url.searchParams.getAll("q"));
  // Back from a download that needed a fresh sign-in (app/routes/admin/people-download.ts).
  const back: StepUpNotice | undefined = stepUpFromUrl(url, reader.email);
  if (queries.length === 0) return { queries, record: null, invalid: false, stepUp: back };
  // Everything about one person: only with a sign-in from the last 15 minutes (ASVS 5 7.5.3).
  // Nothing is looked up before: the page's data holds no part of the record.
  const here = peopleUrl(queries);
  const step = await services.auth.stepUp(reader, request, context.clientIp, here);
  if (step.status !== "recent") {
    const stepUp = stepUpNotice(step, here);
    const headers = new Headers(step.status === "sent" ? step.headers : undefined);
    for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
    return data({ queries, record: null, invalid: false, stepUp }, { status: 403, headers });
  }
  const stepUp = back;
  const record = await inbox.findPerson(queries);
  if (record) await inbox.auditPerson(reader, record, "people-find");
  return { queries, record: record ?? null, invalid: !record, stepUp };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, inbox, reader } = await readerAccess(context, request);
  const form = await request.formData();
  const queries = queriesOf(form.getAll("q"));
  const intent = String(form.get("intent") ?? "");
  const step = await requireRecentSignIn(
    services,
    reader,
    request,
    context.clientIp,
    peopleUrl(queries),
  );
  if (step) return step;
  const record = await inbox.findPerson(queries);
  if (!record) return data({ problem: "Please enter an e-mail address or a phone number." }, 400);
  if (intent === "erase") {
    if (form.get("confirm") !== "yes")
      return data(
        {
          problem: "Nothing was erased. Tick “Yes, erase everything about this person” to confirm.",
        },
        400,
      );
    const erased = await inbox.erasePerson(queries, reader);
    return { erased };
  }
  return data({ problem: "Nothing was done." }, 400);
}

const fieldClass =
  "mt-1 block w-full rounded-xl border border-slate-500 bg-white px-3 py-2 text-base text-ink";

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { queries, record, invalid } = loaderData;
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
            defaultValue={queries[0] ?? ""}
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

      {record && !answer?.erased && <PersonFound record={record} />}
    </div>
  );
}

function Erased({ erased }: { erased: PersonErasure }) {
  const left = erased.notIncluded.reduce((n, r) => n + r.records.length, 0);
  return (
    <>
      <Notice
        tone="success"
        title={`Erased from the website: what it held under ${erased.erased.join(", ")}.`}
      >
        <p>
          Deleted {erased.submissions} message{erased.submissions === 1 ? "" : "s"}, bookings and
          sign-ups
          {erased.appointments > 0 &&
            ` (${erased.appointments} booked session${erased.appointments === 1 ? "" : "s"} among them)`}
          , {erased.deliveries} delivery record{erased.deliveries === 1 ? "" : "s"} (
          {erased.cancelled} not yet sent, now cancelled) and {erased.subscribers} newsletter
          subscription{erased.subscribers === 1 ? "" : "s"}. {erased.orders} order
          {erased.orders === 1 ? " keeps" : "s keep"} its amount, date and reference, without their
          name, e-mail or phone.
        </p>
        <p className="mt-2">
          Backups made before now still hold them for up to 30 days. If one is restored, the website
          erases them again.
        </p>
        <p className="mt-2 font-semibold">Two things the website cannot do for you:</p>
        <ul className="mt-1 list-disc pl-5">
          <li>Delete their contact in HubSpot (Contacts, find them, Actions, Delete).</li>
          <li>
            Delete the e-mails about them in the practice’s mailbox, including the copies the
            website sent there.
          </li>
        </ul>
      </Notice>
      {left > 0 && (
        <Notice
          tone="warning"
          title={`Not erased: ${left} record${left === 1 ? "" : "s"} that share${left === 1 ? "s" : ""} their details, which you did not include.`}
        >
          <ul className="list-disc pl-5">
            {erased.notIncluded.flatMap((r) =>
              r.records.map((x, i) => <li key={`${r.value}-${x.id || i}`}>{recordWords(x)}</li>),
            )}
          </ul>
          <p className="mt-2">
            If they are this person too,{" "}
            <a
              href={`/admin/people?${erased.notIncluded.map((r) => `q=${encodeURIComponent(r.value)}`).join("&")}`}
              className="font-semibold underline"
            >
              find them
            </a>{" "}
            and erase them as well.
          </p>
        </Notice>
      )}
    </>
  );
}
