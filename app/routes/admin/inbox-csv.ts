import { readerAccess } from "~/lib/admin/access.server";
import { filterFromUrl } from "~/lib/admin/inbox-filter";
import type { Route } from "./+types/inbox-csv";

/**
 * /admin/inbox/csv: the CSV of the inbox's current filter, streamed a chunk at a time (50,000 rows
 * never sit in memory), each cell made safe by server/inbox/csv.ts. Audited. One kind gives that kind's
 * columns from `npm run export`; every kind, one file with a kind column (docs/decisions/033).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox, reader } = await readerAccess(context, request);
  const { filter } = filterFromUrl(request.url);
  const pieces = inbox.csv(filter, reader)[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return?.();
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  const name = filter.kind ? `inbox-${filter.kind}-${day}` : `inbox-${day}`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
