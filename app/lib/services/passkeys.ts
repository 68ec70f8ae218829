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
}

export type PasskeyRegistration =
  | { status: "registered" }
  /** no session, or the answer was not accepted (its reason is logged) */
  | { status: "refused" };

export type PasskeySignInOptions =
  | { status: "ok"; options: PublicKeyCredentialRequestOptionsJSON }
  | { status: "rate-limited"; retryAfterSeconds: number };

export type PasskeySignIn =
  | { status: "signed-in"; headers: Headers }
  | { status: "refused" }
  | { status: "rate-limited"; retryAfterSeconds: number };
