import type {
  EditorPasskey,
  PasskeyRegistration,
  PasskeyRemoval,
  PasskeySignIn,
  PasskeySignInOptions,
} from "./passkeys";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

/** Signing in to /admin and the sessions it starts (server/auth): who is asking, and what they may do. */

/** A signed-in editor. */
export interface Editor {
  email: string;
}

/**
 * What a signed-in address may do (docs/decisions/033): `edit` when it is in EDITOR_EMAILS, `inbox`
 * when it is in INBOX_EMAILS (what visitors sent, people's data, backups). `signedInAt` is when
 * this session's sign-in link was used, for the step-up before a download or an erasure.
 */
export interface Access {
  email: string;
  edit: boolean;
  inbox: boolean;
  signedInAt: Date;
  /**
   * an e-mailed link of an editor who has a passkey (docs/decisions/031): `edit` and `inbox` are
   * then false, and only /admin/account's passkeys may be changed
   */
  recovery?: boolean;
  /** this session began with a passkey: it may remove passkeys (docs/decisions/040) */
  passkey?: boolean;
}

/** A step-up (server/auth, `stepUp`): signed in recently enough, or a fresh link was mailed. */
export type StepUp =
  | { status: "recent" }
  /** the address has a passkey: one touch of it (/admin/confirm) meets it, and no mail is sent */
  | { status: "passkey" }
  | { status: "sent"; email: string; headers: Headers }
  | { status: "rate-limited"; retryAfterSeconds: number };

export interface EditorAuth {
  /** the editor signed in on this request, or null (an ended or revoked session is null) */
  currentEditor(request: Request): Promise<Editor | null>;
  /**
   * the signed-in editor, or throws a redirect to /admin (the sign-in form); every editor loader
   * and action starts with it
   */
  requireEditor(request: Request): Promise<Editor>;
  /**
   * what this request's signed-in address may do, or null when signed out; an address in either
   * list signs in, and each page checks the role it needs (app/lib/admin/access.server.ts)
   */
  access(request: Request): Promise<Access | null>;
  /**
   * the step-up before a download or an erasure (ASVS 5 level 2): "recent" when this session
   * signed in within the last 15 minutes, else a fresh link is mailed to the signed-in address
   * (bound to this browser; send the headers with the answer)
   */
  stepUp(access: Access, request: Request, clientIp: string, back?: string): Promise<StepUp>;
  /**
   * asks for a sign-in link (POST /admin). Every address gets the same answer; only a listed one
   * gets a mail. The headers bind the link to this browser (a cookie): send them with the answer.
   */
  requestLink(email: string, request: Request, clientIp: string): Promise<LinkRequest>;
  /**
   * what a sign-in link is, without using it up: a GET may be a mail scanner. A link that does not
   * work is logged with the reason and the client's network (never an address).
   */
  inspectLink(token: string, request: Request, clientIp?: string): Promise<LinkState>;
  /** uses the link up (once) and starts a new session; the headers set its cookie */
  signIn(token: string, request: Request, clientIp?: string): Promise<SignInResult>;
  /** ends this request's session on the server; the headers clear its cookie */
  signOut(request: Request): Promise<{ headers: Headers }>;
  /** the signed-in editor's live sessions (their devices), most recently seen first */
  devices(request: Request): Promise<EditorDevice[]>;
  /** ends another of this editor's sessions by its id; false when it was not one to end */
  endDevice(request: Request, id: string): Promise<boolean>;
  /** ends every session of this editor, this one too; the headers clear its cookie */
  endEverywhere(request: Request): Promise<{ headers: Headers }>;
  /**
   * passkeys can be used: SITE_URL names a host (WebAuthn takes no IP address as its RP ID).
   * Everything below is about them (docs/decisions/031).
   */
  passkeysOn: boolean;
  /** the passkeys of the signed-in address (in a full or a recovery session), oldest first */
  passkeys(request: Request): Promise<EditorPasskey[]>;
  /** what the browser needs to make a passkey for the signed-in address, or null when signed out */
  passkeyRegistrationOptions(
    request: Request,
  ): Promise<PublicKeyCredentialCreationOptionsJSON | null>;
  /** checks and keeps a new passkey of the signed-in address */
  registerPasskey(
    request: Request,
    response: RegistrationResponseJSON,
    clientIp: string,
  ): Promise<PasskeyRegistration>;
  /**
   * removes one of the signed-in address's passkeys, which needs a session signed in with a
   * passkey; a waiting one any full session may cancel. Each removal is mailed (decision 040).
   */
  removePasskey(request: Request, id: string): Promise<PasskeyRemoval>;
  /** a sign-in challenge; counted per network */
  passkeySignInOptions(request: Request, clientIp: string): Promise<PasskeySignInOptions>;
  /**
   * checks a passkey's answer and starts a session; counted per network, then per address.
   * `response` is undefined when the posted form was malformed (refused, and logged so).
   */
  signInWithPasskey(
    request: Request,
    response: AuthenticationResponseJSON | undefined,
    clientIp: string,
  ): Promise<PasskeySignIn>;
}

export interface EditorDevice {
  /** the session's id hash (never its token) */
  id: string;
  /** "Chrome on Android" */
  device: string;
  signedInAt: string;
  lastSeenAt: string;
  /** the device this request came from */
  current: boolean;
}

export type LinkRequest =
  /**
   * `heldSeconds`: this address was asked for so often this hour that no mail goes to a new
   * browser for that long; the same for listed and unlisted addresses
   */
  | { status: "sent"; headers: Headers; heldSeconds?: number }
  /** this address or network asked too often; the same for listed and unlisted addresses */
  | { status: "rate-limited"; retryAfterSeconds: number };

export type LinkState =
  | { status: "valid" }
  /**
   * asked for in another browser: the page offers to send a new link here. It does not name the
   * address: whoever holds the link in another browser may not be the editor (issue 29, I1).
   */
  | { status: "other-browser" }
  /** unknown, used or expired */
  | { status: "invalid" };

export type SignInResult =
  /** `recovery`: the editor has a passkey, so the link gave a recovery session (decision 031) */
  /** `next`: the editor page a step-up's link returns to (the page and search she was on) */
  | { status: "signed-in"; editor: Editor; headers: Headers; recovery?: boolean; next?: string }
  | { status: "other-browser" }
  | { status: "invalid" };
