import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeServer, json, readBody } from "./fake-http";
import { paystackSignature } from "./paystack";

/**
 * A stand-in for Paystack on loopback, for tests and for `npm run dev` without real keys. It
 * serves the API (initialize, verify) and a hosted "authorization page" with Pay / Fail payment /
 * Cancel buttons that return to the callback like Paystack does, and an admin API:
 *   POST /__admin/mode       {"initialize"?: "ok" | "error" | "hang", "verify"?: "ok" | "hang",
 *                            "failFor"?: e-mail}: failFor refuses to start payments for that
 *                            payer only, so tests running side by side do not meet it
 *   POST /__admin/tamper     {"reference", "amount"}  verify and webhooks report this amount
 *   POST /__admin/webhook    {"reference", "forge"?: true, "url"?}  sends charge.success, signed
 *                            with the secret key (or, forged, with another); answers the site's
 *                            status
 *   GET  /__admin/transactions
 */

export interface FakeTransaction {
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  status: "abandoned" | "success" | "failed";
  /** what verify and webhooks report instead of the real amount, to test tampering */
  reportedAmount?: number;
  paidAt?: string;
}

export interface FakePaystack {
  url: string;
  transactions: Map<string, FakeTransaction>;
  setInitializeMode(mode: "ok" | "error" | "hang"): void;
  /** "hang": verify requests are never answered, as when Paystack is stuck */
  setVerifyMode(mode: "ok" | "hang"): void;
  /** requests held unanswered right now */
  hanging(): number;
  close(): Promise<void>;
}

export async function startFakePaystack(options: {
  secretKey: string;
  /** where /__admin/webhook posts unless told otherwise: the site's /webhooks/paystack */
  webhookUrl?: string;
  port?: number;
}): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  let initializeMode: "ok" | "error" | "hang" = "ok";
  const failingPayers = new Set<string>();
  let verifyMode: "ok" | "hang" = "ok";
  const hanging = new Set<ServerResponse>();
  let url = "";

  const byAccessCode = (code: string) =>
    [...transactions.values()].find((t) => t.accessCode === code);

  const server = fakeServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const authorised = req.headers.authorization === `Bearer ${options.secretKey}`;

    if (req.method === "POST" && path === "/transaction/initialize") {
      if (!authorised) return json(res, 401, { status: false, message: "Invalid key" });
      if (initializeMode === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      const input = parseJson(body) as Record<string, unknown> | null;
      if (initializeMode === "error" || failingPayers.has(String(input?.email))) {
        return json(res, 500, { status: false, message: "An error occurred" });
      }
      const reference = String(input?.reference ?? "");
      if (
        !input ||
        typeof input.email !== "string" ||
        !Number.isInteger(input.amount) ||
        input.currency !== "NGN" ||
        !/^[\w.=-]+$/.test(reference) ||
        typeof input.callback_url !== "string"
      ) {
        return json(res, 400, { status: false, message: "Invalid transaction parameters" });
      }
      if (transactions.has(reference)) {
        return json(res, 400, { status: false, message: "Duplicate Transaction Reference" });
      }
      const accessCode = randomBytes(8).toString("hex");
      transactions.set(reference, {
        reference,
        accessCode,
        email: input.email,
        amount: input.amount as number,
        currency: "NGN",
        callbackUrl: input.callback_url,
        metadata: (input.metadata as Record<string, unknown>) ?? {},
        status: "abandoned",
      });
      return json(res, 200, {
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: `${url}/pay/${accessCode}`, access_code: accessCode, reference },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (req.method === "GET" && verify) {
      if (!authorised) return json(res, 401, { status: false, message: "Invalid key" });
      if (verifyMode === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t) return json(res, 400, { status: false, message: "Transaction reference not found" });
      return json(res, 200, {
        status: true,
        message: "Verification successful",
        data: eventData(t),
      });
    }

    const page = /^\/pay\/([0-9a-f]+)$/.exec(path);
    if (page) {
      const t = byAccessCode(page[1]!);
      if (!t) return html(res, 404, "<h1>This payment page has expired</h1>");
      if (req.method === "GET") return html(res, 200, authorizationPage(t));
      if (req.method === "POST") {
        const choice = new URLSearchParams(body).get("choice");
        if (choice === "pay") {
          t.status = "success";
          t.paidAt = new Date().toISOString();
        } else if (choice === "fail") t.status = "failed";
        const back = new URL(t.callbackUrl);
        back.searchParams.set("trxref", t.reference);
        back.searchParams.set("reference", t.reference);
        res.writeHead(303, { Location: back.toString() });
        return res.end();
      }
    }

    if (req.method === "POST" && path === "/__admin/mode") {
      const modes = parseJson(body) as {
        initialize?: typeof initializeMode;
        verify?: typeof verifyMode;
        failFor?: string;
      };
      if (modes.failFor) failingPayers.add(modes.failFor);
      initializeMode = modes.initialize ?? initializeMode;
      verifyMode = modes.verify ?? verifyMode;
      return json(res, 200, { initialize: initializeMode, verify: verifyMode });
    }
    if (req.method === "POST" && path === "/__admin/tamper") {
      const { reference, amount } = parseJson(body) as { reference: string; amount: number };
      const t = transactions.get(reference);
      if (!t) return json(res, 404, { error: "unknown reference" });
      t.reportedAmount = amount;
      return json(res, 200, { ok: true });
    }
    if (req.method === "POST" && path === "/__admin/webhook") {
      const ask = parseJson(body) as { reference: string; forge?: boolean; url?: string };
      const t = transactions.get(ask.reference);
      if (!t) return json(res, 404, { error: "unknown reference" });
      if (!ask.forge) {
        t.status = "success";
        t.paidAt ??= new Date().toISOString();
      }
      const event = JSON.stringify({
        event: "charge.success",
        data: { ...eventData(t), status: "success" },
      });
      const key = ask.forge
        ? `sk_test_forged_${randomBytes(8).toString("hex")}`
        : options.secretKey;
      const target = ask.url ?? options.webhookUrl;
      if (!target) return json(res, 400, { error: "no webhook URL" });
      const answer = await fetch(target, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "x-paystack-signature": paystackSignature(event, key),
        },
        body: event,
      });
      return json(res, 200, { status: answer.status, body: await answer.text() });
    }
    if (req.method === "GET" && path === "/__admin/transactions") {
      return json(res, 200, [...transactions.values()]);
    }
    return json(res, 404, { status: false, message: "Not found" });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    transactions,
    setInitializeMode: (mode) => (initializeMode = mode),
    setVerifyMode: (mode) => (verifyMode = mode),
    hanging: () => hanging.size,
    close: () =>
      new Promise((resolve) => {
        hanging.forEach((r) => r.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function eventData(t: FakeTransaction) {
  return {
    id: Number.parseInt(t.accessCode.slice(0, 8), 16),
    status: t.status,
    reference: t.reference,
    amount: t.reportedAmount ?? t.amount,
    currency: t.currency,
    paid_at: t.paidAt ?? null,
    channel: "card",
    customer: { email: t.email },
    metadata: t.metadata,
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function authorizationPage(t: FakeTransaction): string {
  const naira = `₦${(t.amount / 100).toLocaleString("en-NG")}`;
  return (
    `<!doctype html><html lang="en"><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>Fake Paystack checkout</title>` +
    `<body style="font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem">` +
    `<main><h1>Fake Paystack checkout</h1><p>A stand-in for Paystack's payment page. No money moves.</p>` +
    `<p>Pay <strong>${escape(naira)}</strong> as ${escape(t.email)}</p>` +
    `<p>Reference: <code>${escape(t.reference)}</code></p>` +
    `<form method="post"><button name="choice" value="pay">Pay</button> ` +
    `<button name="choice" value="fail">Fail payment</button> ` +
    `<button name="choice" value="cancel">Cancel</button></form></main></body></html>`
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(body);
}
