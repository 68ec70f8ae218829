import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/** Passkeys for signing in to /admin (server/auth, docs/decisions/031); EditorAuth asks for them. */

/** One of the signed-in editor's passkeys, as /admin/account lists it. */
export interface EditorPasskey {
  /** the credential's id (public) */
  id: string;
  /** "Chrome on Android", where it was set up */
  device: string;
  createdAt: string;
  lastUsedAt?: string;
  /**
   * set up from an e-mailed link alone: it signs in only from this time on, and any full session
   * may cancel it until then (docs/decisions/040)
   */
  pendingUntil?: string;
}

/** What "Remove" on /admin/account did (docs/decisions/040). */
export type PasskeyRemoval =
  | "removed"
  /** a waiting passkey was cancelled by a full session */
  | "cancelled"
  /** removing a passkey needs a session signed in with a passkey */
  | "needs-passkey"
  | "not-found";

export type PasskeyRegistration =
  /** `pendingUntil`: set up from a recovery session, it signs in from then (decision 040) */
  | { status: "registered"; pendingUntil?: string }
  /** no session, or the answer was not accepted (its reason is logged) */
  | { status: "refused" };

export type PasskeySignInOptions =
  | { status: "ok"; options: PublicKeyCredentialRequestOptionsJSON }
  | { status: "rate-limited"; retryAfterSeconds: number };

export type PasskeySignIn =
  | { status: "signed-in"; headers: Headers }
  /** a genuine passkey still waiting (decision 040): it signs in from `until` */
  | { status: "pending"; until: string }
  | { status: "refused" }
  | { status: "rate-limited"; retryAfterSeconds: number };
