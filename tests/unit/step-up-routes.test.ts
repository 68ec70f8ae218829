import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { loader as inboxCsv } from "../../app/routes/admin/inbox-csv";
import { loader as people } from "../../app/routes/admin/people";
import { loader as confirm } from "../../app/routes/admin/confirm";
import { safeBack } from "../../app/lib/admin/step-up";
import type { EditorServices } from "../../app/lib/load-context";
import type { InboxService, PersonRecord } from "../../app/lib/services/inbox";
import { type ServerEditorAuth, STEP_UP_MS, createEditorAuth } from "../../server/auth";
import type { Database } from "../../server/db/client";
import type { MailMessage } from "../../server/integrations/mail";
import { createLogger } from "../../server/operations/logger";
import { openTempPglite } from "../support/databases";
import { softAuthenticator } from "../support/soft-authenticator";

/**
 * The 15-minute re-sign-in guards every bulk export and every whole-person view (issue 41, item 3;
 * ASVS 5 7.5.3), through the routes' own loaders: the CSV of the inbox and /admin/people's data.
 * A passkey touch meets it (docs/decisions/040).
 */

const SITE = "https://kindredhearts.example";
const READER = "reader@kindredhearts.ng";
const HOLDER = "holder@kindredhearts.ng";
const PERSON = "ada@example.com";

describe("the step-up on the reader's routes", () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let t = Date.parse("2026-11-23T10:00:00Z");
  const mails: MailMessage[] = [];
  let auth: ServerEditorAuth;
  const key = softAuthenticator();
  const looked: string[] = [];
  const jar = new Map<string, Map<string, string>>();
  const cookieOf = (who: string) =>
    [...(jar.get(who) ?? new Map<string, string>())].map(([n, v]) => `${n}=${v}`).join("; ");
  const request = (who: string, path: string) =>
    new Request(`${SITE}${path}`, {
      headers: {
        cookie: cookieOf(who),
        "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131",
      },
    });
  const keep = (who: string, headers: Headers) => {
    const cookies = jar.get(who) ?? new Map<string, string>();
    jar.set(who, cookies);
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const inbox = {
    async findPerson(q: string) {
      looked.push(q);
      return { query: q, submissions: [{ id: "s1", email: PERSON }] } as unknown as PersonRecord;
    },
    async auditPerson() {},
    async *csv() {
      yield "kind,email\r\n";
      yield `contact,${PERSON}\r\n`;
    },
  } as unknown as InboxService;
  const context = () =>
    ({
      clientIp: "203.0.113.9",
      editor: { auth, inboxOn: true, inbox } as unknown as EditorServices,
    }) as unknown as AppLoadContext;
  const args = (who: string, path: string) =>
    ({ request: request(who, path), context: context(), params: {} }) as never;

  async function signIn(who: string) {
    const before = mails.length;
    const asked = await auth.requestLink(who, request(who, "/admin"), "198.51.100.1");
    if (asked.status === "sent") keep(who, asked.headers);
    await auth.settled();
    const mail = mails.slice(before).find((m) => m.to === who)!;
    const token = new URL(/https:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
    const result = await auth.signIn(token, request(who, "/admin/sign-in"));
    if (result.status === "signed-in") keep(who, result.headers);
  }

  beforeAll(async () => {
    ({ database, cleanup } = await openTempPglite("step-up-routes-")());
    auth = createEditorAuth({
      db: database.db,
      config: {
        editorEmails: [HOLDER],
        inboxEmails: [READER, HOLDER],
        https: true,
        siteUrl: SITE,
        formRateLimit: 5,
      },
      logger: createLogger("silent"),
      sendMail: async (m) => {
        mails.push(m);
        return { outcome: "delivered" };
      },
      now: () => new Date(t),
    });
    await signIn(READER);
    await signIn(HOLDER);
    const options = await auth.passkeyRegistrationOptions(request(HOLDER, "/admin/passkeys"));
    await auth.registerPasskey(
      request(HOLDER, "/admin/passkeys"),
      key.register(options!, { origin: SITE }),
      "198.51.100.2",
    );
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it("a recent sign-in downloads the CSV and sees the person", async () => {
    const csv = (await inboxCsv(args(READER, "/admin/inbox/csv?kind=contact"))) as Response;
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(PERSON);
    const found = (await people(args(READER, `/admin/people?q=${PERSON}`))) as {
      record: unknown;
    };
    expect(found.record).not.toBeNull();
  });

  it("an older session gets no CSV: back to the inbox, with its filter, and a fresh link is mailed", async () => {
    t += STEP_UP_MS + 1000;
    const before = mails.length;
    const answer = await inboxCsv(args(READER, "/admin/inbox/csv?kind=contact")).catch(
      (r: unknown) => r,
    );
    expect(answer).toBeInstanceOf(Response);
    const redirect = answer as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/admin/inbox?kind=contact&stepup=sent");
    expect(await redirect.text()).not.toContain(PERSON);
    await auth.settled();
    expect(mails.slice(before).map((m) => m.to)).toEqual([READER]);
  });

  it("an older session's /admin/people data holds nothing of the person, and nothing is looked up", async () => {
    looked.length = 0;
    const answer = (await people(args(READER, `/admin/people?q=${PERSON}`))) as {
      data: { record: unknown; stepUp: { kind: string } };
      init: { status: number; headers: Headers };
    };
    expect(answer.init.status).toBe(403);
    expect(answer.data.record).toBeNull();
    expect(answer.data.stepUp.kind).toBe("sent");
    expect(JSON.stringify(answer.data)).not.toContain("s1");
    expect(looked).toEqual([]);

    // The link just mailed, used in this browser, returns her to the page and the search.
    keep(READER, new Headers(answer.init.headers));
    await auth.settled();
    const mail = mails.filter((m) => m.to === READER).at(-1)!;
    const token = new URL(/https:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
    const result = await auth.signIn(token, request(READER, "/admin/sign-in"));
    expect(result).toMatchObject({
      status: "signed-in",
      next: `/admin/people?q=${encodeURIComponent(PERSON)}`,
    });
    expect(mail.text).not.toContain(PERSON);
  });

  it("with a passkey, the step-up asks for one touch (no mail) and the touch meets it", async () => {
    const before = mails.length;
    const answer = (await people(args(HOLDER, `/admin/people?q=${PERSON}`))) as {
      data: { record: unknown; stepUp: { kind: string; back: string } };
    };
    expect(answer.data.record).toBeNull();
    expect(answer.data.stepUp).toEqual({
      kind: "passkey",
      back: `/admin/people?q=${encodeURIComponent(PERSON)}`,
    });
    await auth.settled();
    expect(mails.length).toBe(before);
    const csv = await inboxCsv(args(HOLDER, "/admin/inbox/csv")).catch((r: unknown) => r);
    expect((csv as Response).headers.get("Location")).toBe("/admin/inbox?stepup=passkey");
    // The confirm page returns to where she was; never to another site.
    const page = (await confirm(
      args(HOLDER, `/admin/confirm?back=${encodeURIComponent("/admin/people?q=x")}`),
    )) as {
      data: { back: string };
    };
    expect(page.data.back).toBe("/admin/people?q=x");
    // One touch: a new passkey session, and the person is shown.
    const asked = await auth.passkeySignInOptions(request(HOLDER, "/admin"), "198.51.100.3");
    if (asked.status !== "ok") throw new Error("rate-limited");
    const signed = await auth.signInWithPasskey(
      request(HOLDER, "/admin/passkey-sign-in"),
      key.authenticate(asked.options, { origin: SITE }),
      "198.51.100.3",
    );
    expect(signed.status).toBe("signed-in");
    if (signed.status === "signed-in") keep(HOLDER, signed.headers);
    const found = (await people(args(HOLDER, `/admin/people?q=${PERSON}`))) as {
      record: unknown;
    };
    expect(found.record).not.toBeNull();
  });

  it("where a step-up returns to is a path of the editor, never another site", () => {
    expect(safeBack("/admin/people?q=a%40b.ng")).toBe("/admin/people?q=a%40b.ng");
    expect(safeBack("/admin")).toBe("/admin");
    for (const bad of [
      "//evil.ng",
      "https://evil.ng/admin",
      "/admin\\@evil.ng",
      "/administrator",
      "/admin/sign-in?token=x",
      "/admin/confirm?back=//evil.ng",
      "",
      null,
    ])
      expect(safeBack(bad), String(bad)).toBe("/admin");
  });
});
