import { redirect } from "react-router";
import { readPasskeySignIn } from "~/lib/admin/passkey-form";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { Route } from "./+types/passkey-sign-in";

/**
 * /admin/passkey-sign-in: the "Sign in with a passkey" button's two posts (docs/decisions/031).
 * `intent=options` gives a challenge; `intent=verify` checks the passkey's answer to it and, when
 * it holds, starts a session (its cookie in this answer). Posted without a session, so it is one
 * of the guard's open posts: same-origin, a few KB at most, counted per network.
 */

export async function loader({ context }: Route.LoaderArgs) {
  editorServices(context);
  return redirect("/admin", { headers: editorHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = editorServices(context);
  if (!auth.passkeysOn)
    return Response.json({ status: "off" }, { status: 404, headers: editorHeaders });
  const form = await request.formData();
  if (form.get("intent") === "options") {
    const asked = await auth.passkeySignInOptions(request, context.clientIp);
    if (asked.status === "rate-limited") return tooMany(asked.retryAfterSeconds);
    return Response.json({ options: asked.options }, { headers: editorHeaders });
  }
  const result = await auth.signInWithPasskey(request, readPasskeySignIn(form), context.clientIp);
  if (result.status === "rate-limited") return tooMany(result.retryAfterSeconds);
  if (result.status === "refused")
    return Response.json({ status: "refused" }, { status: 403, headers: editorHeaders });
  if (result.status === "pending")
    return Response.json(
      { status: "pending", until: result.until },
      { status: 403, headers: editorHeaders },
    );
  const headers = new Headers(result.headers);
  for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
  return Response.json({ status: "signed-in" }, { headers });
}

function tooMany(retryAfterSeconds: number) {
  return Response.json(
    { status: "rate-limited", retryAfterSeconds },
    { status: 429, headers: { ...editorHeaders, "Retry-After": String(retryAfterSeconds) } },
  );
}
