import { redirect } from "react-router";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { Route } from "./+types/sign-out";

/** /admin/sign-out: the "Sign out" button posts here; the session ends on the server. */

export async function loader({ context }: Route.LoaderArgs) {
  editorServices(context);
  // Signing out is a POST: a GET (a prefetch, a typed address) changes nothing.
  return redirect("/admin", { headers: editorHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = editorServices(context);
  const { headers: cookie } = await auth.signOut(request);
  const headers = new Headers(cookie);
  for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
  // Unsent words kept on this device (localStorage) go too: a shared computer keeps nothing.
  headers.set("Clear-Site-Data", '"storage"');
  return redirect("/admin", { status: 303, headers });
}

/**
 * Never shown: the loader and the action always redirect. A page of its own (not a resource
 * route) so that while editing is off this address answers the site's 404 page like the others.
 */
export default function SignOut() {
  return null;
}
