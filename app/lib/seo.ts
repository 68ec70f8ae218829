import type { MetaDescriptor } from "react-router";
import { practice } from "~/content/site";

export interface SeoInput {
  title: string;
  description: string;
  /** the page's own path; the canonical URL is SITE_URL + path */
  path: string;
  siteUrl: string;
  noindex?: boolean;
  image?: string;
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title =
    input.path === "/" ? `${practice.name} | ${input.title}` : `${input.title} | ${practice.name}`;
  const url = `${input.siteUrl}${input.path}`;
  const image = `${input.siteUrl}${input.image ?? "/og-image.png"}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: practice.name },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${practice.name}: ${practice.tagline}` },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

/** SITE_URL as the root loader handed it to the page; "" before the root has data. */
export function siteUrlFrom(matches: ReadonlyArray<MatchWithData | undefined>): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { siteUrl?: string } | undefined;
  return data?.siteUrl ?? "";
}

/** What a page's loader says search results show of it (its document's "… in search results"). */
export interface SearchWords {
  title: string;
  /** absent or empty: the page's own description (pages.ts) */
  description?: string;
}

/**
 * A route's `meta` export for a page of app/content/pages.ts. The title and description are the
 * published ones its loader returns as `search`, when it does; pages.ts holds the words the site
 * came with.
 */
export function metaFor(
  page: { path: string; title: string; description: string },
  noindex = false,
) {
  return ({
    matches,
    loaderData,
  }: {
    matches: ReadonlyArray<MatchWithData | undefined>;
    loaderData?: unknown;
  }) => {
    const search = (loaderData as { search?: SearchWords } | undefined)?.search;
    return seoMeta({
      ...page,
      title: search?.title || page.title,
      description: search?.description || page.description,
      siteUrl: siteUrlFrom(matches),
      noindex,
    });
  };
}
