import { shippedContent } from "../../app/content/documents";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { deliveries, submissions } from "../../server/db/schema";
import { listQueue, requeue } from "../../server/integrations/deliveries/delivery-queue";
import { releaseHeld } from "../../server/integrations/deliveries/outbox";
import { sendDigestIfDue } from "../../server/operations/digest";
import { integrationReport } from "../../server/integrations/report";
import { type FakeHubspot, startFakeHubspot } from "../../server/integrations/hubspot-fake";
import { type MailMessage, createMailer, smtpFailure } from "../../server/integrations/mail";
import { runJob } from "../../server/operations/job-runs";
import { createLogger } from "../../server/operations/logger";
import { createOutbox } from "../../server/integrations/deliveries/outbox";
import { createServices } from "../../server/visitors/services";
import { type JobSchedule, readStatus } from "../../server/operations/status";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { type FakeSmtp, startFakeSmtp } from "../support/fake-smtp";
import { postgresAvailable } from "../support/postgres";

const logger = createLogger("silent");
const hasPostgres = await postgresAvailable();
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const jobs: JobSchedule[] = [{ name: "retention", intervalMs: DAY, firstRunMs: 60_000 }];
const lead = {
  name: "Ada Obi",
  email: "ada.obi@example.com",
  phone: "",
  need: "marriage-counseling" as const,
  message: "We would like some help with how we talk to each other.",
};
let ip = 1;
const meta = () => ({ ip: `203.0.113.${ip++}`, pageUri: "http://x/contact", pageName: "Contact" });

describe("SMTP answers", () => {
  it("authentication, 421, 454 and quota or policy 550s are outages, retried", () => {
    for (const [code, text] of [
      [535, "5.7.8 Authentication credentials invalid"],
      [530, "Authentication required"],
      [421, "Service not available"],
      [454, "Temporary authentication failure"],
      [550, "5.4.5 Daily user sending quota exceeded"],
      [550, "Sending paused for this account"],
      [554, "5.7.1 Message rejected under our sending policy"],
    ] as const) {
      expect(smtpFailure(code, text).outcome, `${code} ${text}`).toBe("retry");
    }
  });

  it("a 550 about the message or mailbox is final, and the error never quotes the server", () => {
    const result = smtpFailure(550, "5.1.1 <ada.obi@example.com>: Recipient address rejected");
    expect(result).toEqual({ outcome: "rejected", error: "SMTP 550" });
    expect(smtpFailure(535, "535 ada.obi@example.com bad password")).not.toMatchObject({
      error: expect.stringContaining("ada"),
    });
  });
});

describe("integration start-up lines", () => {
  it("say what happens without mail and the practice inbox, and never print a secret", () => {
    const lines = integrationReport(
      loadConfig({ PAYSTACK_SECRET_KEY: "sk_test_secret123", HUBSPOT_PORTAL_ID: "1" }),
    );
    expect(lines.map((l) => l.integration)).toEqual([
      "hubspot",
      "mail",
      "practice-inbox",
      "paystack",
      "testimonials",
      "scheduling",
      "analytics",
    ]);
    const mail = lines.find((l) => l.integration === "mail")!;
    expect(mail.configured).toBe(false);
    expect(mail.message).toMatch(/no booking, message or payment notice is e-mailed/);
    expect(lines.find((l) => l.integration === "practice-inbox")!.message).toMatch(/reach no one/);
    expect(JSON.stringify(lines)).not.toContain("sk_test_secret123");
  });
});

function suite(name: string, open: OpenDatabase) {
  describe(`status and fallbacks on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let hubspot: FakeHubspot;
    let smtp: FakeSmtp;
    const db = () => database.db;

    beforeAll(async () => {
      ({ database, cleanup } = await open());
      hubspot = await startFakeHubspot();
      smtp = await startFakeSmtp();
    });
    beforeEach(async () => {
      await db().execute(sql`delete from submissions`);
      await db().execute(sql`delete from job_runs`);
      hubspot.received.length = 0;
      hubspot.setMode("accept");
      smtp.messages.length = 0;
      smtp.setMode("accept");
    });
    afterAll(async () => {
      await hubspot.close();
      await smtp.close();
      await database.close();
      await cleanup();
    });

    const hubspotEnv = () => ({
      HUBSPOT_PORTAL_ID: "123",
      HUBSPOT_CONTACT_FORM_ID: "contact-form",
      HUBSPOT_API_URL: hubspot.url,
    });
    const mailEnv = () => ({
      SMTP_URL: `smtp://site:secret@127.0.0.1:${smtp.port}`,
      PRACTICE_INBOX: "practice@example.com",
    });

    async function queued(destination: "hubspot" | "email", createdAt: Date, status = "pending") {
      const [s] = await db()
        .insert(submissions)
        .values({ kind: "contact", createdAt, payload: { ...lead, pageUri: "http://x/contact" } })
        .returning({ id: submissions.id });
      const [d] = await db()
        .insert(deliveries)
        .values({
          submissionId: s!.id,
          destination,
          createdAt,
          nextAttemptAt: createdAt,
          status: status as "pending",
        })
        .returning({ id: deliveries.id });
      return d!.id;
    }
    const row = async (id: number) =>
      (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
    const status = (now = new Date()) =>
      readStatus(db(), { jobs, processStartedAt: new Date(now.getTime() - HOUR), now });

    it("SMTP 535 after a password change is retried, and delivered once the setting is fixed", async () => {
      let t = Date.now();
      const outbox = createOutbox({
        db: db(),
        logger,
        now: () => new Date(t),
        handlers: {
          email: (item) =>
            createMailer({ smtpUrl: mailEnv().SMTP_URL, from: "site@example.com" })({
              to: "practice@example.com",
              subject: `Submission ${item.submission.id}`,
              text: "A new message",
            }),
        },
      });
      const id = await queued("email", new Date(t));
      smtp.setMode("bad-password");
      await outbox.runOnce();
      const failed = await row(id);
      expect(failed.status).toBe("pending");
      expect(failed.lastError).toMatch(/^SMTP 535 authentication failed/);
      expect(smtp.messages).toHaveLength(0);

      smtp.setMode("accept");
      t += 10 * 60_000;
      expect(await outbox.runOnce()).toBe(1);
      expect((await row(id)).status).toBe("delivered");
      expect(smtp.messages).toHaveLength(1);
      expect(await outbox.runOnce()).toBe(0);
    });

    it("a HubSpot 400 reaches the practice inbox with the reason, and /status says attention", async () => {
      hubspot.setMode("reject");
      const { services, outbox } = createServices({
        content: () => shippedContent(),
        config: loadConfig({ ...hubspotEnv(), ...mailEnv() }),
        database,
        logger,
      });
      const result = await services.forms.contact(lead, meta());
      expect(result).toMatchObject({ status: "rejected", reachesTeam: true });
      while ((await outbox.runOnce()) > 0);
      const fallback = smtp.messages.find((m) => /Not in HubSpot/.test(m.raw));
      expect(fallback, "the fallback e-mail").toBeDefined();
      expect(fallback!.to).toEqual(["practice@example.com"]);
      expect(fallback!.raw).toContain("HubSpot refused this contact submission");
      expect(fallback!.raw).toContain("INVALID_EMAIL");
      expect(fallback!.raw).toContain("Ada Obi");
      expect(fallback!.raw).not.toContain("secret");

      const report = await status();
      expect(report.status).toBe("attention");
      expect(report.reasons).toContain("1 delivery rejected in the last 7 days");
      expect(report.deliveries!.hubspot.rejected).toBe(1);
      expect(report.deliveries!["email-fallback"].delivered).toBe(1);
      expect(JSON.stringify(report)).not.toMatch(/Ada|ada\.obi/);

      // After fixing the form in HubSpot, the operator sends it again; it is not attention any more.
      hubspot.setMode("accept");
      expect(await requeue(db(), "rejected")).toBe(1);
      while ((await outbox.runOnce()) > 0);
      expect(hubspot.received).toHaveLength(1);
      expect((await status()).status).toBe("ok");
      // A second refusal after a retry queues no second fallback.
      expect(smtp.messages.filter((m) => /Not in HubSpot/.test(m.raw))).toHaveLength(1);
    });

    it("a message HubSpot refuses reaches the inbox once, saying both things", async () => {
      hubspot.setMode("reject");
      const { services, outbox } = createServices({
        content: () => shippedContent(),
        config: loadConfig({ ...hubspotEnv(), ...mailEnv() }),
        database,
        logger,
      });
      expect(await services.forms.contact(lead, meta())).toMatchObject({ status: "rejected" });
      while ((await outbox.runOnce()) > 0);
      expect(smtp.messages).toHaveLength(1);
      const mail = smtp.messages[0]!.raw;
      expect(mail).toContain("Not in HubSpot");
      expect(mail).toContain("INVALID_EMAIL");
      expect(mail).toContain("We would like some help with how we talk to each other.");
      // After a retry that is refused again, still no second e-mail.
      expect(await requeue(db(), "rejected")).toBe(1);
      while ((await outbox.runOnce()) > 0);
      expect(smtp.messages).toHaveLength(1);
    });

    it("the inbox's notification waits for HubSpot's first answer, so a refusal is in the same e-mail", async () => {
      const mails: string[] = [];
      let answer!: (result: { outcome: "rejected"; error: string }) => void;
      const outbox = createOutbox({
        db: db(),
        logger,
        handlers: {
          hubspot: () => new Promise((resolve) => (answer = resolve)),
          email: async () => (mails.push("email"), { outcome: "delivered" }),
          "email-fallback": async () => (mails.push("fallback"), { outcome: "delivered" }),
        },
        fallbacks: { hubspot: "email-fallback" },
        mergeWith: { hubspot: "email" },
      });
      const now = new Date();
      const hubspotId = await queued("hubspot", now);
      const submissionId = (await row(hubspotId)).submissionId;
      await db().insert(deliveries).values({ submissionId, destination: "email", createdAt: now });
      const first = outbox.attemptNow(hubspotId, 5_000);
      // HubSpot is still answering: the worker leaves the inbox's e-mail for now.
      await vi.waitFor(() => expect(answer).toBeDefined());
      expect(await outbox.runOnce()).toBe(0);
      answer({ outcome: "rejected", error: 'HubSpot 400: {"errorType":"INVALID_EMAIL"}' });
      expect(await first).toMatchObject({ outcome: "rejected" });
      while ((await outbox.runOnce()) > 0);
      expect(mails).toEqual(["fallback"]);
    });

    it("with mail unset HubSpot still gets every lead, and a refusal is not told 'our team will see it'", async () => {
      const { services, outbox } = createServices({
        content: () => shippedContent(),
        config: loadConfig(hubspotEnv()),
        database,
        logger,
      });
      expect(await services.forms.contact(lead, meta())).toMatchObject({ status: "ok" });
      expect(hubspot.received).toHaveLength(1);
      hubspot.setMode("reject");
      const refused = await services.forms.contact({ ...lead, name: "Bola" }, meta());
      expect(refused).toMatchObject({ status: "rejected", reachesTeam: false });
      while ((await outbox.runOnce()) > 0);
      expect(smtp.messages).toHaveLength(0);
    });

    it("a delivery waiting 24 hours makes /status say attention, with its age", async () => {
      const now = new Date();
      expect((await status(now)).status).toBe("ok");
      await queued("hubspot", new Date(now.getTime() - DAY));
      const report = await status(now);
      expect(report.status).toBe("attention");
      expect(report.reasons).toEqual(["1 delivery waiting over 1 h"]);
      expect(report.deliveries!.hubspot.pending).toBe(1);
      expect(report.deliveries!.hubspot.oldestPendingMinutes).toBeGreaterThanOrEqual(24 * 60);
    });

    it("a delivery given up or held is attention; one given up long ago is not", async () => {
      const now = new Date();
      await queued("hubspot", new Date(now.getTime() - 30 * DAY), "dead");
      expect((await status(now)).status).toBe("ok");
      await queued("email", new Date(now.getTime() - 2 * DAY), "dead");
      await queued("hubspot", now, "held");
      const report = await status(now);
      expect(report.reasons).toEqual([
        "1 delivery given up in the last 7 days",
        "1 delivery held for review",
      ]);
      expect(report.held).toBe(1);
      expect(await releaseHeld(db())).toBe(1);
      expect(await requeue(db(), "dead")).toBe(2);
      const listed = await listQueue(db());
      expect(listed.map((r) => [r.status, r.attempts])).toEqual([
        ["pending", 0],
        ["pending", 0],
        ["pending", 0],
      ]);
    });

    it("a failed retention run makes /status say attention until a run succeeds", async () => {
      const now = new Date();
      await expect(
        runJob(db(), "retention", () => Promise.reject(new Error("disk full"))),
      ).rejects.toThrow("disk full");
      const report = await status(now);
      expect(report.status).toBe("attention");
      expect(report.reasons[0]).toMatch(/^retention failed at \d{4}-/);
      expect(report.jobs.retention).toMatchObject({ lastError: "disk full", failures: 1 });
      await runJob(db(), "retention", async () => 3);
      const after = await status(now);
      expect(after.status).toBe("ok");
      expect(after.jobs.retention).toMatchObject({ lastError: null, failures: 0, overdue: false });
    });

    it("a job that has not run in its interval is overdue", async () => {
      const now = new Date();
      await runJob(db(), "retention", async () => 0);
      const later = new Date(now.getTime() + 3 * DAY);
      const report = await readStatus(db(), { jobs, processStartedAt: now, now: later });
      expect(report.jobs.retention!.overdue).toBe(true);
      expect(report.reasons[0]).toMatch(/^retention has not run since /);
    });

    it("a failed digest stops being attention once what it was to report is put right", async () => {
      const failing = async () => ({ outcome: "retry" as const, error: "SMTP 535 bad password" });
      const digest = (iso: string) =>
        sendDigestIfDue(db(), {
          send: failing,
          inbox: "practice@example.com",
          siteUrl: "https://example.com",
          jobs,
          processStartedAt: new Date(Date.parse(iso) - HOUR),
          now: new Date(iso),
        });
      const id = await queued("email", new Date("2026-11-23T08:00:00Z"));
      expect(await digest("2026-11-24T08:00:00Z")).toBe("failed");
      const now = new Date("2026-11-24T08:30:00Z");
      expect((await status(now)).reasons).toEqual([
        "1 delivery waiting over 1 h",
        expect.stringMatching(/^digest failed at /),
      ]);
      // The SMTP password is fixed and the waiting delivery goes out.
      await db().update(deliveries).set({ status: "delivered" }).where(eq(deliveries.id, id));
      const after = await status(now);
      expect(after.status).toBe("ok");
      expect(after.jobs.digest).toMatchObject({ lastError: "SMTP 535 bad password" });
      // The next hourly check finds nothing to say and clears the digest's error.
      expect(await digest("2026-11-24T09:00:00Z")).toBe("all-ok");
      expect((await status(now)).jobs.digest).toMatchObject({ lastError: null, failures: 0 });
      // A later real incident is seen again, and that day's digest still goes.
      await queued("hubspot", new Date("2026-11-24T07:00:00Z"));
      expect((await status(now)).status).toBe("attention");
      const sent: MailMessage[] = [];
      const ok = await sendDigestIfDue(db(), {
        send: async (m) => (sent.push(m), { outcome: "delivered" as const }),
        inbox: "practice@example.com",
        siteUrl: "https://example.com",
        jobs,
        processStartedAt: now,
        now: new Date("2026-11-24T10:00:00Z"),
      });
      expect(ok).toBe("sent");
    });

    it("a job that is no longer scheduled is listed but never attention", async () => {
      const now = new Date();
      await expect(
        runJob(db(), "reconciliation", () => Promise.reject(new Error("Paystack 401"))),
      ).rejects.toThrow();
      // Paystack was configured then: reconciliation is scheduled, and its failure is attention.
      const withPaystack = await readStatus(db(), {
        jobs: [...jobs, { name: "reconciliation", intervalMs: 600_000, firstRunMs: 0 }],
        processStartedAt: new Date(now.getTime() - HOUR),
        now,
      });
      expect(withPaystack.reasons).toEqual([expect.stringMatching(/^reconciliation failed at /)]);
      // Paystack removed: the job no longer runs, so its last failure is history, not an alarm.
      const report = await status(now);
      expect(report.status).toBe("ok");
      expect(report.reasons).toEqual([]);
      expect(report.jobs.reconciliation).toMatchObject({
        lastError: "Paystack 401",
        scheduled: false,
        overdue: false,
      });
    });

    it("the digest goes once a day, only when something needs attention, without the message", async () => {
      const sent: MailMessage[] = [];
      const send = async (m: MailMessage) => {
        sent.push(m);
        return { outcome: "delivered" as const };
      };
      const at = (iso: string) =>
        sendDigestIfDue(db(), {
          send,
          inbox: "practice@example.com",
          siteUrl: "https://example.com",
          jobs,
          processStartedAt: new Date(Date.parse(iso) - HOUR),
          now: new Date(iso),
        });
      expect(await at("2026-11-24T08:00:00Z")).toBe("all-ok");
      await queued("hubspot", new Date("2026-11-23T08:00:00Z"));
      expect(await at("2026-11-24T06:30:00Z")).toBe("too-early");
      expect(await at("2026-11-24T08:00:00Z")).toBe("sent");
      expect(await at("2026-11-24T15:00:00Z")).toBe("already-sent");
      expect(await at("2026-11-25T07:30:00Z")).toBe("sent");
      expect(sent).toHaveLength(2);
      expect(sent[0]!.to).toBe("practice@example.com");
      expect(sent[0]!.subject).toBe("Website needs attention: 1 delivery waiting over 1 h");
      expect(sent[0]!.text).toContain("https://example.com/status");
      expect(sent[0]!.text).not.toMatch(/Ada|ada\.obi|talk to each other/);
    });
  });
}

suite("PGlite", openTempPglite("site-status-"));
if (hasPostgres) suite("Postgres", openTempPostgres);
