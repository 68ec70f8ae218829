import { Link } from "react-router";
import { practice } from "~/content/site";

/**
 * What an editor who may not read the inbox (in EDITOR_EMAILS, not INBOX_EMAILS) sees on the
 * inbox, a person's data or the backups: what the page is, and the way back (a 403, not the
 * public "Page not found").
 */
export function ReadersOnly() {
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      {/* The root's error boundary has no route meta of its own: React puts this in the head. */}
      <title>{`Only for the people who read enquiries | ${practice.name}`}</title>
      <p className="eyebrow">Website editor</p>
      <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">
        This page is for the people who read enquiries
      </h1>
      <p className="mt-4 text-lg leading-relaxed">
        Your address may edit the website, but not read what visitors sent: enquiries, bookings, a
        person’s data and backups are only for the addresses the practice chose for them. If you
        need them, ask whoever runs the website to add your address to the readers.
      </p>
      <Link to="/admin" className="btn-primary mt-8">
        Back to the editor
      </Link>
    </section>
  );
}
