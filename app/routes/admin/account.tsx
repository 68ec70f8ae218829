import { data, redirect } from "react-router";
import { AccountDevices } from "~/components/admin/AccountDevices";
import { practice } from "~/content/site";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/account";

/**
 * /admin/account: the devices this editor is signed in on, and signing out any other one, or
 * everywhere (issue 29, L3).
 */

export const handle: RouteHandle = { hydrate: true, editor: true };

export function headers() {
  return editorHeaders;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = editorServices(context);
  const editor = await auth.requireEditor(request);
  const devices = await auth.devices(request);
  return data({ email: editor.email, devices }, { headers: editorHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = editorServices(context);
  await auth.requireEditor(request);
  const form = await request.formData();
  if (form.get("intent") === "end-all") {
    const { headers: cookie } = await auth.endEverywhere(request);
    const headers = new Headers(cookie);
    for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
    headers.set("Clear-Site-Data", '"storage"');
    return redirect("/admin", { status: 303, headers });
  }
  const id = String(form.get("id") ?? "").slice(0, 64);
  const ended = await auth.endDevice(request, id);
  return data({ ended }, { status: ended ? 200 : 409, headers: editorHeaders });
}

export function meta({ error }: Route.MetaArgs) {
  return [
    { title: `${error ? "Page not found" : "Your signed-in devices"} | ${practice.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountDevices
      email={loaderData.email}
      devices={loaderData.devices}
      outcome={actionData ? (actionData.ended ? "ended" : "not-ended") : undefined}
    />
  );
}
