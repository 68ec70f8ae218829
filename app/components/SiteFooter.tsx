import { Mail, MapPin, Phone } from "~/components/icons";
import { Link } from "react-router";
import { footerQuickLinks } from "~/content/nav";
import { footerNewsletter, practice } from "~/content/site";
import { fullAddress, mapSearchUrl, useCopyrightYear, useSite } from "~/lib/site";
import { useAnalyticsConfigured } from "./ConsentBanner";
import { LogoMark } from "./Logo";
import { SocialLinks } from "./SocialLinks";
import { NewsletterForm } from "./forms/NewsletterForm";

/** `newsletter={false}` on the editor's pages, whose one form is the editor's own. */
export function SiteFooter({ newsletter = true }: { newsletter?: boolean }) {
  const site = useSite();
  const year = useCopyrightYear();
  const analytics = useAnalyticsConfigured();
  // `grow`, not `mt-auto`: on a short page the footer fills the screen's foot downwards from
  // under the page. Pushed to the bottom instead, a footer painted before all of it had come moved
  // up as the rest arrived (CLS 0.028 on /thank-you on a loaded machine). Never `below-fold`:
  // undrawn, its light words read to axe and Lighthouse as on the page's cream (Accessibility 96
  // on every long page), for 10–14 ms of a first layout.
  return (
    <footer className="grow bg-teal-950 text-teal-50">
      {newsletter && (
        <section aria-labelledby="footer-newsletter" className="border-b border-teal-900">
          <div className="container-page grid gap-6 py-10 lg:grid-cols-2 lg:items-center">
            <div>
              <h2 id="footer-newsletter" className="font-display text-2xl font-semibold text-white">
                {site.newsletter.heading || footerNewsletter.heading}
              </h2>
              <p className="mt-2 max-w-md text-teal-100">
                {site.newsletter.text || footerNewsletter.text}
              </p>
            </div>
            <NewsletterForm id="footer" compact />
          </div>
        </section>
      )}
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2 lg:pr-12">
          <p className="flex items-center gap-2.5 font-display text-xl font-semibold text-white">
            <LogoMark className="size-10" />
            {practice.name}
          </p>
          <p className="mt-4 max-w-md leading-relaxed text-teal-100">
            {site.blurb || practice.blurb}
          </p>
          <h2 className="mt-6 font-sans text-sm font-semibold tracking-widest text-white uppercase">
            Follow us
          </h2>
          <SocialLinks variant="footer" />
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2
            id="footer-quick-links"
            className="font-sans text-sm font-semibold tracking-widest text-white uppercase"
          >
            {site.quickLinks.heading}
          </h2>
          <ul className="mt-3 space-y-1">
            {footerQuickLinks(site.quickLinks).map((link) => (
              <li key={link.path}>
                <Link
                  to={link.path}
                  className="inline-block py-1.5 text-teal-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-gold"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="font-sans text-sm font-semibold tracking-widest text-white uppercase">
            Contact
          </h2>
          <address className="mt-3 space-y-3 not-italic">
            <ul className="space-y-1">
              {site.phones.map((p) => (
                <li key={p.e164}>
                  <a
                    href={`tel:${p.e164}`}
                    className="inline-flex items-center gap-2 py-1 text-teal-100 hover:text-white focus-visible:outline-gold"
                  >
                    <Phone aria-hidden="true" className="size-4 shrink-0" />
                    {p.display}
                  </a>
                </li>
              ))}
              {site.emails.map((email) => (
                <li key={email}>
                  <a
                    href={`mailto:${email}`}
                    className="inline-flex items-center gap-2 py-1 break-all text-teal-100 hover:text-white focus-visible:outline-gold"
                  >
                    <Mail aria-hidden="true" className="size-4 shrink-0" />
                    {email}
                  </a>
                </li>
              ))}
            </ul>
            <a
              href={mapSearchUrl(site)}
              rel="noopener noreferrer"
              target="_blank"
              className="flex gap-2 text-teal-100 hover:text-white focus-visible:outline-gold"
            >
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <span>
                {fullAddress(site)}
                <span className="sr-only"> (opens a map in a new tab)</span>
              </span>
            </a>
          </address>
        </div>
      </div>
      <div className="border-t border-teal-900">
        <div className="container-page flex flex-col gap-2 py-5 text-sm text-teal-100 sm:flex-row sm:items-center sm:justify-between">
          <p>{`© ${year === undefined ? "" : `${year} `}${practice.name}. All rights reserved.`}</p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {analytics && (
              // app/enhance/consent.ts shows the banner again.
              <button
                type="button"
                data-consent-reopen=""
                className="text-teal-100 underline-offset-4 hover:text-white hover:underline"
              >
                Cookie settings
              </button>
            )}
            <Link
              to="/privacy"
              className="text-teal-100 hover:text-white focus-visible:outline-gold"
            >
              Privacy Policy
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
