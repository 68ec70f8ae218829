import { redirect } from "react-router";
import { readPasskeyRegistration } from "~/lib/admin/passkey-form";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { Route } from "./+types/passkeys";

/**
 * /admin/passkeys: the "Set up a passkey" button's two posts (docs/decisions/031), for a signed-in
 * address (a full session, or the recovery session of an e-mailed link). `intent=options` gives a
 * challenge for this address; `intent=register` checks the new passkey's answer and keeps it.
 * Removing one is a plain form on /admin/account, which works without JavaScript.
 */

export async function loader({ context }: Route.LoaderArgs) {
  editorServices(context);
  return redirect("/admin/account", { headers: editorHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = editorServices(context);
  if (!auth.passkeysOn)
    return Response.json({ status: "off" }, { status: 404, headers: editorHeaders });
  const form = await request.formData();
  if (form.get("intent") === "options") {
    const options = await auth.passkeyRegistrationOptions(request);
    if (!options)
      return Response.json({ status: "signed-out" }, { status: 401, headers: editorHeaders });
    return Response.json({ options }, { headers: editorHeaders });
  }
  const answer = readPasskeyRegistration(form);
  const result = answer
    ? await auth.registerPasskey(request, answer, context.clientIp)
    : ({ status: "refused" } as const);
  return Response.json(result, {
    status: result.status === "registered" ? 200 : 403,
    headers: editorHeaders,
  });
}
