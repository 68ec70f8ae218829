import type {
  Access,
  Editor,
  EditorAuth,
  LinkRequest,
  LinkState,
  SignInResult,
} from "../../app/lib/load-context";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { contentAudit } from "../db/schema";
import type { MailSend } from "../integrations/mail";
import type { Logger } from "../logger";
import { cookieNames, readCookie, serializeCookie } from "./cookies";
import { LINK_TTL_MS, countLinkRequest, createLinkStore } from "./links";
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
  const editors = new Set(config.editorEmails.map((e) => e.toLowerCase()));
  const readers = new Set((config.inboxEmails ?? []).map((e) => e.toLowerCase()));
  // Either list signs in; what each address then sees is its own lists' (docs/decisions/033).
  const listed = new Set([...editors, ...readers]);
  const mailing = new Set<Promise<void>>();

  const cookie = (name: string, value: string, maxAgeSeconds: number) =>
    serializeCookie(name, value, { https: config.https, maxAgeSeconds });
  const browserHashOf = (request: Request) => {
    const value = readCookie(request.headers.get("cookie"), names.browser);
    return value && looksLikeToken(value) ? hashToken(value) : undefined;
  };
  const audit = (editor: string, action: string) =>
    db.insert(contentAudit).values({ editor, action, at: now() });

  async function accessFromCookies(
    cookieHeader: string | undefined | null,
  ): Promise<Access | null> {
    const token = readCookie(cookieHeader, names.session);
    if (!token || !looksLikeToken(token)) return null;
    const session = await sessions.find(token);
    // An address taken off both lists is signed out at once, whatever its session says.
    if (!session || !listed.has(session.email)) return null;
    return {
      email: session.email,
      edit: editors.has(session.email),
      inbox: readers.has(session.email),
      signedInAt: session.createdAt,
    };
  }

  /** Only an address of EDITOR_EMAILS is an editor of words and photos. */
  async function editorFromCookies(cookieHeader: string | undefined | null) {
    const access = await accessFromCookies(cookieHeader);
    return access?.edit ? { email: access.email } : null;
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
      // A reader of the inbox only: the editor's pages are not there for them.
      if (!access.edit) throw new Response(null, { status: 404 });
      return { email: access.email };
    },

    async stepUp(access, request, clientIp) {
      if (now().getTime() - access.signedInAt.getTime() < STEP_UP_MS) return { status: "recent" };
      const result = await auth.requestLink(access.email, request, clientIp);
      if (result.status === "rate-limited") return result;
      return { status: "sent", email: access.email, headers: result.headers };
    },

    async requestLink(email, request, clientIp): Promise<LinkRequest> {
      const address = email.trim().toLowerCase();
      const verdict = await countLinkRequest(db, {
        email: address,
        ip: clientIp,
        limit: config.formRateLimit,
        at: now(),
      });
      if (!verdict.allowed)
        return { status: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
      // The browser keeps one binding for all the links it asks for, so any of them works there.
      const existing = readCookie(request.headers.get("cookie"), names.browser);
      const browser = existing && looksLikeToken(existing) ? existing : newToken();
      const headers = new Headers();
      headers.append("Set-Cookie", cookie(names.browser, browser, BROWSER_COOKIE_SECONDS));
      // Every address gets this same answer; only a listed one gets a link. The mail goes out
      // after the answer, so its time does not tell which addresses are listed either.
      if (listed.has(address)) {
        const token = await links.issue(address, hashToken(browser), deps.linkTtlMs);
        deliver(address, signInUrl(config.siteUrl, token));
      }
      return { status: "sent", headers };
    },

    async inspectLink(token, request): Promise<LinkState> {
      if (!looksLikeToken(token)) return { status: "invalid" };
      const found = await links.lookup(token, browserHashOf(request));
      if (found.status === "invalid" || !listed.has(found.email)) return { status: "invalid" };
      return found.status === "valid" ? { status: "valid" } : found;
    },

    async signIn(token, request): Promise<SignInResult> {
      const state = await auth.inspectLink(token, request);
      if (state.status !== "valid") return state;
      const email = await links.use(token, browserHashOf(request));
      if (!email || !listed.has(email)) return { status: "invalid" };
      // A new session (new id) on every sign-in; one this browser had before ends.
      const previous = readCookie(request.headers.get("cookie"), names.session);
      if (previous && looksLikeToken(previous)) await sessions.end(previous);
      const session = await sessions.start(email);
      await audit(email, "sign-in");
      const headers = new Headers();
      const seconds = (session.expiresAt.getTime() - now().getTime()) / 1000;
      headers.append("Set-Cookie", cookie(names.session, session.token, seconds));
      return { status: "signed-in", editor: { email }, headers };
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

/** The address of a sign-in link: always under SITE_URL, whatever host the request named. */
export function signInUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/admin/sign-in?token=${token}`;
}

export function signInMail(url: string): string {
  const minutes = LINK_TTL_MS / 60_000;
  return [
    "Hello,",
    "",
    "Someone (we hope you) asked to sign in to edit the Kindred Hearts website. Open this link",
    "in the same browser where you asked for it, and press “Sign in”:",
    "",
    url,
    "",
    `The link works once, for ${minutes} minutes. If you did not ask for it, you can ignore this`,
    "e-mail: nobody can sign in without it.",
    "",
  ].join("\n");
}

export { LINK_TTL_MS } from "./links";
export { SESSION_IDLE_MS, SESSION_MAX_MS } from "./sessions";
export { createLinkStore, ANY_BROWSER } from "./links";
