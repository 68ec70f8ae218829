import { data, redirect } from "react-router";
import { PasskeySignIn } from "~/components/admin/PasskeySignIn";
import { practice } from "~/content/site";
import { safeBack } from "~/lib/admin/step-up";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/confirm";

/**
 * /admin/confirm?back=…: the step-up by passkey (docs/decisions/040). A download or a person's
 * data needs a sign-in from the last 15 minutes; an address with a passkey meets it here with one
 * touch (a new passkey session), then returns to the page it came from.
 */

export const handle: RouteHandle = { hydrate: true, editor: true };

export function headers() {
  return editorHeaders;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = editorServices(context);
  const access = await auth.access(request);
  if (!access) throw redirect("/admin", { headers: editorHeaders });
  if (access.recovery) throw redirect("/admin/account", { headers: editorHeaders });
  const back = safeBack(new URL(request.url).searchParams.get("back"));
  return data({ back, email: access.email }, { headers: editorHeaders });
}

export function meta() {
  return [
    { title: `Confirm it is you | ${practice.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  const { back, email } = loaderData;
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href={back} className="font-semibold text-teal-900 underline">
          Back to where you were
        </a>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">Confirm it is you</h1>
      <p className="mt-2 break-all text-muted">
        Signed in as <span className="font-semibold text-ink">{email}</span>.
      </p>
      <p className="mt-2">
        Downloads and a person’s data need a sign-in from the last 15 minutes. Touch your passkey
        and you go straight back.
      </p>
      <PasskeySignIn
        afterSignIn={back}
        linkBelow={false}
        heading="Touch your passkey"
        buttonLabel="Confirm with your passkey"
      />
    </div>
  );
}
