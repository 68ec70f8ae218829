import { documentIds, documentShowsOn } from "~/content/documents";
import { pages } from "~/content/pages";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const paths = [
    ...Object.values(pages)
      .filter((p) => p.inSitemap)
      .map((p) => p.path),
    ...context.content.hiddenThread.stories.map((s) => `/hidden-thread/${s.id}`),
    // The editor is never listed (issue 24), whatever pages.ts says.
  ].filter((p) => p !== "/admin" && !p.startsWith("/admin/"));
  const urls = paths
    .map((p) => {
      const lastmod = lastModified(p, context.contentPublishedAt);
      const loc = `<loc>${escapeXml(context.siteUrl + p)}</loc>`;
      return lastmod ? `  <url>${loc}<lastmod>${lastmod}</lastmod></url>` : `  <url>${loc}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

/**
 * When a page last changed: the latest publish of the documents it shows. Pages showing only the
 * content the site came with have no date to give (the site-wide contact details are left out,
 * or one phone number would date every page).
 */
function lastModified(
  path: string,
  publishedAt: Route.LoaderArgs["context"]["contentPublishedAt"],
) {
  const dates = documentIds
    .filter((doc) => doc !== "site" && documentShowsOn(doc, path))
    .map((doc) => publishedAt[doc])
    .filter((date) => date && date > "1971")
    .sort();
  return dates.at(-1)?.slice(0, 10);
}

function escapeXml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
