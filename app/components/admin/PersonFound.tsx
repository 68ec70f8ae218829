import { formatWat } from "~/lib/admin/wat";
import { formatKobo } from "~/lib/money";
import type { PersonRecord, PersonRelated } from "~/lib/services/inbox";

/**
 * What /admin/people found (app/routes/admin/people.tsx): who it is, so the practice can check,
 * the records that share their details but were not searched for, everything held, and the
 * Download and Erase forms. Plain forms: it works without JavaScript.
 */

const KIND_WORDS: Record<string, string> = {
  contact: "Contact message",
  booking: "Booking request",
  appointment: "Booked session",
  newsletter: "Newsletter sign-up",
  payment: "Payment notice",
  order: "Order",
  subscriber: "Newsletter subscription",
};

export const kindWords = (kind: string) => KIND_WORDS[kind] ?? kind;

/** Hidden fields carrying every address and number searched for. */
export function QueryFields({ queries }: { queries: string[] }) {
  return queries.map((q) => <input key={q} type="hidden" name="q" value={q} />);
}

/** "Booking of 28 Nov 2026, 10:02 WAT, from Ada Obi, ada@example.com, 0803 111 2222" */
export function recordWords(r: {
  kind: string;
  at: string;
  name?: string;
  email?: string;
  phone?: string;
}) {
  const who = [r.name, r.email, r.phone].filter((v) => v && v.trim()).join(", ");
  return `${kindWords(r.kind)} of ${formatWat(r.at)}${who ? `, from ${who}` : ""}`;
}

function Seen({ label, values }: { label: string; values: string[] }) {
  return (
    <div>
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{values.length ? values.join(" · ") : "none"}</dd>
    </div>
  );
}

export function RelatedRecords({
  related,
  queries,
}: {
  related: PersonRelated[];
  queries: string[];
}) {
  return (
    <section aria-labelledby="related" className="mt-6 rounded-2xl border-2 border-amber-700 p-4">
      <h3 id="related" className="text-xl font-semibold">
        Records that share their details, not included
      </h3>
      <p className="mt-1">
        These were sent from another address or number that also appears in their records. Tick the
        ones that are really this person to include them before downloading or erasing.
      </p>
      <form method="get" action="/admin/people" className="mt-3 grid gap-3">
        <QueryFields queries={queries} />
        {related.map((r) => (
          <fieldset key={r.value} className="rounded-xl border border-slate-300 p-3">
            <legend className="px-1 font-semibold">{r.value}</legend>
            <ul className="grid gap-1">
              {r.records.map((x, i) => (
                <li key={x.id || `${x.kind}-${i}`}>{recordWords(x)}</li>
              ))}
            </ul>
            <label className="mt-2 flex items-start gap-2">
              <input type="checkbox" name="q" value={r.value} className="mt-1 size-5" />
              <span>
                Include {r.value} ({r.records.length} more record{r.records.length === 1 ? "" : "s"}
                )
              </span>
            </label>
          </fieldset>
        ))}
        <button type="submit" className="btn-outline justify-self-start">
          Include the ticked ones
        </button>
      </form>
    </section>
  );
}

export function PersonFound({ record }: { record: PersonRecord }) {
  const held = record.submissions.length + record.orders.length + record.subscribers.length;
  return (
    <section aria-labelledby="found" className="mt-8">
      <div role="status">
        <h2 id="found" className="text-2xl font-semibold">
          {held === 0 ? "We hold nothing about this person." : "What we hold about this person"}
        </h2>
      </div>
      <p className="mt-1">Searched for: {record.query.join(", ")}</p>
      {held > 0 && (
        <>
          <h3 className="mt-4 text-xl font-semibold">Who we found</h3>
          <dl className="mt-2 grid gap-2">
            <Seen label="Names" values={record.seen.names} />
            <Seen label="E-mail addresses" values={record.seen.emails} />
            <Seen label="Phone numbers" values={record.seen.phones} />
          </dl>
        </>
      )}
      {record.related.length > 0 && (
        <RelatedRecords related={record.related} queries={record.query} />
      )}
      <h3 className="mt-4 text-xl font-semibold">
        Messages, bookings and sign-ups ({record.submissions.length})
      </h3>
      <ul className="mt-2 grid gap-2">
        {record.submissions.map((s) => {
          const words = recordWords({ ...s.fields, kind: s.kind, at: s.at });
          return (
            <li key={s.id} className="rounded-xl border border-slate-300 p-3">
              {s.kind === "payment" ? (
                // The notice of a paid order, which the order below stands for in the inbox.
                <span>{words}</span>
              ) : (
                <a href={`/admin/inbox/${s.id}`} className="font-semibold text-teal-900 underline">
                  {words}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <h3 className="mt-4 text-xl font-semibold">Booked sessions ({record.appointments.length})</h3>
      <ul className="mt-2 grid gap-2">
        {record.appointments.map((a) => (
          <li key={a.id} className="rounded-xl border border-slate-300 p-3">
            {a.session} with {a.counsellor}, {a.when}: {a.status}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-xl font-semibold">Orders ({record.orders.length})</h3>
      <ul className="mt-2 grid gap-2">
        {record.orders.map((o) => (
          <li key={o.id} className="rounded-xl border border-slate-300 p-3">
            {o.item}, {formatKobo(Math.round(Number(o.amountNaira) * 100))}, {o.status},{" "}
            {formatWat(o.at)} (reference {o.reference}), from{" "}
            {[o.name, o.email, o.phone].filter(Boolean).join(", ") || "no one named"}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-xl font-semibold">Newsletter</h3>
      {record.subscribers.length === 0 ? (
        <p className="mt-2">Not on the newsletter list.</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {record.subscribers.map((s) => (
            <li key={s.email}>
              {s.email}:{" "}
              {s.unsubscribedAt
                ? `signed up ${formatWat(s.subscribedAt)}, unsubscribed since.`
                : `subscribed since ${formatWat(s.subscribedAt)}.`}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-xl font-semibold">Deliveries waiting ({record.waiting.length})</h3>
      <ul className="mt-2 grid gap-1">
        {record.waiting.map((w) => (
          <li key={w.id}>
            {w.destination}: {w.status} ({w.submission})
          </li>
        ))}
      </ul>
      <WhoLooked record={record} />
      <PersonForms record={record} />
    </section>
  );
}

const ACTION_WORDS: Record<string, string> = {
  "inbox-read": "opened",
  "inbox-retry": "sent again a delivery of",
};

/** "office@… opened the contact message of 20 Nov 2026, 10:01 WAT: 3 times, last 28 Nov…" */
function WhoLooked({ record }: { record: PersonRecord }) {
  const looks = new Map<
    string,
    { who: string; action: string; record: string; times: number; last: string }
  >();
  for (const a of record.audit) {
    const key = `${a.who} ${a.action} ${a.record}`;
    const seen = looks.get(key);
    if (seen) {
      seen.times += 1;
      if (a.at > seen.last) seen.last = a.at;
    } else looks.set(key, { who: a.who, action: a.action, record: a.record, times: 1, last: a.at });
  }
  const what = (id: string) => {
    const s = record.submissions.find((x) => x.id === id);
    if (s) return `the ${kindWords(s.kind).toLowerCase()} of ${formatWat(s.at)}`;
    const o = record.orders.find((x) => x.id === id);
    return o ? `the order ${o.reference}` : id;
  };
  return (
    <>
      <h3 className="mt-4 text-xl font-semibold">Who looked ({looks.size})</h3>
      {looks.size === 0 ? (
        <p className="mt-2">No one at the practice has opened their records.</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {[...looks.values()].map((l) => (
            <li key={`${l.who} ${l.action} ${l.record}`}>
              {l.who} {ACTION_WORDS[l.action] ?? l.action} {what(l.record)}
              {l.times === 1
                ? `, ${formatWat(l.last)}`
                : `: ${l.times} times, last ${formatWat(l.last)}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PersonForms({ record }: { record: PersonRecord }) {
  return (
    <div className="mt-8 grid gap-6">
      <form method="post" action="/admin/people/download">
        <QueryFields queries={record.query} />
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
        <QueryFields queries={record.query} />
        <input type="hidden" name="intent" value="erase" />
        <p className="font-semibold">
          Erasing deletes everything listed above under {record.query.join(", ")}: their messages,
          bookings and sign-up, and anything still waiting to be sent. Their orders stay for the
          books, without their name, e-mail or phone. This cannot be undone.
        </p>
        {record.related.length > 0 && (
          <p className="mt-2">
            The records that share their details but are not included (above) stay.
          </p>
        )}
        <p className="mt-2">
          Backups made before today still hold them, for up to 30 days, on this server and in the
          copy off the server. The website keeps a list of erasures (without names, addresses or
          numbers) and erases them again if such a backup is ever restored.
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
  );
}
