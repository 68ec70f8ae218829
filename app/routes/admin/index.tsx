import { data, redirect } from "react-router";
import { AdminHome } from "~/components/admin/AdminHome";
import { SignInPage } from "~/components/admin/SignInPage";
import { documentIds, documents } from "~/content/documents";
import { practice } from "~/content/site";
import { describeDocument } from "~/lib/admin/field-tree";
import { scheduleOutcome } from "~/lib/admin/schedule-outcome";
import { editorHeaders, editorServices } from "~/lib/editor";
import { signInRequestSchema } from "~/lib/editor-sign-in";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/index";

/**
 * /admin: signed out, the form that asks for a sign-in link (issue 24); signed in, the pages the
 * practice can edit and, for an address of INBOX_EMAILS, the way to what visitors sent. A 404 while
 * both EDITOR_EMAILS and INBOX_EMAILS are unset.
 */

// The editor works with React from the start; its own bundle, never on a public page.
export const handle: RouteHandle = { hydrate: true, editor: true };

/**
 * The action's Retry-After rides on a 429: React Router sends only what this function returns,
 * so it is copied here (issue 29, M2: the answer did not carry it).
 */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(editorHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, content } = editorServices(context);
  const access = await auth.access(request);
  // The link alone of an editor with a passkey opens only their passkeys (docs/decisions/031).
  if (access?.recovery) throw redirect("/admin/account", { headers: editorHeaders });
  if (access) {
    // Each address sees only what its lists allow (docs/decisions/033).
    const list = access.edit
      ? documentIds.map((id) => ({
          id,
          title: documents[id].title,
          adminPath: documents[id].adminPath,
        }))
      : [];
    const scheduleNotices = access.edit
      ? (await content.summary()).flatMap((s) =>
          s.settled.flatMap((v) => {
            const outcome = scheduleOutcome(v, describeDocument(documents[s.doc].schema));
            const { title, adminPath } = documents[s.doc];
            return outcome ? [{ title, adminPath, outcome }] : [];
          }),
        )
      : [];
    const inbox = access.inbox ? editorServices(context).inbox : undefined;
    const [newCount, attention] = inbox
      ? await Promise.all([inbox.newCount(), inbox.attention()])
      : [0, { failed: 0, held: 0 }];
    // After a sign-in by link, the offer to sign in with a fingerprint or face next time.
    const passkeys = auth.passkeysOn ? await auth.passkeys(request) : [];
    const passkeyOffer = auth.passkeysOn && access.edit && passkeys.length === 0;
    // A passkey set up from the e-mailed link alone waits a day; every full session is told here,
    // where each one lands, and may cancel it (docs/decisions/040).
    const waitingPasskeys = passkeys.filter((p) => p.pendingUntil);
    return data(
      {
        signedIn: true as const,
        passkeyOffer,
        waitingPasskeys,
        email: access.email,
        edit: access.edit,
        inbox: inbox ? { newCount, ...attention } : undefined,
        bookingSettings: !!inbox && !!editorServices(context).bookingSettings,
        documents: list,
        scheduleNotices,
      },
      { headers: editorHeaders },
    );
  }
  const params = new URL(request.url).searchParams;
  const sent = params.has("sent");
  const heldMinutes = Number(params.get("held"));
  const held = Number.isInteger(heldMinutes) && heldMinutes > 0 && heldMinutes <= 60;
  return data(
    {
      signedIn: false as const,
      sent,
      held: held ? heldMinutes : undefined,
      passkeysOn: auth.passkeysOn,
    },
    { headers: editorHeaders },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = editorServices(context);
  const form = await request.formData();
  const typed = String(form.get("email") ?? "");
  const parsed = signInRequestSchema.safeParse({ email: typed });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Please enter your e-mail address.";
    return data(
      { kind: "invalid" as const, email: typed.slice(0, 254), error },
      { status: 400, headers: editorHeaders },
    );
  }
  const result = await auth.requestLink(parsed.data.email, request, context.clientIp);
  if (result.status === "rate-limited") {
    return data(
      { kind: "rate-limited" as const, minutes: Math.ceil(result.retryAfterSeconds / 60) },
      {
        status: 429,
        headers: { ...editorHeaders, "Retry-After": String(result.retryAfterSeconds) },
      },
    );
  }
  // Post/Redirect/Get: a reload never asks again. The same answer for every address.
  const headers = new Headers(result.headers);
  for (const [name, value] of Object.entries(editorHeaders)) headers.set(name, value);
  if (result.heldSeconds !== undefined)
    return redirect(`/admin?held=${Math.ceil(result.heldSeconds / 60)}`, { headers });
  return redirect("/admin?sent=1", { headers });
}

export function meta({ error }: Route.MetaArgs) {
  return [
    { title: `${error ? "Page not found" : "Website editor"} | ${practice.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminIndex({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.signedIn)
    return (
      <AdminHome
        email={loaderData.email}
        edit={loaderData.edit}
        inbox={loaderData.inbox}
        bookingSettings={loaderData.bookingSettings}
        documents={loaderData.documents}
        scheduleNotices={loaderData.scheduleNotices}
        passkeyOffer={loaderData.passkeyOffer}
        waitingPasskeys={loaderData.waitingPasskeys}
      />
    );
  return (
    <SignInPage
      notice={
        actionData ??
        (loaderData.held
          ? { kind: "held", minutes: loaderData.held }
          : loaderData.sent
            ? { kind: "sent" }
            : undefined)
      }
      passkeysOn={loaderData.passkeysOn}
    />
  );
}
