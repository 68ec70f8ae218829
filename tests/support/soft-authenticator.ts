import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey made in software for unit tests: an ES256 key pair that answers WebAuthn's create()
 * and get() as a phone would (no attestation, user present and verified). `origin` and `rpID`
 * can be changed per answer to play a phishing site; `counter` to play a cloned key.
 */
export function softAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  const id = credentialId.toString("base64url");
  let counter = 0;
  const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

  function authData(rpID: string, count: number, withCredential: boolean) {
    const flags = 0x01 | 0x04 | (withCredential ? 0x40 : 0);
    const head = Buffer.concat([sha256(rpID), Buffer.from([flags]), u32(count)]);
    if (!withCredential) return head;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), length, credentialId, Buffer.from(cose)]);
  }

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id,
    register(
      options: PublicKeyCredentialCreationOptionsJSON,
      at: { origin: string; rpID?: string },
    ): RegistrationResponseJSON {
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData(at.rpID ?? options.rp.id!, counter, true))],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: clientData("webauthn.create", options.challenge, at.origin).toString(
            "base64url",
          ),
          attestationObject: Buffer.from(attestationObject).toString("base64url"),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    authenticate(
      options: PublicKeyCredentialRequestOptionsJSON,
      at: { origin: string; rpID?: string; counter?: number },
    ): AuthenticationResponseJSON {
      counter = at.counter ?? counter + 1;
      const data = authData(at.rpID ?? options.rpId!, counter, false);
      const client = clientData("webauthn.get", options.challenge, at.origin);
      const signature = sign("sha256", Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: client.toString("base64url"),
          authenticatorData: data.toString("base64url"),
          signature: signature.toString("base64url"),
        },
        clientExtensionResults: {},
      };
    },
  };
}

function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
