import { redirect } from "react-router";
import { readerAccess } from "~/lib/admin/access.server";
import { stepUpQuery } from "~/lib/admin/step-up";
import { editorHeaders } from "~/lib/editor";
import type { Route } from "./+types/people-download";

/**
 * POST /admin/people/download: one person's data as one JSON file (an access request), after the
 * step-up. Without a recent sign-in it mails a fresh link and goes back to /admin/people, which
 * says so. A resource route, so the file is the whole answer. Audited with record ids only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await readerAccess(context, request);
  return redirect("/admin/people");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, inbox, reader } = await readerAccess(context, request);
  const form = await request.formData();
  const queries = [
    ...new Set(
      form
        .getAll("q")
        .map((v) => String(v).trim().slice(0, 254))
        .filter(Boolean),
    ),
  ].slice(0, 8);
  const back = `/admin/people?${queries.map((q) => `q=${encodeURIComponent(q)}`).join("&")}`;
  const step = await services.auth.stepUp(reader, request, context.clientIp, back);
  if (step.status !== "recent") {
    const headers = new Headers(step.status === "sent" ? step.headers : undefined);
    return redirect(`${back}&${stepUpQuery(step)}`, { status: 303, headers });
  }
  const record = await inbox.findPerson(queries);
  if (!record) return redirect(back, 303);
  await inbox.auditPerson(reader, record, "people-download");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(record, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="their-data-${day}.json"`,
      ...editorHeaders,
    },
  });
}
