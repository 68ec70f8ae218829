import { connect } from "node:net";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeHubspot } from "../../server/integrations/hubspot-fake";
import { startFakePaystack } from "../../server/integrations/paystack-fake";
import { freePort } from "../support/local";
import { type FakeSmtp, startFakeSmtp } from "../support/fake-smtp";

/**
 * The end-to-end suite runs every outside service's fake in one process (tests/support/fakes-main.ts).
 * Its tests kill sites mid-delivery and point webhooks at sites that are gone: none of that may
 * end the fakes' process, or every test after it fails with "connection refused" (CI, stop 38:
 * forty failures from one site killed while it was sending a mail).
 */

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Speaks SMTP up to the middle of a message, then resets the connection, as a killed site does. */
async function resetMidMessage(port: number) {
  const socket = connect(port, "127.0.0.1");
  let heard = "";
  socket.on("data", (chunk) => (heard += chunk));
  const replies = async (count: number) => {
    while ((heard.match(/^\d{3} /gm) ?? []).length < count)
      await new Promise((r) => setTimeout(r, 20));
  };
  await replies(1);
  socket.write("EHLO killed.example\r\n");
  await replies(2);
  socket.write("MAIL FROM:<website@kindredhearts.ng>\r\n");
  await replies(3);
  socket.write("RCPT TO:<team@kindredhearts.ng>\r\nDATA\r\n");
  await replies(5);
  socket.write("Subject: half a message\r\n\r\nThe site was killed here");
  await new Promise((r) => setTimeout(r, 50));
  socket.resetAndDestroy();
  await new Promise((r) => socket.once("close", r));
}

describe("the fake SMTP server", () => {
  let smtp: FakeSmtp;

  it("outlives a sender killed mid-message, drops that message and takes the next", async () => {
    smtp = await startFakeSmtp();
    closers.push(() => smtp.close());
    await resetMidMessage(smtp.port);
    await new Promise((r) => setTimeout(r, 100));

    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port });
    await transport.sendMail({
      from: "website@kindredhearts.ng",
      to: "team@kindredhearts.ng",
      subject: "after the reset",
      text: "Still here.",
    });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.raw).toContain("after the reset");
  });
});

describe("the fake HTTP services", () => {
  it("answers a malformed admin request with a 500 and goes on serving", async () => {
    const hubspot = await startFakeHubspot();
    closers.push(() => hubspot.close());
    const bad = await fetch(`${hubspot.url}/__admin/mode`, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(500);
    const good = await fetch(`${hubspot.url}/__admin/mode`, {
      method: "POST",
      body: JSON.stringify({ mode: "accept" }),
    });
    expect(good.status).toBe(200);
  });

  it("answers a webhook to a site that is gone with a 500 naming the failure, and goes on", async () => {
    const secretKey = "sk_test_fakes";
    const paystack = await startFakePaystack({ secretKey });
    closers.push(() => paystack.close());
    const started = await fetch(`${paystack.url}/transaction/initialize`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        email: "payer@example.com",
        amount: 1_500_000,
        currency: "NGN",
        reference: "kh-fakes-1",
        callback_url: "http://127.0.0.1:9/checkout/return",
      }),
    });
    expect(started.status).toBe(200);

    const gone = `http://127.0.0.1:${await freePort()}/webhooks/paystack`;
    const webhook = await fetch(`${paystack.url}/__admin/webhook`, {
      method: "POST",
      body: JSON.stringify({ reference: "kh-fakes-1", url: gone }),
    });
    expect(webhook.status).toBe(500);
    expect(await webhook.json()).toEqual({ error: "fetch failed" });

    const after = await fetch(`${paystack.url}/__admin/transactions`);
    expect(after.status).toBe(200);
  });
});
