import { Clock, MapPin, MessageCircle, Phone } from "~/components/icons";
import { OfficeHours } from "~/components/OfficeHours";
import { PageHeader } from "~/components/PageHeader";
import { offlinePage } from "~/content/offline";
import { pages } from "~/content/pages";
import { practice } from "~/content/site";
import { metaFor } from "~/lib/seo";
import { fullAddress, useSite, whatsappLink } from "~/lib/site";

export const meta = metaFor(pages.offline, true);

/**
 * The offline page. The service worker keeps it at install and shows it, without its scripts, at
 * any address never read while there is no network: so everything here works without JavaScript
 * and without a connection (a phone call, a WhatsApp chat, the address to walk to).
 */
export default function Offline() {
  const site = useSite();
  return (
    <>
      <PageHeader eyebrow={offlinePage.eyebrow} title={offlinePage.title}>
        <p>{offlinePage.intro}</p>
      </PageHeader>
      <div className="container-page py-12">
        <div className="max-w-3xl">
          <div className="flex flex-wrap gap-3">
            {/* An empty href is this very address: the page asked for, which the service worker
              answered with this one. No script runs here, so it cannot be a button. */}
            {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
            <a href="" className="btn-primary">
              {offlinePage.tryAgain}
            </a>
            <a href="/" className="btn-outline">
              {offlinePage.home}
            </a>
          </div>
          <p className="mt-10 text-lg leading-relaxed">{offlinePage.reachUs}</p>
          <div className="mt-8 grid gap-8 sm:grid-cols-2">
            <section aria-labelledby="offline-call">
              <h2 id="offline-call" className="flex items-center gap-2 text-xl font-semibold">
                <Phone aria-hidden="true" className="size-5 text-clay-600" /> Call us
              </h2>
              <ul className="mt-2 space-y-1">
                {site.phones.map((p) => (
                  <li key={p.e164}>
                    <a
                      href={`tel:${p.e164}`}
                      className="inline-flex min-h-11 items-center text-lg font-semibold text-teal-800"
                    >
                      {p.display}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="offline-whatsapp">
              <h2 id="offline-whatsapp" className="flex items-center gap-2 text-xl font-semibold">
                <MessageCircle aria-hidden="true" className="size-5 text-clay-600" /> WhatsApp
              </h2>
              <a
                href={whatsappLink(site, offlinePage.whatsappMessage)}
                className="btn-secondary mt-3"
                rel="noopener noreferrer"
              >
                Chat with us on WhatsApp
              </a>
            </section>
            <section aria-labelledby="offline-hours">
              <h2 id="offline-hours" className="flex items-center gap-2 text-xl font-semibold">
                <Clock aria-hidden="true" className="size-5 text-clay-600" /> Office hours (
                {practice.timeZoneLabel})
              </h2>
              <OfficeHours />
            </section>
            <section aria-labelledby="offline-visit">
              <h2 id="offline-visit" className="flex items-center gap-2 text-xl font-semibold">
                <MapPin aria-hidden="true" className="size-5 text-clay-600" /> Visit us
              </h2>
              <p className="mt-2">{fullAddress(site)}</p>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
