import { MessageCircle, Phone } from "~/components/icons";
import { useSite, whatsappLink } from "~/lib/site";

/** The practice's phone numbers and WhatsApp, for whatever a page cannot do by itself. */
export function ReachUs({ message }: { message: string }) {
  const site = useSite();
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {site.phones.map((p) => (
        <a key={p.e164} href={`tel:${p.e164}`} className="btn-outline">
          <Phone aria-hidden="true" className="size-5" /> {p.display}
        </a>
      ))}
      {site.whatsappNumber && (
        <a
          href={whatsappLink(site, message)}
          className="btn-secondary"
          rel="noopener noreferrer"
          target="_blank"
        >
          <MessageCircle aria-hidden="true" className="size-5" /> WhatsApp us
        </a>
      )}
    </div>
  );
}
