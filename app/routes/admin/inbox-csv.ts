import { redirect } from "react-router";
import { readerAccess } from "~/lib/admin/access.server";
import { filterFromUrl, filterQuery } from "~/lib/admin/inbox-filter";
import { stepUpQuery } from "~/lib/admin/step-up";
import type { Route } from "./+types/inbox-csv";

/**
 * /admin/inbox/csv: the CSV of the inbox's current filter, streamed a chunk at a time (50,000 rows
 * never sit in memory), each cell made safe by server/inbox/csv.ts. Audited. One kind gives that kind's
 * columns from `npm run export`; every kind, one file with a kind column (docs/decisions/033).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, inbox, reader } = await readerAccess(context, request);
  const { filter } = filterFromUrl(request.url);
  // Every enquiry at once: only with a sign-in from the last 15 minutes (ASVS 5 7.5.3); else
  // back to the inbox, which says how (a passkey touch, or the link just mailed).
  const query = filterQuery(filter);
  const step = await services.auth.stepUp(
    reader,
    request,
    context.clientIp,
    `/admin/inbox${query}`,
  );
  if (step.status !== "recent") {
    const headers = step.status === "sent" ? step.headers : undefined;
    throw redirect(`/admin/inbox${query}${query ? "&" : "?"}${stepUpQuery(step)}`, { headers });
  }
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
