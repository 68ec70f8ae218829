import { pages } from "~/content/pages";
import { stories } from "~/content/stories";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const paths = [
    ...Object.values(pages)
      .filter((p) => p.inSitemap)
      .map((p) => p.path),
    ...stories.map((s) => `/hidden-thread/${s.id}`),
    // The editor is never listed (issue 24), whatever pages.ts says.
  ].filter((p) => p !== "/admin" && !p.startsWith("/admin/"));
  const urls = paths
    .map((p) => `  <url><loc>${escapeXml(context.siteUrl + p)}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

function escapeXml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
