import { useRouteLoaderData } from "react-router";
import type { SiteContent } from "~/content/documents";
import { menuWords, quickLinkWords } from "~/content/nav";

/**
 * The practice's contact details as published (the "Contact details" document): phones, e-mails,
 * address, office hours, social links and the WhatsApp number. The root loader hands them to
 * every page, so the shell shows an edit at once, everywhere. The words of the /contact page and
 * of the 404 page, kept in the same document, are not among them: only those pages' loaders read
 * them, so no other page carries them in its data.
 */
export type SiteDetails = Omit<SiteContent["site"], "contactPage" | "notFound">;

/** What every page gets of the "Contact details" document. */
export function shellDetails({
  contactPage: _contactPage,
  notFound: _notFound,
  ...site
}: SiteContent["site"]): SiteDetails {
  return site;
}

/**
 * Before the root loader has answered (an error screen), the shell shows no contact details, and
 * the menus the site came with.
 */
const NO_DETAILS: SiteDetails = {
  phones: [],
  emails: [],
  address: { street: "", city: "", region: "", country: "" },
  whatsappNumber: "",
  openingHours: [],
  emergencyNote: "",
  blurb: "",
  newsletter: { heading: "", text: "" },
  menu: menuWords,
  quickLinks: quickLinkWords,
  social: [],
};

export function useSite(): SiteDetails {
  const root = useRouteLoaderData("root") as { site?: SiteDetails } | undefined;
  return root?.site ?? NO_DETAILS;
}

/**
 * The year for the footer's "©", as the server read it in Lagos when the page was rendered
 * (app/lib/lagos-year.ts); undefined before the root loader has answered (an error screen).
 */
export function useCopyrightYear(): number | undefined {
  const root = useRouteLoaderData("root") as { year?: number } | undefined;
  return root?.year;
}

export function fullAddress(site: SiteDetails): string {
  const a = site.address;
  return `${a.street}, ${a.city}, ${a.country}`;
}

export function mapSearchUrl(site: SiteDetails): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(fullAddress(site))}`;
}

export function whatsappLink(site: SiteDetails, message?: string): string {
  const base = `https://wa.me/${site.whatsappNumber}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
