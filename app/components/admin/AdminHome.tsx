import { Form, Link } from "react-router";
import { clearKeptDrafts } from "~/lib/admin/kept-draft";
import type { ScheduleOutcome } from "~/lib/admin/schedule-outcome";
import { ScheduleOutcomeNotice } from "./EditorNoticeBanner";
import type { EditorPasskey } from "~/lib/services/passkeys";
import { PasskeyAdd } from "./PasskeyAdd";
import { WaitingPasskeys } from "./WaitingPasskeys";

export interface AdminDocument {
  id: string;
  title: string;
  adminPath: string;
}

export interface AdminHomeProps {
  /** the signed-in editor's address */
  email: string;
  /** in EDITOR_EMAILS: the pages to edit are shown */
  edit: boolean;
  /** in INBOX_EMAILS: the inbox and a person's data are shown, with how many are new */
  inbox?: { newCount: number; failed: number; held: number };
  /** BOOKINGS=native and in INBOX_EMAILS: the counsellors' booking settings are shown */
  bookingSettings?: boolean;
  /** every document of app/content/documents/, in its order */
  documents: AdminDocument[];
  /** scheduled changes of the last week that met a newer version at their time */
  scheduleNotices?: { title: string; adminPath: string; outcome: ScheduleOutcome }[];
  /** an editor without a passkey, on a site that can use them: offer one (decision 031) */
  passkeyOffer?: boolean;
  /** passkeys set up from an e-mailed link alone, still waiting (decision 040) */
  waitingPasskeys?: EditorPasskey[];
}

/** The id of the document that holds the contact details shown in every page's shell. */
const CONTACT_DETAILS = "site";

/** /admin signed in: the pages the practice can edit, the contact details, and signing out. */
export function AdminHome({
  email,
  edit,
  inbox,
  bookingSettings = false,
  documents,
  scheduleNotices = [],
  passkeyOffer = false,
  waitingPasskeys = [],
}: AdminHomeProps) {
  const pages = documents.filter((d) => d.id !== CONTACT_DETAILS);
  const contact = documents.find((d) => d.id === CONTACT_DETAILS);
  return (
    <div className="container-page max-w-3xl py-12 sm:py-16">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="eyebrow">{edit ? "Website editor" : "Front office"}</p>
          <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">
            {edit ? "Edit the website" : "What visitors sent"}
          </h1>
          <p className="mt-2 break-all text-muted">
            Signed in as <span className="font-semibold text-ink">{email}</span>
          </p>
          <p className="mt-1">
            <Link to="/admin/account" className="font-semibold text-teal-900 underline">
              Your signed-in devices
            </Link>
          </p>
        </div>
        {/* A whole-page post: signing out leaves nothing of the editor in the page. */}
        <Form method="post" action="/admin/sign-out" reloadDocument onSubmit={clearKeptDrafts}>
          <button type="submit" className="btn-outline">
            Sign out
          </button>
        </Form>
      </div>

      <WaitingPasskeys passkeys={waitingPasskeys} />

      {/* Its outcome stays in view; the offer is gone on the next visit. */}
      {passkeyOffer && <PasskeyAdd reload={false} />}

      {scheduleNotices.length > 0 && (
        <div className="mt-8 space-y-4">
          {scheduleNotices.map(({ title, adminPath, outcome }) => (
            <div key={`${adminPath}-${outcome.version}`}>
              <ScheduleOutcomeNotice outcome={outcome} />
              <Link
                to={adminPath}
                className="mt-1 inline-block font-semibold text-teal-900 underline"
              >
                Open {title}
              </Link>
            </div>
          ))}
        </div>
      )}

      {inbox && (
        <section aria-labelledby="admin-front-office" className="mt-10">
          <h2 id="admin-front-office" className="text-2xl font-semibold">
            Front office
          </h2>
          {(inbox.failed > 0 || inbox.held > 0) && (
            <p role="status" className="mt-3 rounded-xl border-2 border-amber-700 bg-amber-50 p-3">
              A delivery needs attention:{" "}
              {[
                inbox.failed > 0 && `${inbox.failed} could not be sent`,
                inbox.held > 0 && `${inbox.held} held during a flood of posts`,
              ]
                .filter(Boolean)
                .join(", ")}
              . Open the message in the inbox to retry or release it.
            </p>
          )}
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            <li>
              <AdminLink to="/admin/inbox">
                Inbox
                <span className="mt-1 block font-normal text-ink">
                  {inbox.newCount === 0 ? "Nothing new" : `${inbox.newCount} new`}
                </span>
              </AdminLink>
            </li>
            <li>
              <AdminLink to="/admin/people">A person’s data</AdminLink>
            </li>
            <li>
              <AdminLink to="/admin/backups">Backups</AdminLink>
            </li>
            {bookingSettings && (
              <li>
                <AdminLink to="/admin/booking-settings">Booking settings</AdminLink>
              </li>
            )}
          </ul>
        </section>
      )}

      {edit && (
        <section aria-labelledby="admin-pages" className="mt-10">
          <h2 id="admin-pages" className="text-2xl font-semibold">
            Pages
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {pages.map((d) => (
              <li key={d.id}>
                <DocumentLink document={d} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <p className="mt-6">
        <Link to="/admin/audit" className="font-semibold text-teal-900 underline">
          Who changed what
        </Link>
        <span className="text-muted">: every change by everyone, in Lagos time.</span>
      </p>

      {edit && contact && (
        <section aria-labelledby="admin-contact" className="mt-10">
          <h2 id="admin-contact" className="text-2xl font-semibold">
            Contact details
          </h2>
          <p className="mt-2 text-muted">
            Phones, e-mails, address, office hours, social links and the WhatsApp number, shown on
            every page; the menu’s names and the words at the foot of every page and on the
            page-not-found page; and the words of the Contact Us page.
          </p>
          <div className="mt-4 sm:w-1/2 sm:pr-1.5">
            <DocumentLink document={contact} />
          </div>
        </section>
      )}
    </div>
  );
}

function DocumentLink({ document }: { document: AdminDocument }) {
  return <AdminLink to={document.adminPath}>{document.title}</AdminLink>;
}

function AdminLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="block h-full rounded-2xl border border-linen bg-white p-4 font-semibold text-teal-900 shadow-sm hover:border-teal-700 hover:bg-teal-50"
    >
      {children}
    </Link>
  );
}
