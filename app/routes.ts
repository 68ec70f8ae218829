import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { documentIds, documents } from "./content/documents";

// The site map at a glance (SPEC.md section 2). Paths match case-insensitively; the server
// redirects capitalised variants such as the nav's /Contact to their lower-case page.
export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("heal", "routes/heal.tsx"),
  // Misspelt on purpose: it is the client's published URL.
  route("marraige-with-a-map", "routes/marriage-with-a-map.tsx"),
  route("hidden-thread", "routes/hidden-thread.tsx"),
  route("hidden-thread/:id", "routes/hidden-thread-story.tsx"),
  route("test", "routes/test.tsx"),
  route("about", "routes/about.tsx"),
  route("team", "routes/team.tsx"),
  route("values", "routes/values.tsx"),
  route("testimonials", "routes/testimonials.tsx"),
  route("marriage-tips", "routes/marriage-tips.tsx"),
  route("dating-tips", "routes/dating-tips.tsx"),
  route("contact", "routes/contact.tsx"),
  route("schedule", "routes/schedule.tsx"),
  // A booking's change-or-cancel page (issue 42; BOOKINGS=native, else the 404's).
  route("bookings/:token", "routes/booking-link.tsx"),
  route("book", "routes/book.tsx"),
  route("faq", "routes/faq.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  // Shown by the service worker for a page never read while the network is down; not in the sitemap.
  route("offline", "routes/offline.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/books", "routes/api.books.ts"),
  // The practice's editor (issue 24): its own bundle; a 404 while EDITOR_EMAILS is unset.
  route("admin", "routes/admin/index.tsx"),
  route("admin/sign-in", "routes/admin/sign-in.tsx"),
  route("admin/sign-out", "routes/admin/sign-out.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  route("admin/account", "routes/admin/account.tsx"),
  route("admin/confirm", "routes/admin/confirm.tsx"),
  route("admin/passkeys", "routes/admin/passkeys.ts"),
  route("admin/passkey-sign-in", "routes/admin/passkey-sign-in.ts"),
  // What visitors sent (issue 30): only for INBOX_EMAILS, else the 404 (docs/decisions/033).
  route("admin/inbox", "routes/admin/inbox.tsx"),
  route("admin/inbox/csv", "routes/admin/inbox-csv.ts"),
  route("admin/inbox/:id", "routes/admin/inbox-item.tsx"),
  route("admin/people", "routes/admin/people.tsx"),
  route("admin/people/download", "routes/admin/people-download.ts"),
  route("admin/backups", "routes/admin/backups.tsx"),
  route("admin/bookings", "routes/admin/bookings.tsx"),
  route("admin/bookings/new", "routes/admin/bookings-new.tsx"),
  route("admin/bookings/:id", "routes/admin/bookings-item.tsx"),
  route("admin/backups/download", "routes/admin/backups-download.ts"),
  route("admin/photos", "routes/admin/photos.ts"),
  // Bookings the practice owns (BOOKINGS=native, issue 42): each counsellor's hours and calendars.
  route("admin/booking-settings", "routes/admin/booking-settings.tsx"),
  route("admin/booking-settings/:counsellorId", "routes/admin/booking-settings-counsellor.tsx"),
  // Each document's editor page is a route of its own, not only the `admin/*` below: a form sent
  // to an address the browser's router matched by a wildcard first asks the site which route it
  // is (React Router's route discovery), and offline that question failed to the error page
  // instead of the editor's "You are offline… kept on this device". With Save-Data on, React
  // Router never asks ahead of time.
  ...documentIds.map((doc) =>
    route(documents[doc].adminPath.slice(1), "routes/admin/editor.tsx", {
      id: `routes/admin/editor/${doc}`,
    }),
  ),
  route("admin/*", "routes/admin/editor.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
