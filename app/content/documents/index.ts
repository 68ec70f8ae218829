import type { z } from "zod";
import { aboutDocument, shippedAbout } from "./about";
import { bookDocument, shippedBook } from "./book";
import { datingTipsDocument, shippedDatingTips } from "./dating-tips";
import { faqDocument, shippedFaq } from "./faq";
import { healDocument, shippedHeal } from "./heal";
import { hiddenThreadDocument, shippedHiddenThread } from "./hidden-thread";
import { homeDocument, shippedHome } from "./home";
import { mapDocument, shippedMap } from "./map";
import { marriageTipsDocument, shippedMarriageTips } from "./marriage-tips";
import { newsletterDocument, shippedNewsletter } from "./newsletter";
import { privacyDocument, shippedPrivacy } from "./privacy";
import { scheduleDocument, shippedSchedule } from "./schedule";
import { servicesDocument, shippedServices } from "./services";
import { shippedSite, siteDocument } from "./site";
import { shippedTeam, teamDocument } from "./team";
import { shippedTestimonials, testimonialsDocument } from "./testimonials";
import { shippedValues, valuesDocument } from "./values";

/**
 * The practice's content as documents, one file each in this folder: its zod schema (made of the
 * field kinds in ../fields.ts), its /admin path and the public pages it appears on, and the
 * shipped first version. The server keeps every published version in the database
 * (server/content/); routes read the published value from their load context, never from these
 * modules, so a publish shows without a rebuild. The same schema checks an edit and renders the
 * page (docs/decisions/027).
 */

/** Every document, in the order /admin lists them. */
export const documents = {
  home: homeDocument,
  services: servicesDocument,
  about: aboutDocument,
  map: mapDocument,
  book: bookDocument,
  team: teamDocument,
  faq: faqDocument,
  hiddenThread: hiddenThreadDocument,
  heal: healDocument,
  marriageTips: marriageTipsDocument,
  datingTips: datingTipsDocument,
  values: valuesDocument,
  privacy: privacyDocument,
  schedule: scheduleDocument,
  newsletter: newsletterDocument,
  testimonials: testimonialsDocument,
  site: siteDocument,
} as const;

export type DocumentId = keyof typeof documents;
export const documentIds = Object.keys(documents) as DocumentId[];

export type SiteContent = { [K in DocumentId]: z.infer<(typeof documents)[K]["schema"]> };

export function isDocumentId(value: string): value is DocumentId {
  return Object.hasOwn(documents, value);
}

/** The document edited at an /admin path, e.g. "/admin/book" → "book". */
export function documentAt(adminPath: string): DocumentId | undefined {
  const path = adminPath.toLowerCase().replace(/\/+$/, "");
  return documentIds.find((id) => documents[id].adminPath === path);
}

/** Whether a document's change shows on a public path. */
export function documentShowsOn(doc: DocumentId, path: string): boolean {
  return documents[doc].paths.some(
    (p) => p === "*" || p === path || (p.endsWith("/*") && path.startsWith(p.slice(0, -1))),
  );
}

/**
 * A stored version as the editor shows it: the fields added since it was saved (a page's words)
 * filled in with the words its pages showed, the ones the site came with. A value that no longer
 * fits its schema is left as it is.
 */
export function withShippedWords(doc: DocumentId, value: unknown): unknown {
  const parsed = documents[doc].schema.safeParse(value);
  return parsed.success ? parsed.data : value;
}

/** The content that comes with the site: version 1 of a fresh database. */
export function shippedContent(now = new Date()): SiteContent {
  return {
    site: shippedSite(),
    home: shippedHome(),
    services: shippedServices(),
    about: shippedAbout(),
    map: shippedMap(),
    book: shippedBook(),
    team: shippedTeam(),
    faq: shippedFaq(),
    hiddenThread: shippedHiddenThread(now),
    heal: shippedHeal(),
    marriageTips: shippedMarriageTips(),
    datingTips: shippedDatingTips(),
    values: shippedValues(),
    privacy: shippedPrivacy(),
    schedule: shippedSchedule(),
    newsletter: shippedNewsletter(),
    testimonials: shippedTestimonials(),
  };
}
