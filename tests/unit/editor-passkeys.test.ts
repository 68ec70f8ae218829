import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { readPasskeySignIn } from "../../app/lib/admin/passkey-form";
import { type ServerEditorAuth, createEditorAuth } from "../../server/auth";
import { CHALLENGE_TTL_MS, PENDING_PASSKEY_MS, passkeyParty } from "../../server/auth/passkeys";
import { RECOVERY_SESSION_MS } from "../../server/auth/sessions";
import type { Database } from "../../server/db/client";
import { editorPasskeys, editorSessions } from "../../server/db/schema";
import type { MailMessage } from "../../server/integrations/mail";
import { createLogger } from "../../server/operations/logger";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";
import { softAuthenticator } from "../support/soft-authenticator";

/** Passkeys (issue 29, item 20 and M6; docs/decisions/031), on both databases. */

const hasPostgres = await postgresAvailable();
const SITE = "https://kindredhearts.example";
const ORIGIN = SITE;
const EDITOR = "editor@kindredhearts.ng";

describe("the relying party", () => {
  it("is SITE_URL's host name and origin; an IP address gets no passkeys", () => {
    expect(passkeyParty("https://kindredhearts.ng", "K")).toEqual({
      rpID: "kindredhearts.ng",
      origin: "https://kindredhearts.ng",
      rpName: "K",
    });
    expect(passkeyParty("http://localhost:3000", "K")?.rpID).toBe("localhost");
    expect(passkeyParty("http://127.0.0.1:3000", "K")).toBeUndefined();
    expect(passkeyParty("http://[::1]:3000", "K")).toBeUndefined();
  });

  it("a sign-in form with a missing or malformed part is no answer at all", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      id: "abc",
      clientDataJSON: "eyJ9",
      authenticatorData: "AA",
      signature: "AA",
    }))
      form.set(k, v);
    expect(readPasskeySignIn(form)?.id).toBe("abc");
    form.set("signature", "not base64url!");
    expect(readPasskeySignIn(form)).toBeUndefined();
    form.set("signature", "A".repeat(1025));
    expect(readPasskeySignIn(form)).toBeUndefined();
    form.delete("signature");
    expect(readPasskeySignIn(form)).toBeUndefined();
  });
});

function browser() {
  const jar = new Map<string, string>();
  return {
    jar,
    request(path = "/admin") {
      const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
      return new Request(`${SITE}${path}`, {
        headers: {
          ...(cookie ? { cookie } : {}),
          "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0",
        },
      });
    },
    keep(headers: Headers) {
      for (const line of headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        const [name, value] = [pair!.slice(0, eq), pair!.slice(eq + 1)];
        if (/Max-Age=0\b/.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
    },
  };
}
type Browser = ReturnType<typeof browser>;

function suite(name: string, open: OpenDatabase) {
  describe(`editors' passkeys on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let t = Date.parse("2026-11-23T10:00:00Z");
    const now = () => new Date(t);
    const mails: MailMessage[] = [];
    const logs: string[] = [];
    let auth: ServerEditorAuth;
    let ip = 0;
    const freshIp = () => `198.51.${100 + Math.floor(ip / 200)}.${(ip++ % 200) + 1}`;

    async function linkSignIn(b: Browser, email = EDITOR) {
      const before = mails.length;
      const asked = await auth.requestLink(email, b.request(), freshIp());
      if (asked.status === "sent") b.keep(asked.headers);
      await auth.settled();
      const mail = mails.slice(before).find((m) => m.to === email && m.text.includes("token="));
      const token = new URL(/https:\/\/\S+/.exec(mail!.text)![0]).searchParams.get("token")!;
      const result = await auth.signIn(token, b.request("/admin/sign-in"), freshIp());
      expect(result.status).toBe("signed-in");
      if (result.status === "signed-in") b.keep(result.headers);
      return result;
    }

    async function register(b: Browser, key = softAuthenticator()) {
      const options = await auth.passkeyRegistrationOptions(b.request("/admin/passkeys"));
      expect(options).not.toBeNull();
      const answer = key.register(options!, { origin: ORIGIN });
      const result = await auth.registerPasskey(b.request("/admin/passkeys"), answer, freshIp());
      return { key, result, answer };
    }

    async function passkeySignIn(
      b: Browser,
      key: ReturnType<typeof softAuthenticator>,
      at: { origin?: string; rpID?: string; counter?: number } = {},
    ) {
      const asked = await auth.passkeySignInOptions(b.request(), freshIp());
      if (asked.status !== "ok") throw new Error("rate-limited");
      const answer = key.authenticate(asked.options, { origin: ORIGIN, ...at });
      const result = await auth.signInWithPasskey(b.request(), answer, freshIp());
      if (result.status === "signed-in") b.keep(result.headers);
      return { result, answer };
    }

    beforeAll(async () => {
      ({ database, cleanup } = await open());
      auth = createEditorAuth({
        db: database.db,
        config: {
          editorEmails: [EDITOR, "second@kindredhearts.ng"],
          https: true,
          siteUrl: SITE,
          formRateLimit: 5,
        },
        logger: createLogger(
          "info",
          new Writable({
            write(chunk, _e, done) {
              logs.push(String(chunk));
              done();
            },
          }),
        ),
        sendMail: async (m) => {
          mails.push(m);
          return { outcome: "delivered" };
        },
        now,
      });
    }, 180_000);
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });
    beforeEach(async () => {
      t += 60 * 60_000;
      // Each test starts with an editor who has no passkey.
      await database.db.delete(editorPasskeys);
    });

    it("after a link sign-in, a passkey is set up, listed, audited and told to the mailbox", async () => {
      const b = browser();
      await linkSignIn(b);
      expect(await auth.passkeys(b.request())).toEqual([]);
      const { key, result } = await register(b);
      expect(result).toEqual({ status: "registered" });
      const listed = await auth.passkeys(b.request());
      expect(listed).toEqual([
        {
          id: key.id,
          device: "Chrome on Android",
          createdAt: now().toISOString(),
          lastUsedAt: undefined,
        },
      ]);
      await auth.settled();
      expect(mails.at(-1)).toMatchObject({
        to: EDITOR,
        subject: "A passkey was added to your sign-in",
      });
      // Only the public key is kept.
      const [row] = await database.db.select().from(editorPasskeys);
      expect(row!.email).toBe(EDITOR);
      expect(row!.counter).toBe(0);
    });

    it("a passkey signs in with no mail, to a full session; the counter is kept", async () => {
      const first = browser();
      await linkSignIn(first);
      const { key } = await register(first);
      const before = mails.length;
      const b = browser();
      const { result } = await passkeySignIn(b, key);
      expect(result.status).toBe("signed-in");
      await auth.settled();
      expect(mails.length).toBe(before);
      const access = await auth.access(b.request());
      expect(access).toMatchObject({ email: EDITOR, edit: true, recovery: false });
      expect(await auth.requireEditor(b.request())).toEqual({ email: EDITOR });
      const [row] = await database.db.select().from(editorPasskeys);
      expect(row!.counter).toBe(1);
      expect(row!.lastUsedAt).toEqual(now());
      const sessions = await database.db.select().from(editorSessions);
      expect(sessions.some((s) => s.kind === "passkey" && s.email === EDITOR)).toBe(true);
    });

    it("a challenge is signed once: the same answer never signs in or registers twice", async () => {
      const b = browser();
      await linkSignIn(b);
      const { answer: registration } = await register(b);
      expect(
        await auth.registerPasskey(b.request("/admin/passkeys"), registration, freshIp()),
      ).toEqual({ status: "refused" });
      const key = softAuthenticator();
      // a second key, registered properly, to sign in with
      const { result } = await register(b, key);
      expect(result.status).toBe("registered");
      const other = browser();
      const { result: first, answer } = await passkeySignIn(other, key);
      expect(first.status).toBe("signed-in");
      expect(await auth.signInWithPasskey(browser().request(), answer, freshIp())).toEqual({
        status: "refused",
      });
      expect(logs.join("")).toContain('"reason":"passkey-challenge"');
    });

    it("a challenge expires after 5 minutes", async () => {
      const b = browser();
      await linkSignIn(b);
      const { key } = await register(b);
      const asked = await auth.passkeySignInOptions(b.request(), freshIp());
      if (asked.status !== "ok") throw new Error("rate-limited");
      t += CHALLENGE_TTL_MS + 1;
      const answer = key.authenticate(asked.options, { origin: ORIGIN });
      expect(await auth.signInWithPasskey(browser().request(), answer, freshIp())).toEqual({
        status: "refused",
      });
      const options = await auth.passkeyRegistrationOptions(b.request());
      t += CHALLENGE_TTL_MS + 1;
      const late = await auth.registerPasskey(
        b.request(),
        softAuthenticator().register(options!, { origin: ORIGIN }),
        freshIp(),
      );
      expect(late).toEqual({ status: "refused" });
    });

    it("a counter that does not grow (a cloned key) is refused", async () => {
      const b = browser();
      await linkSignIn(b);
      const { key } = await register(b);
      expect((await passkeySignIn(browser(), key, { counter: 5 })).result.status).toBe("signed-in");
      expect((await passkeySignIn(browser(), key, { counter: 5 })).result.status).toBe("refused");
      expect((await passkeySignIn(browser(), key, { counter: 3 })).result.status).toBe("refused");
      expect(logs.join("")).toContain('"reason":"passkey-counter"');
      expect((await passkeySignIn(browser(), key, { counter: 6 })).result.status).toBe("signed-in");
    });

    it("an answer made for another origin or RP ID is refused, at sign-up and sign-in", async () => {
      const b = browser();
      await linkSignIn(b);
      for (const at of [
        { origin: "https://kindredhearts.example.evil.ng" },
        { origin: ORIGIN, rpID: "evil.ng" },
      ]) {
        const options = await auth.passkeyRegistrationOptions(b.request());
        const answer = softAuthenticator().register(options!, at);
        expect(await auth.registerPasskey(b.request(), answer, freshIp())).toEqual({
          status: "refused",
        });
      }
      const { key } = await register(b);
      expect(
        (await passkeySignIn(browser(), key, { origin: "https://evil.ng" })).result.status,
      ).toBe("refused");
      expect((await passkeySignIn(browser(), key, { rpID: "evil.ng" })).result.status).toBe(
        "refused",
      );
      expect(logs.join("")).toContain('"reason":"passkey-invalid"');
    });

    it("once an editor has a passkey, the e-mailed link alone only recovers", async () => {
      const b = browser();
      await linkSignIn(b);
      const { key } = await register(b);

      // Another browser, the link alone: a recovery session that opens no editor page.
      const lost = browser();
      const result = await linkSignIn(lost);
      expect(result).toMatchObject({ status: "signed-in", recovery: true });
      const access = await auth.access(lost.request());
      expect(access).toMatchObject({ email: EDITOR, edit: false, inbox: false, recovery: true });
      expect(await auth.currentEditor(lost.request())).toBeNull();
      const refused = await auth.requireEditor(lost.request()).catch((r: Response) => r);
      expect((refused as Response).headers.get("Location")).toBe("/admin/account");
      expect(await auth.devices(lost.request())).toEqual([]);

      // It removes no passkey (docs/decisions/040).
      expect(await auth.removePasskey(lost.request(), key.id)).toBe("needs-passkey");
      // It may set up a passkey here, which waits a day before it signs in.
      const fresh = await register(lost);
      const until = new Date(t + PENDING_PASSKEY_MS).toISOString();
      expect(fresh.result).toEqual({ status: "registered", pendingUntil: until });
      expect(await auth.removePasskey(lost.request(), key.id)).toBe("needs-passkey");
      expect(await auth.removePasskey(lost.request(), fresh.key.id)).toBe("needs-passkey");
      expect((await passkeySignIn(lost, fresh.key)).result).toEqual({ status: "pending", until });
      expect(await auth.currentEditor(lost.request())).toBeNull();
      expect(logs.join("")).toContain('"reason":"passkey-pending"');
      // After the day, the new passkey opens the editor, and may remove the lost one.
      t += PENDING_PASSKEY_MS + 1;
      expect((await passkeySignIn(lost, fresh.key)).result.status).toBe("signed-in");
      expect(await auth.currentEditor(lost.request())).toEqual({ email: EDITOR });
      expect(await auth.removePasskey(lost.request(), key.id)).toBe("removed");
      await auth.settled();
      expect(mails.at(-1)).toMatchObject({
        to: EDITOR,
        subject: "A passkey was removed from your sign-in",
      });
    });

    it("the mailbox alone cannot take a passkey holder's account: the owner is told and cancels the stranger's passkey", async () => {
      const owner = browser();
      await linkSignIn(owner);
      const { key } = await register(owner);
      const phone = browser();
      await passkeySignIn(phone, key);

      // A stranger who reads the mailbox: a recovery session, a passkey of their own.
      const stranger = browser();
      await linkSignIn(stranger);
      const theirs = await register(stranger);
      expect(theirs.result.status).toBe("registered");
      await auth.settled();
      expect(mails.at(-1)).toMatchObject({
        to: EDITOR,
        subject: "A new passkey waits to be added to your sign-in",
      });
      expect(mails.at(-1)!.text).toContain("Cancel this passkey");
      // They can neither remove the owner's passkey nor sign in with theirs.
      expect(await auth.removePasskey(stranger.request(), key.id)).toBe("needs-passkey");
      expect((await passkeySignIn(browser(), theirs.key)).result.status).toBe("pending");
      expect(await auth.passkeys(stranger.request())).toHaveLength(2);

      // The owner's session lists it as waiting, and cancels it.
      const listed = await auth.passkeys(phone.request());
      expect(listed.find((p) => p.id === theirs.key.id)?.pendingUntil).toBeDefined();
      expect(listed.find((p) => p.id === key.id)?.pendingUntil).toBeUndefined();
      expect(await auth.removePasskey(phone.request(), theirs.key.id)).toBe("cancelled");
      await auth.settled();
      expect(mails.at(-1)).toMatchObject({
        to: EDITOR,
        subject: "A waiting passkey was cancelled",
      });
      t += PENDING_PASSKEY_MS + 1;
      expect((await passkeySignIn(browser(), theirs.key)).result.status).toBe("refused");
      expect((await passkeySignIn(browser(), key)).result.status).toBe("signed-in");
    });

    it("removing a passkey needs a passkey sign-in; a link session of the same address cannot", async () => {
      const b = browser();
      await linkSignIn(b);
      const { key } = await register(b);
      // `b` signed in by link before it had a passkey: a full session, but not a passkey's.
      expect(await auth.removePasskey(b.request(), key.id)).toBe("needs-passkey");
      const phone = browser();
      await passkeySignIn(phone, key);
      expect(await auth.removePasskey(phone.request(), key.id)).toBe("removed");
    });

    it("a recovery session ends after 15 minutes", async () => {
      const b = browser();
      await linkSignIn(b);
      await register(b);
      const lost = browser();
      await linkSignIn(lost);
      expect((await auth.access(lost.request()))?.recovery).toBe(true);
      t += RECOVERY_SESSION_MS + 1;
      expect(await auth.access(lost.request())).toBeNull();
    });

    it("a step-up link in a browser signed in with the passkey keeps a full session", async () => {
      const b = browser();
      await linkSignIn(b);
      const { key } = await register(b);
      const phone = browser();
      await passkeySignIn(phone, key);
      const result = await linkSignIn(phone);
      expect(result).toMatchObject({ status: "signed-in", recovery: false });
      expect(await auth.currentEditor(phone.request())).toEqual({ email: EDITOR });
    });

    it("an address taken off the lists loses its passkeys at the next start", async () => {
      const b = browser();
      await linkSignIn(b, "second@kindredhearts.ng");
      await register(b);
      await linkSignIn(b, EDITOR);
      await register(b);
      const restarted = createEditorAuth({
        db: database.db,
        config: { editorEmails: [EDITOR], https: true, siteUrl: SITE, formRateLimit: 5 },
        logger: createLogger("info", new Writable({ write: (_c, _e, done) => done() })),
        now,
      });
      await restarted.access(b.request());
      const left = await database.db.select().from(editorPasskeys);
      expect(left.map((row) => row.email)).toEqual([EDITOR]);
    });

    it("a passkey of an address taken off the list signs nobody in; no log names an address", async () => {
      const b = browser();
      await linkSignIn(b, "second@kindredhearts.ng");
      const { key } = await register(b);
      await database.db
        .update(editorPasskeys)
        .set({ email: "gone@kindredhearts.ng" })
        .where(eq(editorPasskeys.id, key.id));
      expect((await passkeySignIn(browser(), key)).result.status).toBe("refused");
      const text = logs.join("");
      expect(text).toContain('"reason":"passkey-unlisted"');
      expect(text).toContain('"network":"198.51.');
      for (const address of [EDITOR, "second@kindredhearts.ng", "gone@kindredhearts.ng"])
        expect(text).not.toContain(address);
    });
  });
}

suite("PGlite", openTempPglite("passkeys-"));
if (hasPostgres) suite("Postgres", openTempPostgres);
