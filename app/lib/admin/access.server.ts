import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { EditorServices } from "../load-context";
import type { Access, StepUp } from "../services/auth";
import type { InboxService } from "../services/inbox";

/**
 * The guard of the pages of what visitors sent: /admin/inbox, /admin/people, /admin/backups
 * (docs/decisions/033). Every loader and action of such a page, and of its CSV or download URLs,
 * starts with
 *
 *     const { services, reader } = await readerAccess(context, request);
 *
 * which answers the site's 404 page when INBOX_EMAILS is unset, sends a signed-out browser to
 * /admin to sign in, and answers the 404 page to an address not in INBOX_EMAILS. The server's
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
  if (!access.inbox) throw data(null, { status: 404 });
  return { services, reader: access, inbox: services.inbox };
}

/**
 * The step-up before a download or an erasure (ASVS 5 level 2). In an action:
 *
 *     const step = await requireRecentSignIn(services, reader, request, context.clientIp);
 *     if (step) return step; // "we sent you a fresh link": show `stepUp` from the action's data
 *
 * Undefined when the reader signed in within the last 15 minutes; otherwise a fresh sign-in link
 * has been mailed to them, and this is the answer to give: a 403 with what to say.
 */
export async function requireRecentSignIn(
  services: EditorServices,
  reader: Access,
  request: Request,
  clientIp: string,
) {
  const step: StepUp = await services.auth.stepUp(reader, request, clientIp);
  if (step.status === "recent") return undefined;
  const headers = new Headers(step.status === "sent" ? step.headers : undefined);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
  return data(
    {
      stepUp:
        step.status === "sent"
          ? { kind: "sent" as const, email: step.email }
          : { kind: "rate-limited" as const, minutes: Math.ceil(step.retryAfterSeconds / 60) },
    },
    { status: 403, headers },
  );
}
