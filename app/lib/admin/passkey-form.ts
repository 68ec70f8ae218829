import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";

/**
 * A passkey's answer as the small form the browser posts, and back: each part of it in a field of
 * its own, base64url, so that a sign-in fits the few KB and short fields an editor post without a
 * session may carry (server/http/form-body.ts, OPEN_EDITOR_FORM_LIMITS). Nothing else is taken.
 */

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A credential id is at most 1,023 bytes (WebAuthn); its base64url, 1,364 characters. */
const MAX_ID = 1_364;
/** One field of an editor post without a session (OPEN_EDITOR_FORM_LIMITS.fieldBytes). */
const MAX_SIGN_IN_FIELD = 1_024;
/** A registration's attestation, with no attestation statement asked for: well under this. */
const MAX_REGISTRATION_FIELD = 16 * 1024;

export function passkeyFields(answer: AuthenticationResponseJSON): Record<string, string> {
  return {
    id: answer.id,
    clientDataJSON: answer.response.clientDataJSON,
    authenticatorData: answer.response.authenticatorData,
    signature: answer.response.signature,
    ...(answer.response.userHandle ? { userHandle: answer.response.userHandle } : {}),
  };
}

export function passkeyRegistrationFields(
  answer: RegistrationResponseJSON,
): Record<string, string> {
  return {
    id: answer.id,
    clientDataJSON: answer.response.clientDataJSON,
    attestationObject: answer.response.attestationObject,
    transports: (answer.response.transports ?? []).join(","),
  };
}

function part(form: FormData, name: string, max: number): string | undefined {
  const value = form.get(name);
  return typeof value === "string" && value.length <= max && BASE64URL.test(value)
    ? value
    : undefined;
}

/** A sign-in answer from its form, or undefined when a part is missing or malformed. */
export function readPasskeySignIn(form: FormData): AuthenticationResponseJSON | undefined {
  const id = part(form, "id", MAX_SIGN_IN_FIELD);
  const clientDataJSON = part(form, "clientDataJSON", MAX_SIGN_IN_FIELD);
  const authenticatorData = part(form, "authenticatorData", MAX_SIGN_IN_FIELD);
  const signature = part(form, "signature", MAX_SIGN_IN_FIELD);
  const userHandle = form.has("userHandle")
    ? part(form, "userHandle", MAX_SIGN_IN_FIELD)
    : undefined;
  if (!id || !clientDataJSON || !authenticatorData || !signature) return undefined;
  if (form.has("userHandle") && !userHandle) return undefined;
  return {
    id,
    rawId: id,
    type: "public-key",
    response: { clientDataJSON, authenticatorData, signature, userHandle },
    clientExtensionResults: {},
  };
}

const TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

/** A new passkey's answer from its form, or undefined when a part is missing or malformed. */
export function readPasskeyRegistration(form: FormData): RegistrationResponseJSON | undefined {
  const id = part(form, "id", MAX_ID);
  const clientDataJSON = part(form, "clientDataJSON", MAX_REGISTRATION_FIELD);
  const attestationObject = part(form, "attestationObject", MAX_REGISTRATION_FIELD);
  const transportsField = form.get("transports");
  const transports =
    typeof transportsField === "string" && transportsField !== ""
      ? transportsField.split(",").slice(0, TRANSPORTS.size)
      : [];
  if (!id || !clientDataJSON || !attestationObject) return undefined;
  if (!transports.every((t) => TRANSPORTS.has(t))) return undefined;
  return {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON,
      attestationObject,
      transports: transports as RegistrationResponseJSON["response"]["transports"],
    },
    clientExtensionResults: {},
  };
}
