import { createHash, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, count, eq, gt, isNull, lt, notInArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { editorPasskeyChallenges, editorPasskeys } from "../db/schema";
import { hashToken } from "./tokens";

/**
 * Editors' passkeys (issue 29, item 20 and M6; docs/decisions/031): WebAuthn through
 * @simplewebauthn/server. The relying party is SITE_URL: its host name is the RP ID and its
 * origin the only origin a passkey's answer may name, whatever host a request arrived on.
 */

/** A challenge is signed once, within this long of being made. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser is told it has to answer (WebAuthn's `timeout`). */
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
/** Spent and expired challenges are deleted this long after they expired. */
const SPENT_CHALLENGE_KEPT_MS = 60 * 60_000;
/**
 * A passkey set up from a recovery session (the e-mailed link alone) signs in only this long after
 * it was set up; meanwhile the mailbox and every full session are told and may cancel it
 * (docs/decisions/040).
 */
export const PENDING_PASSKEY_MS = 24 * 60 * 60_000;
/** How many passkeys one editor may keep: a phone, a computer, a spare, and room for more. */
export const MAX_PASSKEYS_PER_EDITOR = 10;

export type ChallengePurpose = "register" | "sign-in";

export interface PasskeyParty {
  /** the WebAuthn RP ID: SITE_URL's host name */
  rpID: string;
  /** SITE_URL's origin */
  origin: string;
  /** shown by the phone when it asks for a fingerprint or face */
  rpName: string;
}

/**
 * The relying party of a SITE_URL, or undefined when its host is an IP address: WebAuthn takes
 * only a domain name as RP ID, so passkeys are not offered there (the e-mailed link still works).
 */
export function passkeyParty(siteUrl: string, rpName: string): PasskeyParty | undefined {
  const url = new URL(siteUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return undefined;
  return { rpID: host, origin: url.origin, rpName };
}

/**
 * The user handle a passkey keeps for an address: a hash, so the authenticator never stores the
 * address itself (only `userName` shows it, on the editor's own phone).
 */
function userHandle(email: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash("sha256").update(`editor-passkey:${email}`).digest());
}

/** The challenge the browser's answer says it signed, or undefined when it cannot be read. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(challenge)
      ? challenge
      : undefined;
  } catch {
    return undefined;
  }
}

export type PasskeyCheck<T> =
  | { ok: true; value: T }
  /** `until`: a waiting passkey (docs/decisions/040), checked and genuine, signs in from then */
  | { ok: false; reason: string; until?: Date };

export function createPasskeyStore(db: Db, party: PasskeyParty, now: () => Date) {
  async function issueChallenge(purpose: ChallengePurpose, email: string | null) {
    const at = now();
    const challenge = new Uint8Array(randomBytes(32));
    const encoded = Buffer.from(challenge).toString("base64url");
    await db.insert(editorPasskeyChallenges).values({
      challengeHash: hashToken(encoded),
      purpose,
      email,
      createdAt: at,
      expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
    });
    await db
      .delete(editorPasskeyChallenges)
      .where(
        lt(editorPasskeyChallenges.expiresAt, new Date(at.getTime() - SPENT_CHALLENGE_KEPT_MS)),
      );
    return challenge;
  }

  /**
   * Uses a challenge up, in one statement, so that one signed answer never counts twice: true
   * when it was made by this site for this purpose (and address), unused and not expired.
   */
  async function spendChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    email: string | null,
  ) {
    const at = now();
    const [row] = await db
      .update(editorPasskeyChallenges)
      .set({ usedAt: at })
      .where(
        and(
          eq(editorPasskeyChallenges.challengeHash, hashToken(challenge)),
          eq(editorPasskeyChallenges.purpose, purpose),
          isNull(editorPasskeyChallenges.usedAt),
          gt(editorPasskeyChallenges.expiresAt, at),
        ),
      )
      .returning({ email: editorPasskeyChallenges.email });
    return row !== undefined && row.email === email;
  }

  const store = {
    party,

    /** The editor's passkeys, oldest first. */
    async list(email: string) {
      return db
        .select({
          id: editorPasskeys.id,
          device: editorPasskeys.device,
          createdAt: editorPasskeys.createdAt,
          lastUsedAt: editorPasskeys.lastUsedAt,
          pendingUntil: editorPasskeys.pendingUntil,
        })
        .from(editorPasskeys)
        .where(eq(editorPasskeys.email, email))
        .orderBy(asc(editorPasskeys.createdAt));
    },

    async countFor(email: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(editorPasskeys)
        .where(eq(editorPasskeys.email, email));
      return Number(row?.n ?? 0);
    },

    /** What the browser needs to make a passkey for `email` (who is signed in). */
    async registrationOptions(email: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await db
        .select({ id: editorPasskeys.id, transports: editorPasskeys.transports })
        .from(editorPasskeys)
        .where(eq(editorPasskeys.email, email));
      return generateRegistrationOptions({
        rpName: party.rpName,
        rpID: party.rpID,
        userName: email,
        userID: userHandle(email),
        challenge: await issueChallenge("register", email),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: "none",
        // The same phone is not registered twice.
        excludeCredentials: existing.map((p) => ({
          id: p.id,
          transports: p.transports ? p.transports.split(",") : undefined,
        })),
        // A passkey that the phone keeps and unlocks with the fingerprint, face or PIN.
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
    },

    /**
     * Checks a new passkey's answer and keeps it for `email`; with `pendingUntil`, it signs in
     * only from then on (docs/decisions/040).
     */
    async register(
      email: string,
      response: RegistrationResponseJSON,
      device: string,
      pendingUntil: Date | null = null,
    ): Promise<PasskeyCheck<{ id: string }>> {
      const challenge = challengeOf(response.response.clientDataJSON);
      if (!challenge || !(await spendChallenge(challenge, "register", email)))
        return { ok: false, reason: "passkey-challenge" };
      if ((await store.countFor(email)) >= MAX_PASSKEYS_PER_EDITOR)
        return { ok: false, reason: "passkey-too-many" };
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: party.origin,
          expectedRPID: party.rpID,
          requireUserVerification: true,
        });
      } catch {
        return { ok: false, reason: "passkey-invalid" };
      }
      if (!verified.verified) return { ok: false, reason: "passkey-invalid" };
      const { credential } = verified.registrationInfo;
      const inserted = await db
        .insert(editorPasskeys)
        .values({
          id: credential.id,
          email,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports?.join(",") ?? null,
          device,
          createdAt: now(),
          pendingUntil,
        })
        .onConflictDoNothing()
        .returning({ id: editorPasskeys.id });
      if (inserted.length === 0) return { ok: false, reason: "passkey-known" };
      return { ok: true, value: { id: credential.id } };
    },

    /** What the browser needs to sign in with any passkey of this site. */
    async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
      return generateAuthenticationOptions({
        rpID: party.rpID,
        challenge: await issueChallenge("sign-in", null),
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: "required",
      });
    },

    /** The address of the passkey an answer names, before it is checked (for rate limits). */
    async ownerOf(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ email: editorPasskeys.email })
        .from(editorPasskeys)
        .where(eq(editorPasskeys.id, id));
      return row?.email;
    },

    /**
     * Checks a sign-in answer: its challenge (used up here), the passkey's signature over this
     * site's origin and RP ID, the fingerprint or face check, and the signature counter, which
     * must grow when the authenticator keeps one (a cloned key would repeat it).
     */
    async signIn(response: AuthenticationResponseJSON): Promise<PasskeyCheck<{ email: string }>> {
      const challenge = challengeOf(response.response.clientDataJSON);
      if (!challenge || !(await spendChallenge(challenge, "sign-in", null)))
        return { ok: false, reason: "passkey-challenge" };
      const [row] = await db
        .select()
        .from(editorPasskeys)
        .where(eq(editorPasskeys.id, response.id));
      if (!row) return { ok: false, reason: "passkey-unknown" };
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: party.origin,
          expectedRPID: party.rpID,
          requireUserVerification: true,
          credential: {
            id: row.id,
            publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")),
            counter: row.counter,
            transports: row.transports ? row.transports.split(",") : undefined,
          },
        });
      } catch (error) {
        return {
          ok: false,
          reason: /counter/i.test(String(error)) ? "passkey-counter" : "passkey-invalid",
        };
      }
      if (!verified.verified) return { ok: false, reason: "passkey-invalid" };
      // Genuine, but set up from the e-mailed link alone and still waiting (decision 040).
      if (row.pendingUntil && row.pendingUntil.getTime() > now().getTime())
        return { ok: false, reason: "passkey-pending", until: row.pendingUntil };
      // Only if nobody counted meanwhile: two answers of one counter value never both sign in.
      const updated = await db
        .update(editorPasskeys)
        .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now() })
        .where(and(eq(editorPasskeys.id, row.id), eq(editorPasskeys.counter, row.counter)))
        .returning({ id: editorPasskeys.id });
      if (updated.length === 0) return { ok: false, reason: "passkey-counter" };
      return { ok: true, value: { email: row.email } };
    },

    /** Removes one of `email`'s passkeys; false when it was not one of theirs. */
    async remove(email: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(editorPasskeys)
        .where(and(eq(editorPasskeys.email, email), eq(editorPasskeys.id, id)))
        .returning({ id: editorPasskeys.id });
      return rows.length > 0;
    },
  };
  return store;
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;

/**
 * Removes the passkeys of every address not in `listed`, at start: taken off the lists, an
 * address's passkeys go for good, and listed again it begins afresh with an e-mailed link. This
 * is also how whoever runs the site turns passkeys off for an editor who lost every one and
 * cannot set up another (docs/editing.md).
 */
export async function removeUnlistedPasskeys(db: Db, listed: readonly string[]): Promise<number> {
  const rows = await db
    .delete(editorPasskeys)
    .where(listed.length > 0 ? notInArray(editorPasskeys.email, [...listed]) : undefined)
    .returning({ id: editorPasskeys.id });
  return rows.length;
}
