import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { EditorServices } from "../load-context";
import type { Access, StepUp } from "../services/auth";
import type { InboxService } from "../services/inbox";
import { READERS_ONLY } from "./readers-only";
import { stepUpNotice } from "./step-up";

/**
 * The guard of the pages of what visitors sent: /admin/inbox, /admin/people, /admin/backups
 * (docs/decisions/033). Every loader and action of such a page, and of its CSV or download URLs,
 * starts with
 *
 *     const { services, reader } = await readerAccess(context, request);
 *
 * which answers the site's 404 page when INBOX_EMAILS is unset, sends a signed-out browser to
 * /admin to sign in (a recovery session to /admin/account), and answers an editor who is not in
 * INBOX_EMAILS a 403 that says the page is for the people who read enquiries, with the way back
 * (app/components/admin/ReadersOnly.tsx; issue 41, item 15). The server's
 * guard (server/auth/guard.ts, isReaderPath) has already checked the origin of a post, set
 * no-store and noindex, and turned a non-reader's post into a GET.
 */
export async function readerAccess(
  context: AppLoadContext,
  request: Request,
): Promise<{ services: EditorServices; reader: Access; inbox: InboxService }> {
  const services = context.editor;
  if (!services?.inboxOn || !services.inbox) throw data(null, { status: 404 });
  const access = await services.auth.access(request);
  if (!access) throw redirect("/admin");
  if (access.recovery) throw redirect("/admin/account");
  if (!access.inbox) throw data(READERS_ONLY, { status: access.edit ? 403 : 404 });
  return { services, reader: access, inbox: services.inbox };
}

/**
 * The step-up before a download or an erasure (ASVS 5 level 2). In an action:
 *
 *     const step = await requireRecentSignIn(services, reader, request, context.clientIp);
 *     if (step) return step; // "we sent you a fresh link": show `stepUp` from the action's data
 *
 * Undefined when the reader signed in within the last 15 minutes; otherwise a fresh sign-in link
 * has been mailed to them (or, with a passkey, one touch is asked for, returning to `back`), and
 * this is the answer to give: a 403 with what to say.
 */
export async function requireRecentSignIn(
  services: EditorServices,
  reader: Access,
  request: Request,
  clientIp: string,
  back = new URL(request.url).pathname,
) {
  const step: StepUp = await services.auth.stepUp(reader, request, clientIp, back);
  if (step.status === "recent") return undefined;
  const headers = new Headers(step.status === "sent" ? step.headers : undefined);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
  return data({ stepUp: stepUpNotice(step, back) }, { status: 403, headers });
}
