import type { Book } from "~/content/book";
import { practice, mapSearchUrl } from "~/content/site";
import type { FaqItem } from "~/content/types";
import { imageMeta } from "./images";

/** schema.org descriptions of the practice, its FAQ and its book, for search results. */

const schemaDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function practiceJsonLd(siteUrl: string) {
  const a = practice.address;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: practice.name,
    description: practice.blurb,
    url: `${siteUrl}/`,
    image: `${siteUrl}/og-image.png`,
    logo: `${siteUrl}/icon-512.png`,
    telephone: practice.phones.map((p) => p.e164),
    email: practice.emails,
    priceRange: "₦₦",
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.region,
      addressCountry: a.countryCode,
    },
    areaServed: ["Lagos", "Nigeria", "Worldwide (online)"],
    openingHoursSpecification: practice.openingHours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.days.map((d) => schemaDays[d - 1]),
        // Times are local to Lagos (WAT, UTC+1); schema.org reads them as the venue's local time.
        opens: h.opens,
        closes: h.closes,
      })),
    sameAs: practice.social.map((s) => s.url),
    hasMap: mapSearchUrl(),
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

export function bookJsonLd(book: Book, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: book.title,
    description: book.summary,
    image: absoluteImageUrl(siteUrl, book.cover),
    brand: { "@type": "Brand", name: practice.name },
    author: { "@type": "Person", name: book.author },
    offers: {
      "@type": "Offer",
      price: String(book.price),
      priceCurrency: book.currency,
      availability: "https://schema.org/InStock",
      url: book.buyUrl,
    },
  };
}
