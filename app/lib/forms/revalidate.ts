import type { ShouldRevalidateFunctionArgs } from "react-router";
import { unreachable } from "./client-action";

/**
 * A route's `shouldRevalidate` for every route with a loader: after a form post that never
 * reached the server (no network, or a proxy's error page; app/lib/forms/client-action.ts), the
 * page's data is not fetched again. Nothing changed on the server, and with no network the
 * service worker answers that fetch by loading the page again from the device (decision 018),
 * which would wipe what the visitor typed.
 */
export function keepPageAfterUnreachable({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const outcome = (actionResult as { outcome?: unknown } | undefined)?.outcome;
  return outcome === unreachable.outcome ? false : defaultShouldRevalidate;
}
