import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { passkeyFields, passkeyRegistrationFields } from "./passkey-form";

/**
 * The browser's side of passkeys (docs/decisions/031). @simplewebauthn/browser is imported only
 * when a passkey button is pressed, so its bytes load on the editor's pages, at that moment, and
 * never on a public page. Every post is a small form, like the editor's others, so the server's
 * Origin check and form limits apply to it unchanged.
 */

export type PasskeySignInOutcome =
  | { kind: "signed-in" }
  /** a genuine passkey set up from the e-mailed link alone, which signs in from `until` */
  | { kind: "pending"; until: string }
  | { kind: "cancelled" }
  | { kind: "refused" }
  | { kind: "rate-limited"; minutes: number }
  | { kind: "offline" }
  | { kind: "unsupported" };

export type PasskeyAddOutcome =
  /** `pendingUntil`: set up from the e-mailed link alone, it signs in from then (decision 040) */
  | { kind: "added"; pendingUntil?: string }
  | { kind: "cancelled" }
  | { kind: "already" }
  | { kind: "refused" }
  | { kind: "signed-out" }
  | { kind: "offline" }
  | { kind: "unsupported" };

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

async function post(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
}

/** What a failed WebAuthn call means for the person: they said no, or closed it, or it timed out. */
function ceremonyError(error: unknown): "cancelled" | "already" | "unsupported" {
  const { name, code } = error as { name?: string; code?: string };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return "already";
  if (name === "NotSupportedError") return "unsupported";
  return "cancelled";
}

async function json<T>(response: Response): Promise<T | undefined> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return undefined;
  return (await response.json()) as T;
}

export async function signInWithPasskey(): Promise<PasskeySignInOutcome> {
  if (!passkeysSupported()) return { kind: "unsupported" };
  try {
    const [{ startAuthentication }, asked] = await Promise.all([
      import("@simplewebauthn/browser"),
      post("/admin/passkey-sign-in", { intent: "options" }),
    ]);
    const options = await json<{
      options?: PublicKeyCredentialRequestOptionsJSON;
      retryAfterSeconds?: number;
    }>(asked);
    if (asked.status === 429)
      return { kind: "rate-limited", minutes: Math.ceil((options?.retryAfterSeconds ?? 60) / 60) };
    if (!asked.ok || !options?.options) return { kind: "refused" };
    let answer;
    try {
      answer = await startAuthentication({ optionsJSON: options.options });
    } catch (error) {
      const meaning = ceremonyError(error);
      return { kind: meaning === "already" ? "cancelled" : meaning };
    }
    const checked = await post("/admin/passkey-sign-in", {
      intent: "verify",
      ...passkeyFields(answer),
    });
    const result = await json<{ retryAfterSeconds?: number; until?: string }>(checked);
    if (checked.status === 429)
      return { kind: "rate-limited", minutes: Math.ceil((result?.retryAfterSeconds ?? 60) / 60) };
    if (result?.until) return { kind: "pending", until: result.until };
    return checked.ok ? { kind: "signed-in" } : { kind: "refused" };
  } catch {
    return { kind: "offline" };
  }
}

export async function addPasskey(): Promise<PasskeyAddOutcome> {
  if (!passkeysSupported()) return { kind: "unsupported" };
  try {
    const [{ startRegistration }, asked] = await Promise.all([
      import("@simplewebauthn/browser"),
      post("/admin/passkeys", { intent: "options" }),
    ]);
    const options = await json<{ options?: PublicKeyCredentialCreationOptionsJSON }>(asked);
    // Signed out meanwhile: the server's guard sends a post without a session to the sign-in form.
    if (asked.status === 401 || asked.redirected || !options) return { kind: "signed-out" };
    if (!asked.ok || !options.options) return { kind: "refused" };
    let answer;
    try {
      answer = await startRegistration({ optionsJSON: options.options });
    } catch (error) {
      return { kind: ceremonyError(error) };
    }
    const checked = await post("/admin/passkeys", {
      intent: "register",
      ...passkeyRegistrationFields(answer),
    });
    if (checked.status === 401 || checked.redirected) return { kind: "signed-out" };
    const kept = await json<{ pendingUntil?: string }>(checked);
    return checked.ok ? { kind: "added", pendingUntil: kept?.pendingUntil } : { kind: "refused" };
  } catch {
    return { kind: "offline" };
  }
}
