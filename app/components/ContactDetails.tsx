import { Clock, Heart, Mail, MapPin, MessageCircle, Phone } from "~/components/icons";
import { practice } from "~/content/site";
import { fullAddress, mapSearchUrl, useSite, whatsappLink } from "~/lib/site";
import { OfficeHours } from "./OfficeHours";
import { OpenNow } from "./OpenNow";
import { SocialLinks } from "./SocialLinks";

/** The published headings of the contact details (app/content/page-words.ts). */
export interface ContactDetailsWords {
  call: string;
  email: string;
  visit: string;
  hours: string;
  follow: string;
  whatsapp: string;
}

/** Phones, e-mails, address, office hours and social links, as shown on the contact page. */
export function ContactDetails({ words }: { words: ContactDetailsWords }) {
  const site = useSite();
  return (
    <div className="space-y-6">
      <div>
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Phone aria-hidden="true" className="size-5 text-clay-600" /> {words.call}
        </h2>
        <ul className="mt-2 space-y-1">
          {site.phones.map((p) => (
            <li key={p.e164}>
              <a href={`tel:${p.e164}`} className="text-lg font-semibold text-teal-800">
                {p.display}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Mail aria-hidden="true" className="size-5 text-clay-600" /> {words.email}
        </h2>
        <ul className="mt-2 space-y-1">
          {site.emails.map((e) => (
            <li key={e}>
              <a href={`mailto:${e}`} className="break-all text-teal-800">
                {e}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <MapPin aria-hidden="true" className="size-5 text-clay-600" /> {words.visit}
        </h2>
        <a
          href={mapSearchUrl(site)}
          className="mt-2 block text-teal-800"
          rel="noopener noreferrer"
          target="_blank"
        >
          {fullAddress(site)}
          <span className="sr-only"> (opens a map in a new tab)</span>
        </a>
      </div>
      <div>
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Clock aria-hidden="true" className="size-5 text-clay-600" /> {words.hours} (
          {practice.timeZoneLabel})
        </h2>
        <OpenNow />
        <OfficeHours />
      </div>
      <div>
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Heart aria-hidden="true" className="size-5 text-clay-600" /> {words.follow}
        </h2>
        <SocialLinks variant="page" />
      </div>
      <a
        href={whatsappLink(site)}
        className="btn-secondary"
        rel="noopener noreferrer"
        target="_blank"
      >
        <MessageCircle aria-hidden="true" className="size-5" /> {words.whatsapp}
      </a>
    </div>
  );
}
