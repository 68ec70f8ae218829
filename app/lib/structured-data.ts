import type { SiteContent } from "~/content/documents";
import { practice } from "~/content/site";
import type { FaqItem } from "~/content/types";
import { imageMeta } from "./images";
import { type SiteDetails, mapSearchUrl } from "./site";

/** schema.org descriptions of the practice, its FAQ and its book, for search results. */

const schemaDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function practiceJsonLd(siteUrl: string, site: SiteDetails) {
  const a = site.address;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: practice.name,
    description: site.blurb || practice.blurb,
    url: `${siteUrl}/`,
    image: `${siteUrl}/og-image.png`,
    logo: `${siteUrl}/icon-512.png`,
    telephone: site.phones.map((p) => p.e164),
    email: site.emails,
    priceRange: "₦₦",
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.region,
      addressCountry: practice.address.countryCode,
    },
    areaServed: ["Lagos", "Nigeria", "Worldwide (online)"],
    openingHoursSpecification: site.openingHours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.days.map((d) => schemaDays[d - 1]),
        // Times are local to Lagos (WAT, UTC+1); schema.org reads them as the venue's local time.
        opens: h.opens,
        closes: h.closes,
      })),
    sameAs: site.social.map((s) => s.url),
    hasMap: mapSearchUrl(site),
  };
}

export function faqJsonLd(faqs: FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

/**
 * An image's fallback WebP (at least 640 px wide when generated), as an absolute URL; the site's
 * sharing picture for a key that names no image.
 */
export function absoluteImageUrl(siteUrl: string, key: string): string {
  return `${siteUrl}${imageMeta(key)?.src ?? "/og-image.png"}`;
}

export function bookJsonLd(book: SiteContent["book"], siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: book.title,
    description: book.summary,
    image: absoluteImageUrl(siteUrl, book.cover.key),
    brand: { "@type": "Brand", name: practice.name },
    author: { "@type": "Person", name: book.author },
    offers: {
      "@type": "Offer",
      price: String(book.price),
      priceCurrency: "NGN",
      availability: "https://schema.org/InStock",
      url: book.buyUrl,
    },
  };
}
