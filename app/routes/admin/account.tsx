import { data, redirect } from "react-router";
import { AccountDevices } from "~/components/admin/AccountDevices";
import { AccountRecovery } from "~/components/admin/AccountRecovery";
import type { PasskeyRemoval } from "~/components/admin/AccountPasskeys";
import { practice } from "~/content/site";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/account";

/**
 * /admin/account: the devices this editor is signed in on, and signing out any other one, or
 * everywhere (issue 29, L3); their passkeys (docs/decisions/031). In a recovery session (an
 * e-mailed link of an editor who has a passkey) only the passkeys are here.
 */

export const handle: RouteHandle = { hydrate: true, editor: true };

export function headers() {
  return editorHeaders;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = editorServices(context);
  const access = await auth.access(request);
  if (access?.recovery) {
    const passkeys = await auth.passkeys(request);
    return data(
      { recovery: true as const, email: access.email, passkeys },
      { headers: editorHeaders },
    );
  }
  const editor = await auth.requireEditor(request);
  const [devices, passkeys] = await Promise.all([auth.devices(request), auth.passkeys(request)]);
  return data(
    {
      recovery: false as const,
      email: editor.email,
      devices,
      passkeys,
      passkeysOn: auth.passkeysOn,
    },
    { headers: editorHeaders },
  );
}

type Outcome = { ended?: boolean; removal?: PasskeyRemoval };

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = editorServices(context);
  const access = await auth.access(request);
  if (!access?.recovery) await auth.requireEditor(request);
  const form = await request.formData();
  if (form.get("intent") === "remove-passkey") {
    const removal = await auth.removePasskey(
      request,
      String(form.get("passkey") ?? "").slice(0, 1400),
    );
    return data<Outcome>(
      { removal },
      { status: removal === "removed" ? 200 : 409, headers: editorHeaders },
    );
  }
  // A recovery session changes passkeys only.
  if (access?.recovery) return data<Outcome>({}, { status: 403, headers: editorHeaders });
  if (form.get("intent") === "end-all") {
    const { headers: cookie } = await auth.endEverywhere(request);
    const headers = new Headers(cookie);
    for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
    headers.set("Clear-Site-Data", '"storage"');
    return redirect("/admin", { status: 303, headers });
  }
  const id = String(form.get("id") ?? "").slice(0, 64);
  const ended = await auth.endDevice(request, id);
  return data<Outcome>({ ended }, { status: ended ? 200 : 409, headers: editorHeaders });
}

export function meta({ error, loaderData }: Route.MetaArgs) {
  const title = error
    ? "Page not found"
    : loaderData?.recovery
      ? "Look after your passkeys"
      : "Your signed-in devices";
  return [{ title: `${title} | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.recovery)
    return (
      <AccountRecovery
        email={loaderData.email}
        passkeys={loaderData.passkeys}
        removal={actionData?.removal}
      />
    );
  return (
    <AccountDevices
      email={loaderData.email}
      devices={loaderData.devices}
      outcome={
        actionData?.ended === undefined ? undefined : actionData.ended ? "ended" : "not-ended"
      }
      passkeys={loaderData.passkeysOn ? loaderData.passkeys : undefined}
      removal={actionData?.removal}
    />
  );
}
