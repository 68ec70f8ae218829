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

/**
 * A route's `meta` export for a page of app/content/pages.ts. `describe` makes the description
 * from the page's own loader data, for a page whose words carry a price or a date.
 */
export function metaFor<D = unknown>(
  page: { path: string; title: string; description: string },
  noindex = false,
  describe?: (loaderData: D) => string,
) {
  return ({
    matches,
    loaderData,
  }: {
    matches: ReadonlyArray<MatchWithData | undefined>;
    loaderData?: D;
  }) =>
    seoMeta({
      ...page,
      description: describe && loaderData ? describe(loaderData) : page.description,
      siteUrl: siteUrlFrom(matches),
      noindex,
    });
}
