import { practice } from "../../app/content/site";
import { safeBack } from "../../app/lib/admin/step-up";
import type {
  Access,
  Editor,
  EditorAuth,
  LinkRequest,
  LinkState,
  SignInResult,
} from "../../app/lib/services/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { contentAudit } from "../db/schema";
import type { MailSend } from "../integrations/mail";
import type { Logger } from "../operations/logger";
import { PREFIX_ALLOWANCE, countInWindow } from "../http/rate-limit";
import { cookieNames, readCookie, serializeCookie } from "./cookies";
import {
  LINK_MAILS_PER_LIMIT,
  LINK_RATE_WINDOW_MS,
  LINK_TTL_MS,
  countLinkRequest,
  createLinkStore,
  networkKey,
} from "./links";
import { deviceName } from "./device";
import {
  PENDING_PASSKEY_MS,
  createPasskeyStore,
  passkeyParty,
  removeUnlistedPasskeys,
} from "./passkeys";
import { passkeyAddedMail, passkeyRemovedMail, signInMail, signInUrl } from "./mails";
import { createSessionStore } from "./sessions";
import { hashToken, looksLikeToken, newToken } from "./tokens";

/**
 * Editors' sign-in without passwords (issue 24; docs/decisions/027, "Sign-in"): a one-time link
 * e-mailed to an address of EDITOR_EMAILS, bound to the browser that asked, opens a session kept
 * in the database. Built by server/app.ts only when EDITOR_EMAILS is set.
 */

/**
 * Downloading or erasing a person's data, or downloading a backup, needs a sign-in this recent
 * (ASVS 5 level 2 step-up); an older session is mailed a fresh link instead.
 */
export const STEP_UP_MS = 15 * 60_000;

/** The browser binding lives a little longer than the links it binds. */
const BROWSER_COOKIE_SECONDS = 60 * 60;

export interface EditorAuthDeps {
  db: Db;
  config: Pick<Config, "editorEmails" | "https" | "siteUrl" | "formRateLimit"> & {
    /** readers of what visitors sent (INBOX_EMAILS); they sign in the same way */
    inboxEmails?: readonly string[];
  };
  logger: Logger;
  /** the mailer when SMTP_URL is set; without it links are only printed by `npm run editor-link` */
  sendMail?: MailSend;
  now?: () => Date;
  /** tests only: a shorter life for links */
  linkTtlMs?: number;
}

export type ServerEditorAuth = EditorAuth & {
  /** the editor of a request's Cookie header (the Express guard has no Fetch Request) */
  editorFromCookies(cookieHeader: string | undefined): Promise<Editor | null>;
  /** what the address signed in on a request's Cookie header may do, of either list */
  accessFromCookies(cookieHeader: string | undefined): Promise<Access | null>;
  /** mails under way, for tests and a clean shutdown */
  settled(): Promise<void>;
};

export function createEditorAuth(deps: EditorAuthDeps): ServerEditorAuth {
  const { db, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const names = cookieNames(config.https);
  const links = createLinkStore(db, now);
  const sessions = createSessionStore(db, now);
  const party = passkeyParty(config.siteUrl, practice.name);
  const passkeys = party ? createPasskeyStore(db, party, now) : undefined;
  const editors = new Set(config.editorEmails.map((e) => e.toLowerCase()));
  const readers = new Set((config.inboxEmails ?? []).map((e) => e.toLowerCase()));
  // Either list signs in; what each address then sees is its own lists' (docs/decisions/033).
  const listed = new Set([...editors, ...readers]);
  const mailing = new Set<Promise<void>>();
  // Sessions of addresses no longer listed end for good at start, before any request is read.
  const cleared = Promise.all([
    sessions.endUnlisted([...listed]),
    removeUnlistedPasskeys(db, [...listed]),
  ]).then(
    ([count, passkeyCount]) => {
      if (count > 0)
        logger.info(
          { event: "editor-sessions-ended", count },
          "sessions of unlisted addresses ended",
        );
      if (passkeyCount > 0)
        logger.info(
          { event: "editor-passkeys-removed", count: passkeyCount },
          "passkeys of unlisted addresses removed",
        );
    },
    (error: unknown) =>
      logger.error({ err: { message: String(error) } }, "ending unlisted sessions failed"),
  );

  const cookie = (name: string, value: string, maxAgeSeconds: number) =>
    serializeCookie(name, value, { https: config.https, maxAgeSeconds });
  const browserHashOf = (request: Request) => {
    const value = readCookie(request.headers.get("cookie"), names.browser);
    return value && looksLikeToken(value) ? hashToken(value) : undefined;
  };
  const audit = (editor: string, action: string) =>
    db.insert(contentAudit).values({ editor, action, at: now() });
  /**
   * A sign-in that did not go through, for the operator: why, and from which network (IPv4 /24,
   * IPv6 /64), never the address, so a run of them can be seen and blocked (issue 29, L6).
   */
  const refused = (reason: string, clientIp: string | undefined) =>
    logger.warn(
      {
        event: "editor-sign-in-refused",
        reason,
        network: clientIp ? networkKey(clientIp) : "unknown",
      },
      "editor sign-in refused",
    );

  async function accessFromCookies(
    cookieHeader: string | undefined | null,
  ): Promise<Access | null> {
    await cleared;
    const token = readCookie(cookieHeader, names.session);
    if (!token || !looksLikeToken(token)) return null;
    const session = await sessions.find(token);
    if (!session) return null;
    // An address taken off both lists is signed out at once and for good: were it listed again,
    // this session would not come back.
    if (!listed.has(session.email)) {
      await sessions.end(token);
      return null;
    }
    // A recovery session may only change the address's passkeys (docs/decisions/031).
    const recovery = session.kind === "recovery";
    return {
      email: session.email,
      edit: !recovery && editors.has(session.email),
      inbox: !recovery && readers.has(session.email),
      signedInAt: session.createdAt,
      recovery,
      passkey: session.kind === "passkey",
    };
  }

  /** The address whose passkeys this request may see and change: a full or recovery session. */
  async function passkeyHolder(request: Request) {
    const access = await accessFromCookies(request.headers.get("cookie"));
    return access && (access.recovery || access.edit || access.inbox) ? access : null;
  }

  /** Starts a new session (new id) in this browser, ending the one it had; the cookie's header. */
  async function startSession(
    request: Request,
    email: string,
    kind: "link" | "passkey" | "recovery",
  ) {
    const previous = readCookie(request.headers.get("cookie"), names.session);
    if (previous && looksLikeToken(previous)) await sessions.end(previous);
    const session = await sessions.start(
      email,
      deviceName(request.headers.get("user-agent"), request.headers.get("sec-ch-ua-model")),
      kind,
    );
    const headers = new Headers();
    const seconds = (session.expiresAt.getTime() - now().getTime()) / 1000;
    headers.append("Set-Cookie", cookie(names.session, session.token, seconds));
    return headers;
  }

  /** Only an address of EDITOR_EMAILS is an editor of words and photos. */
  async function editorFromCookies(cookieHeader: string | undefined | null) {
    const access = await accessFromCookies(cookieHeader);
    return access?.edit ? { email: access.email } : null;
  }

  /** A notice to an address (a passkey added or removed), sent after the answer; never logged. */
  function notify(email: string, notice: { subject: string; text: string }) {
    if (!deps.sendMail) return;
    const send = deps.sendMail;
    const sending = send({ to: email, ...notice })
      .then(() => undefined)
      .catch((error: unknown) =>
        logger.error({ err: { message: String(error) } }, "passkey notice: sending failed"),
      )
      .finally(() => mailing.delete(sending));
    mailing.add(sending);
  }

  function deliver(email: string, url: string) {
    if (!deps.sendMail) {
      logger.warn(
        "sign-in link: no mail could be sent because SMTP_URL is not set; run " +
          "`npm run editor-link -- EMAIL` in the server's shell for a link",
      );
      return;
    }
    const send = deps.sendMail;
    const sending = (async () => {
      const result = await send({
        to: email,
        subject: "Your sign-in link for the website",
        text: signInMail(url),
      });
      if (result.outcome !== "delivered") {
        logger.warn(
          { error: result.error },
          "sign-in link: the mail could not be sent; run `npm run editor-link -- EMAIL` in the " +
            "server's shell for a link",
        );
      }
    })()
      .catch((error: unknown) =>
        logger.error({ err: { message: String(error) } }, "sign-in link: sending failed"),
      )
      .finally(() => mailing.delete(sending));
    mailing.add(sending);
  }

  const auth: ServerEditorAuth = {
    currentEditor: (request) => editorFromCookies(request.headers.get("cookie")),
    editorFromCookies,
    accessFromCookies,
    access: (request) => accessFromCookies(request.headers.get("cookie")),

    async requireEditor(request) {
      const access = await accessFromCookies(request.headers.get("cookie"));
      if (!access) throw new Response(null, { status: 302, headers: { Location: "/admin" } });
      if (access.recovery)
        throw new Response(null, { status: 302, headers: { Location: "/admin/account" } });
      // A reader of the inbox only: the editor's pages are not there for them.
      if (!access.edit) throw new Response(null, { status: 404 });
      return { email: access.email };
    },

    async stepUp(access, request, clientIp, back) {
      if (now().getTime() - access.signedInAt.getTime() < STEP_UP_MS) return { status: "recent" };
      // One touch of a passkey signs in again (/admin/confirm), so no mail is needed.
      if (passkeys && (await passkeys.countFor(access.email)) > 0) return { status: "passkey" };
      const result = await auth.requestLink(access.email, request, clientIp);
      if (result.status === "rate-limited") return result;
      // The link, used in this browser, brings her back to the page and search she was on; kept
      // in this browser only, so no mail or log holds the search.
      if (back)
        result.headers.append(
          "Set-Cookie",
          cookie(names.next, encodeURIComponent(safeBack(back)), LINK_TTL_MS / 1000),
        );
      return { status: "sent", email: access.email, headers: result.headers };
    },

    async requestLink(email, request, clientIp): Promise<LinkRequest> {
      const address = email.trim().toLowerCase();
      // The browser keeps one binding for all the links it asks for, so any of them works there.
      const existing = readCookie(request.headers.get("cookie"), names.browser);
      const browser = existing && looksLikeToken(existing) ? existing : newToken();
      const browserHash = hashToken(browser);
      const session = readCookie(request.headers.get("cookie"), names.session);
      const verdict = await countLinkRequest(db, {
        email: address,
        browserHash,
        ip: clientIp,
        limit: config.formRateLimit,
        at: now(),
        knownBrowser: () =>
          sessions.heldBy(session && looksLikeToken(session) ? session : "", address),
      });
      if (!verdict.allowed) {
        refused(`rate-limited-${verdict.reason}`, clientIp);
        return { status: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
      }
      const headers = new Headers();
      headers.append("Set-Cookie", cookie(names.browser, browser, BROWSER_COOKIE_SECONDS));
      // Every address gets this same answer after the same statements; only a listed one gets a
      // link. The mail goes out after the answer, so its time does not tell who is listed either.
      if (listed.has(address) && verdict.mailAllowed) {
        const token = await links.issue(address, browserHash, deps.linkTtlMs);
        deliver(address, signInUrl(config.siteUrl, token));
      } else {
        await links.issueNothing(browserHash);
        if (!verdict.mailAllowed) refused("mail-limit", clientIp);
      }
      // Past the address's mails for the hour the page says so, with the wait: that count is kept
      // for every address typed, listed or not, so saying it tells nobody who is listed.
      if (verdict.mailRetryAfterSeconds !== undefined)
        return { status: "sent", headers, heldSeconds: verdict.mailRetryAfterSeconds };
      return { status: "sent", headers };
    },

    async inspectLink(token, request, clientIp): Promise<LinkState> {
      const found = looksLikeToken(token)
        ? await links.lookup(token, browserHashOf(request))
        : ({ status: "invalid" } as const);
      if (found.status === "invalid" || !listed.has(found.email)) {
        refused("link-invalid", clientIp);
        return { status: "invalid" };
      }
      if (found.status === "other-browser") {
        refused("link-other-browser", clientIp);
        return { status: "other-browser" };
      }
      return { status: "valid" };
    },

    async signIn(token, request, clientIp): Promise<SignInResult> {
      const state = await auth.inspectLink(token, request, clientIp);
      if (state.status !== "valid") return state;
      const email = await links.use(token, browserHashOf(request));
      if (!email || !listed.has(email)) {
        refused("link-invalid", clientIp);
        return { status: "invalid" };
      }
      // Once an editor has a passkey, the link alone only recovers (issue 29, M6): a recovery
      // session, unless this browser is already signed in as them in full (a step-up's link).
      const holder = passkeys ? (await passkeys.countFor(email)) > 0 : false;
      const current = holder ? await accessFromCookies(request.headers.get("cookie")) : null;
      const recovery = holder && !(current && !current.recovery && current.email === email);
      // A new session (new id) on every sign-in; one this browser had before ends.
      const headers = await startSession(request, email, recovery ? "recovery" : "link");
      await audit(email, recovery ? "sign-in-recovery" : "sign-in");
      const kept = readCookie(request.headers.get("cookie"), names.next);
      let next: string | undefined;
      if (kept) {
        headers.append("Set-Cookie", cookie(names.next, "", 0));
        try {
          next = recovery ? undefined : safeBack(decodeURIComponent(kept));
        } catch {
          next = undefined;
        }
      }
      return { status: "signed-in", editor: { email }, headers, recovery, next };
    },

    passkeysOn: passkeys !== undefined,

    async passkeys(request) {
      const holder = await passkeyHolder(request);
      if (!holder || !passkeys) return [];
      const rows = await passkeys.list(holder.email);
      const at = now();
      return rows.map((row) => ({
        id: row.id,
        device: row.device ?? "A device",
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString(),
        pendingUntil:
          row.pendingUntil && row.pendingUntil > at ? row.pendingUntil.toISOString() : undefined,
      }));
    },

    async passkeyRegistrationOptions(request) {
      const holder = await passkeyHolder(request);
      if (!holder || !passkeys) return null;
      return passkeys.registrationOptions(holder.email);
    },

    async registerPasskey(request, response, clientIp) {
      const holder = await passkeyHolder(request);
      if (!holder || !passkeys) return { status: "refused" };
      const device = deviceName(
        request.headers.get("user-agent"),
        request.headers.get("sec-ch-ua-model"),
      );
      // The e-mailed link alone is one factor: a passkey it sets up waits a day, while the
      // mailbox and every full session are told and may cancel it (docs/decisions/040).
      const pendingUntil = holder.recovery ? new Date(now().getTime() + PENDING_PASSKEY_MS) : null;
      const result = await passkeys.register(holder.email, response, device, pendingUntil);
      if (!result.ok) {
        refused(result.reason, clientIp);
        return { status: "refused" };
      }
      await audit(holder.email, holder.recovery ? "passkey-added-recovery" : "passkey-added");
      notify(holder.email, passkeyAddedMail(device, config.siteUrl, pendingUntil ?? undefined));
      return pendingUntil
        ? { status: "registered", pendingUntil: pendingUntil.toISOString() }
        : { status: "registered" };
    },

    async removePasskey(request, id) {
      const holder = await passkeyHolder(request);
      if (!holder || !passkeys) return "not-found";
      const target = (await passkeys.list(holder.email)).find((p) => p.id === id);
      if (!target) return "not-found";
      const waiting = target.pendingUntil !== null && target.pendingUntil > now();
      const device = target.device ?? "A device";
      // Any full session may cancel a passkey that still waits (decision 040)…
      if (waiting && !holder.recovery) {
        if (!(await passkeys.remove(holder.email, id))) return "not-found";
        await audit(holder.email, "passkey-cancelled");
        notify(holder.email, passkeyRemovedMail(device, config.siteUrl, true));
        return "cancelled";
      }
      // …but only a session signed in with a passkey removes one: the mailbox alone never
      // takes the owner's passkey away.
      if (!holder.passkey) return "needs-passkey";
      if (!(await passkeys.remove(holder.email, id))) return "not-found";
      await audit(holder.email, "passkey-removed");
      notify(holder.email, passkeyRemovedMail(device, config.siteUrl, false));
      return "removed";
    },

    async passkeySignInOptions(_request, clientIp) {
      if (!passkeys) return { status: "rate-limited", retryAfterSeconds: 60 };
      const network = await countInWindow(
        db,
        `editor-passkey:${networkKey(clientIp)}`,
        LINK_RATE_WINDOW_MS,
        now(),
      );
      if (network.count > config.formRateLimit * PREFIX_ALLOWANCE * LINK_MAILS_PER_LIMIT) {
        refused("passkey-rate-limited-network", clientIp);
        return { status: "rate-limited", retryAfterSeconds: network.retryAfterSeconds };
      }
      return { status: "ok", options: await passkeys.signInOptions() };
    },

    async signInWithPasskey(request, response, clientIp) {
      if (!passkeys) return { status: "refused" };
      if (!response) {
        refused("passkey-malformed", clientIp);
        return { status: "refused" };
      }
      // Per address, counted before the check: a stranger holding no passkey of it cannot get
      // this far with its id, and the editor's own tries are few.
      const owner = await passkeys.ownerOf(response.id);
      if (owner) {
        const own = await countInWindow(
          db,
          `editor-passkey:${hashToken(owner)}`,
          LINK_RATE_WINDOW_MS,
          now(),
        );
        if (own.count > config.formRateLimit * LINK_MAILS_PER_LIMIT) {
          refused("passkey-rate-limited-address", clientIp);
          return { status: "rate-limited", retryAfterSeconds: own.retryAfterSeconds };
        }
      }
      const result = await passkeys.signIn(response);
      if (!result.ok) {
        refused(result.reason, clientIp);
        return result.until
          ? { status: "pending", until: result.until.toISOString() }
          : { status: "refused" };
      }
      const email = result.value.email;
      if (!listed.has(email)) {
        refused("passkey-unlisted", clientIp);
        return { status: "refused" };
      }
      const headers = await startSession(request, email, "passkey");
      await audit(email, "sign-in-passkey");
      return { status: "signed-in", headers };
    },

    async devices(request) {
      const editor = await editorFromCookies(request.headers.get("cookie"));
      if (!editor) return [];
      const token = readCookie(request.headers.get("cookie"), names.session)!;
      const own = hashToken(token);
      const rows = await sessions.live(editor.email);
      return rows.map((row) => ({
        id: row.idHash,
        device: row.device ?? "A browser",
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.idHash === own,
      }));
    },

    async endDevice(request, id) {
      const editor = await editorFromCookies(request.headers.get("cookie"));
      if (!editor) return false;
      const own = hashToken(readCookie(request.headers.get("cookie"), names.session)!);
      // This device signs out with "Sign out"; here only the others.
      if (id === own) return false;
      const ended = await sessions.endFor(editor.email, id);
      if (ended > 0) await audit(editor.email, "sign-out-device");
      return ended > 0;
    },

    async endEverywhere(request) {
      const editor = await editorFromCookies(request.headers.get("cookie"));
      const headers = new Headers();
      headers.append("Set-Cookie", cookie(names.session, "", 0));
      if (editor) {
        await sessions.endFor(editor.email);
        await audit(editor.email, "sign-out-everywhere");
      }
      return { headers };
    },

    async signOut(request) {
      const token = readCookie(request.headers.get("cookie"), names.session);
      if (token && looksLikeToken(token)) {
        const email = await sessions.end(token);
        if (email) await audit(email, "sign-out");
      }
      const headers = new Headers();
      headers.append("Set-Cookie", cookie(names.session, "", 0));
      return { headers };
    },

    async settled() {
      await Promise.all([...mailing]);
    },
  };
  return auth;
}

export { LINK_TTL_MS } from "./links";
export { SESSION_IDLE_MS, SESSION_MAX_MS } from "./sessions";
export { createLinkStore, ANY_BROWSER } from "./links";
