import { data, redirect } from "react-router";
import { readerAccess } from "~/lib/admin/access.server";
import { stepUpQuery } from "~/lib/admin/step-up";
import type { Route } from "./+types/backups-download";

/**
 * Hands over one backup file (POST, from /admin/backups). A backup holds every enquiry and
 * payment: it needs a sign-in within the last 15 minutes (else a fresh link is mailed and the
 * page says so), and every download is written to the audit list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, reader } = await readerAccess(context, request);
  const name = String((await request.formData()).get("name") ?? "");
  const step = await services.auth.stepUp(reader, request, context.clientIp, "/admin/backups");
  if (step.status !== "recent") {
    const headers = step.status === "sent" ? step.headers : undefined;
    throw redirect(`/admin/backups?${stepUpQuery(step)}`, { headers });
  }
  const file = await services.backups.open(name, reader.email);
  if (!file) throw data(null, { status: 404 });
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.bytes),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await readerAccess(context, request);
  throw redirect("/admin/backups");
}
