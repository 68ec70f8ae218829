import { data, redirect } from "react-router";
import { SignInLink } from "~/components/admin/SignInLink";
import { practice } from "~/content/site";
import { safeBack } from "~/lib/admin/step-up";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/sign-in";

/**
 * /admin/sign-in?token=…: the e-mailed link. A GET only shows what the link is and a "Sign in"
 * button (mail scanners open links); the button's POST uses it up and starts a session.
 */

export const handle: RouteHandle = { hydrate: true, editor: true };

export function headers() {
  return editorHeaders;
}

const tokenIn = (url: string) => (new URL(url).searchParams.get("token") ?? "").slice(0, 100);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = editorServices(context);
  const token = tokenIn(request.url);
  const state = await auth.inspectLink(token, request, context.clientIp);
  return data(
    { state, token: state.status === "valid" ? token : "", passkeysOn: auth.passkeysOn },
    { status: state.status === "invalid" ? 410 : 200, headers: editorHeaders },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = editorServices(context);
  const form = await request.formData();
  const token = String(form.get("token") ?? tokenIn(request.url)).slice(0, 100);
  const result = await auth.signIn(token, request, context.clientIp);
  if (result.status === "signed-in") {
    const headers = new Headers(result.headers);
    for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
    // An editor with a passkey lands where the link alone may take them (docs/decisions/031); a
    // step-up's link returns to the page and search she was on.
    const to = result.recovery ? "/admin/account" : safeBack(result.next);
    return redirect(to, { status: 303, headers });
  }
  return data(
    { state: result, token: "", passkeysOn: auth.passkeysOn },
    { status: result.status === "invalid" ? 410 : 409, headers: editorHeaders },
  );
}

export function meta({ error }: Route.MetaArgs) {
  return [
    { title: `${error ? "Page not found" : "Sign in"} | ${practice.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return <SignInLink state={shown.state} token={shown.token} passkeysOn={shown.passkeysOn} />;
}
