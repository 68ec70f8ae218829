import { type ShouldRevalidateFunctionArgs, isRouteErrorResponse } from "react-router";
import { SEND_TIMEOUT_MS, isForeignFailure, unreachable } from "~/lib/forms/client-action";

/**
 * A send of the editor's form that did not get the site's own answer, told apart so the form can
 * say what happened where the editor pressed (issue 29): not sent at all (offline or no answer:
 * kept and sent again by itself), signed out (the guard answers 401 to a script's post), too
 * large (413), too many (429), the site too busy receiving other sends to read it (503: nothing
 * was saved, and the same press later is safe), or the server failed (other 5xx).
 */
export type SendFailure =
  | typeof unreachable
  | { outcome: "signed-out" | "too-large" | "rate-limited" | "busy" | "server-error" };

/**
 * Each send's failure is an object of its own: the form tells one send's answer from an earlier
 * one's by identity (app/components/admin/DocumentForm.tsx, useFreshAnswer).
 */
const notSent = (): SendFailure => ({ ...unreachable });

export async function editorClientAction<T>({
  serverAction,
}: {
  serverAction: () => Promise<T>;
}): Promise<T | SendFailure> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<SendFailure>((resolve) => {
    timer = setTimeout(() => resolve(notSent()), SEND_TIMEOUT_MS);
  });
  try {
    return await Promise.race([serverAction(), timeout]);
  } catch (error) {
    if (isRouteErrorResponse(error) && typeof error.data === "string") {
      if (error.status === 401) return { outcome: "signed-out" };
      if (error.status === 413) return { outcome: "too-large" };
      if (error.status === 429) return { outcome: "rate-limited" };
      if (error.status === 503) return { outcome: "busy" };
      if (error.status >= 500 && error.status !== 502 && error.status !== 504)
        return { outcome: "server-error" };
    }
    if (isForeignFailure(error)) return notSent();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The editor's shouldRevalidate: after a failed send nothing changed, so nothing is read again. */
export function keepPageAfterSendFailure({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const outcome = (actionResult as { outcome?: unknown } | undefined)?.outcome;
  return typeof outcome === "string" ? false : defaultShouldRevalidate;
}
