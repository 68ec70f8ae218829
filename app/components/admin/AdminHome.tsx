import { Form, Link } from "react-router";

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
  /** in INBOX_EMAILS: the inbox and a person's data are shown */
  inbox: boolean;
  /** every document of app/content/documents.ts, in its order */
  documents: AdminDocument[];
}

/** The id of the document that holds the contact details shown in every page's shell. */
const CONTACT_DETAILS = "site";

/** /admin signed in: the pages the practice can edit, the contact details, and signing out. */
export function AdminHome({ email, edit, inbox, documents }: AdminHomeProps) {
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
        </div>
        {/* A whole-page post: signing out leaves nothing of the editor in the page. */}
        <Form method="post" action="/admin/sign-out" reloadDocument>
          <button type="submit" className="btn-outline">
            Sign out
          </button>
        </Form>
      </div>

      {inbox && (
        <section aria-labelledby="admin-front-office" className="mt-10">
          <h2 id="admin-front-office" className="text-2xl font-semibold">
            Front office
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            <li>
              <AdminLink to="/admin/inbox">Inbox</AdminLink>
            </li>
            <li>
              <AdminLink to="/admin/people">A person’s data</AdminLink>
            </li>
            <li>
              <AdminLink to="/admin/backups">Backups</AdminLink>
            </li>
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

      {edit && contact && (
        <section aria-labelledby="admin-contact" className="mt-10">
          <h2 id="admin-contact" className="text-2xl font-semibold">
            Contact details
          </h2>
          <p className="mt-2 text-muted">
            Phones, e-mails, address, office hours, social links and the WhatsApp number, shown on
            every page.
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
