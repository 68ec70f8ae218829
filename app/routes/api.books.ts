import { bookResource } from "~/lib/books";
import type { Route } from "./+types/api.books";

/** GET /api/books/: the practice's books as JSON (the original site's backend call, SPEC.md §7). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json([bookResource(context.content.book, context.siteUrl)], {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600" },
  });
}
