/**
 * The outside services of the end-to-end suite, in one process started by playwright.config.ts:
 * a fake HubSpot, a fake SMTP server, a fake Paystack, and an admin API the tests use to read and
 * steer them.
 *   FAKE_HUBSPOT_PORT, FAKE_SMTP_PORT, FAKES_ADMIN_PORT, FAKE_PAYSTACK_PORT (its own admin API),
 *   PAYSTACK_SECRET_KEY and SITE_URL (where its webhooks go)
 */
import { fakeServer } from "../../server/integrations/fake-http";
import { startFakeHubspot } from "../../server/integrations/hubspot-fake";
import { startFakePaystack } from "../../server/integrations/paystack-fake";
import { startFakeSmtp } from "./fake-smtp";

const hubspot = await startFakeHubspot(Number(process.env.FAKE_HUBSPOT_PORT));
const smtp = await startFakeSmtp(Number(process.env.FAKE_SMTP_PORT));
const paystack = await startFakePaystack({
  port: Number(process.env.FAKE_PAYSTACK_PORT),
  secretKey: process.env.PAYSTACK_SECRET_KEY ?? "sk_test_fake",
  webhookUrl: `${process.env.SITE_URL}/webhooks/paystack`,
});

fakeServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const send = (value: unknown) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(value));
  };
  if (req.method === "GET" && req.url?.startsWith("/provider/")) {
    // A stand-in for the scheduling provider's booking page: shows the prefill it was given and
    // tells the embedding page when the visitor "books", as the real provider does.
    const q = new URL(req.url, "http://x").searchParams;
    res.writeHead(200, { "Content-Type": "text/html" });
    return res.end(
      `<!doctype html><title>Fake booking</title><main><h1>Pick a time</h1>` +
        `<p id="prefill">${[q.get("name"), q.get("email"), q.get("a1"), q.get("embed_domain"), q.get("embed_type")].map((v) => String(v).replace(/</g, "&lt;")).join(" | ")}</p>` +
        `<button onclick="parent.postMessage({event:'calendly.event_scheduled',payload:{}}, '*')">Confirm booking</button></main>`,
    );
  }
  switch (`${req.method} ${req.url}`) {
    case "GET /health":
      return send({ ok: true });
    case "GET /smtp/messages":
      return send(smtp.messages);
    case "POST /smtp/mode":
      smtp.setMode(JSON.parse(body).mode);
      return send({ ok: true });
    case "POST /reset":
      smtp.messages.length = 0;
      smtp.setMode("accept");
      hubspot.received.length = 0;
      hubspot.setMode("accept");
      return send({ ok: true });
    default:
      res.writeHead(404).end();
  }
}).listen(Number(process.env.FAKES_ADMIN_PORT), "127.0.0.1");

console.log(`fakes: hubspot ${hubspot.url}, smtp ${smtp.port}, paystack ${paystack.url}`);
