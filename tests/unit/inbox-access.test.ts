import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { type ServerEditorAuth, STEP_UP_MS, createEditorAuth } from "../../server/auth";
import { editorGuard, isReaderPath } from "../../server/auth/guard";
import type { Database } from "../../server/db/client";
import type { MailMessage } from "../../server/integrations/mail";
import { createLogger } from "../../server/operations/logger";
import { openTempPglite } from "../support/databases";

/**
 * Who may see what (issue 30, docs/decisions/033): either list signs in; EDITOR_EMAILS edits,
 * INBOX_EMAILS reads what visitors sent; downloads and erasures need a recent sign-in.
 */

const SITE = "https://kindredhearts.example";
const BOTH = "owner@kindredhearts.ng";
const READER = "office@kindredhearts.ng";
const EDITOR = "editor@kindredhearts.ng";

describe("the reader's pages", () => {
  it("are /admin/inbox, /admin/people, /admin/backups and below, whatever the case", () => {
    for (const p of [
      "/admin/inbox",
      "/admin/inbox/12",
      "/admin/inbox/csv",
      "/ADMIN/Inbox",
      "/admin/inbox.data",
      "/admin/people",
      "/admin/people/download",
      "/admin/backups",
      "/admin/backups/2026-11-26.jsonl.gz",
      "/admin/booking-settings",
      "/admin/booking-settings/adaeze-okafor.data",
    ])
      expect(isReaderPath(p), p).toBe(true);
    for (const p of ["/admin", "/admin/inboxes", "/admin/faq", "/inbox", "/admin/peoplex"])
      expect(isReaderPath(p), p).toBe(false);
  });
});

describe("roles and the step-up", () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let t = Date.parse("2026-11-23T10:00:00Z");
  const now = () => new Date(t);
  const mails: MailMessage[] = [];
  let auth: ServerEditorAuth;
  let ip = 0;

  const jar = new Map<string, Map<string, string>>();
  const cookieOf = (who: string) =>
    [...(jar.get(who) ?? new Map<string, string>())].map(([n, v]) => `${n}=${v}`).join("; ");
  const request = (who: string, path = "/admin") =>
    new Request(`${SITE}${path}`, { headers: { cookie: cookieOf(who) } });
  const keep = (who: string, headers: Headers) => {
    const cookies = jar.get(who) ?? new Map<string, string>();
    jar.set(who, cookies);
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };

  async function signIn(who: string) {
    const before = mails.length;
    const asked = await auth.requestLink(who, request(who), `198.51.100.${++ip}`);
    if (asked.status === "sent") keep(who, asked.headers);
    await auth.settled();
    const mail = mails.slice(before).find((m) => m.to === who);
    expect(mail, `a link for ${who}`).toBeDefined();
    const token = new URL(/https:\/\/\S+/.exec(mail!.text)![0]).searchParams.get("token")!;
    const result = await auth.signIn(token, request(who, "/admin/sign-in"));
    expect(result.status).toBe("signed-in");
    if (result.status === "signed-in") keep(who, result.headers);
  }

  beforeAll(async () => {
    ({ database, cleanup } = await openTempPglite("inbox-access-")());
    auth = createEditorAuth({
      db: database.db,
      config: {
        editorEmails: [BOTH, EDITOR],
        inboxEmails: [BOTH, READER],
        https: true,
        siteUrl: SITE,
        formRateLimit: 5,
      },
      logger: createLogger("silent"),
      sendMail: async (m) => {
        mails.push(m);
        return { outcome: "delivered" };
      },
      now,
    });
    for (const who of [BOTH, READER, EDITOR]) await signIn(who);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it("an address of either list signs in, and sees only what its lists allow", async () => {
    expect(await auth.access(request(BOTH))).toMatchObject({
      email: BOTH,
      edit: true,
      inbox: true,
    });
    expect(await auth.access(request(READER))).toMatchObject({ edit: false, inbox: true });
    expect(await auth.access(request(EDITOR))).toMatchObject({ edit: true, inbox: false });
    expect(await auth.access(new Request(`${SITE}/admin`))).toBeNull();
    // An inbox-only reader is no editor of words and photos: the editor's pages are a 404.
    expect(await auth.currentEditor(request(READER))).toBeNull();
    await expect(auth.requireEditor(request(READER))).rejects.toSatisfy(
      (r: Response) => r.status === 404,
    );
    expect(await auth.requireEditor(request(EDITOR))).toEqual({ email: EDITOR });
  });

  it("a download or erasure needs a sign-in from the last 15 minutes, else a fresh link is mailed", async () => {
    const reader = (await auth.access(request(READER)))!;
    expect(await auth.stepUp(reader, request(READER), "203.0.113.1")).toEqual({
      status: "recent",
    });
    t += STEP_UP_MS + 1000;
    const later = (await auth.access(request(READER)))!;
    const before = mails.length;
    const step = await auth.stepUp(later, request(READER), "203.0.113.1");
    expect(step.status).toBe("sent");
    await auth.settled();
    expect(mails.slice(before).map((m) => m.to)).toEqual([READER]);
    // The fresh link signs in again, and the step-up is met.
    const token = new URL(/https:\/\/\S+/.exec(mails.at(-1)!.text)![0]).searchParams.get("token")!;
    const result = await auth.signIn(token, request(READER, "/admin/sign-in"));
    expect(result.status).toBe("signed-in");
    if (result.status === "signed-in") keep(READER, result.headers);
    const fresh = (await auth.access(request(READER)))!;
    expect(await auth.stepUp(fresh, request(READER), "203.0.113.1")).toEqual({ status: "recent" });
  });

  describe("the server's guard", () => {
    let base: string;
    let close: () => void;
    const guarded = (inboxOn: boolean) => {
      const app = express();
      app.use(editorGuard({ siteUrl: SITE, accessFromCookies: auth.accessFromCookies, inboxOn }));
      // What the page would see: its method after the guard.
      app.use((req, res) => {
        res.json({ method: req.method });
      });
      return app;
    };
    const servers: { url: string; close: () => void }[] = [];
    beforeAll(async () => {
      for (const on of [true, false]) {
        const server = guarded(on).listen(0, "127.0.0.1");
        await new Promise((r) => server.once("listening", r));
        servers.push({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          close: () => server.close(),
        });
      }
      base = servers[0]!.url;
      close = () => servers.forEach((s) => s.close());
    });
    afterAll(() => close());

    const post = (url: string, who: string | undefined, origin = SITE) =>
      fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin,
          "content-type": "application/x-www-form-urlencoded",
          ...(who ? { cookie: cookieOf(who) } : {}),
        },
        body: "intent=erase",
      });

    it("a reader's post reaches the page; an editor's becomes a GET (the 404); cross-site is refused", async () => {
      for (const path of [
        "/admin/inbox/1",
        "/admin/people",
        "/admin/backups",
        "/admin/inbox/csv",
      ]) {
        const reader = await post(base + path, READER);
        expect(await reader.json(), path).toEqual({ method: "POST" });
        expect(reader.headers.get("cache-control")).toBe("no-store");
        expect(reader.headers.get("x-robots-tag")).toBe("noindex");
        const editor = await post(base + path, EDITOR);
        expect(await editor.json(), path).toEqual({ method: "GET" });
        const cross = await post(base + path, READER, "https://evil.example");
        expect(cross.status, path).toBe(403);
        const signedOut = await post(base + path, undefined);
        expect(signedOut.status).toBe(303);
        expect(signedOut.headers.get("location")).toBe("/admin");
      }
      // Not a reader's page: an editor's post passes as it did.
      expect(await (await post(`${base}/admin/faq`, EDITOR)).json()).toEqual({ method: "POST" });
    });

    it("with INBOX_EMAILS unset, every post to a reader's page is a GET (the 404), even a reader's", async () => {
      const off = servers[1]!.url;
      for (const who of [BOTH, READER, undefined]) {
        const res = await post(`${off}/admin/people`, who);
        expect(await res.json()).toEqual({ method: "GET" });
      }
    });
  });
});
