import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { IDEMPOTENCY_FIELD } from "../../app/lib/forms/fields";
import { spawnServer } from "../support/spawn-server";

/**
 * Issue 25, item 19: a site whose SITE_URL is https sits behind a proxy that terminates TLS and
 * talks plain http to it. Without TRUST_PROXY the site cannot tell from the request that the
 * visitor used https, yet every form must still be accepted from SITE_URL, and only from there.
 */
const SITE_URL = "https://www.kindredhearts.example";

const contact = new URLSearchParams({
  name: "Ada Proxy",
  email: "ada.proxy@example.com",
  phone: "",
  need: "other",
  message: "Sent through the proxy, please call me back.",
}).toString();

/** A POST as a TLS proxy passes it on: plain http, the visitor's Host and Origin kept. */
function postThroughProxy(url: string, path: string, origin: string, body: string) {
  return new Promise<{ status: number; location?: string; text: string }>((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method: "POST",
        headers: {
          Host: new URL(SITE_URL).host,
          Origin: origin,
          "X-Forwarded-For": "203.0.113.9",
          "X-Forwarded-Proto": "https",
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("behind a TLS proxy without TRUST_PROXY", () => {
  test.describe.configure({ timeout: 150_000 });

  test("a form sent from SITE_URL is accepted, with and without JavaScript; another origin is refused", async () => {
    const server = await spawnServer({ SITE_URL, LOG_LEVEL: "warn" });
    try {
      const page = await postThroughProxy(server.url, "/contact", SITE_URL, contact);
      expect(page.status, page.text).toBe(303);
      expect(page.location).toMatch(/^\/contact\?sent=/);

      // The hydrated form posts to the route's data address, with its idempotency key.
      const key = new URLSearchParams({ [IDEMPOTENCY_FIELD]: crypto.randomUUID() });
      const fetched = await postThroughProxy(
        server.url,
        "/contact.data",
        SITE_URL,
        `${contact}&${key}`,
      );
      expect(fetched.status, fetched.text).toBe(200);

      const foreign = await postThroughProxy(
        server.url,
        "/contact",
        "https://evil.example",
        contact,
      );
      expect(foreign.status).toBe(403);
      expect(foreign.text).toContain("This form can only be sent from our own website.");

      expect(server.output()).not.toContain("Aborting the action");
    } finally {
      await server.stop();
    }
  });
});
