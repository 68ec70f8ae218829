import { expect, test } from "@playwright/test";
import { spawnServer } from "../support/spawn-server";

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const contact = {
  name: "Ada",
  email: "ada@example.com",
  phone: "",
  need: "other",
  message: "Hello, I would like to talk to someone.",
};

test.describe("forms refuse what they should", () => {
  test("a post from another site is refused with 403", async ({ baseURL }) => {
    const cases: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of cases) {
      const response = await fetch(`${baseURL}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: form(contact),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain("only be sent from our own website");
    }
  });

  test("a post from our own pages is accepted", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/newsletter`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(baseURL!).origin,
      },
      body: form({ email: `own.${Date.now()}@example.com` }),
    });
    expect(response.status).toBe(200);
  });

  test("an oversize body gets 413", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(baseURL!).origin,
      },
      body: form({ ...contact, message: "x".repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("too large");
  });

  test("a body that is not a form gets 400 with a clear message", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(baseURL!).origin },
      body: JSON.stringify(contact),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("not a form");
  });

  test("malformed multipart gets 400, not a crash", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=zzz",
        Origin: new URL(baseURL!).origin,
      },
      body: '--zzz\r\nContent-Disposition: form-data; name="na',
    });
    expect(response.status).toBe(400);
  });

  test("addresses without a form refuse posts with 405", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/about`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(baseURL!).origin,
      },
      body: "a=b",
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  test("random bodies never take the server down", async ({ baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const types = [
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=b",
      "text/plain",
      "application/json",
      "",
    ];
    const paths = [
      "/contact",
      "/schedule",
      "/newsletter",
      "/",
      "/no-such-page",
      "/newsletter/unsubscribe",
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 150; i++) {
      const length = Math.floor(random() * 3000);
      const bytes = new Uint8Array(length).map(() => Math.floor(random() * 256));
      const response = await fetch(`${baseURL}${paths[i % paths.length]}`, {
        method: "POST",
        headers: { "Content-Type": types[i % types.length]!, Origin: origin },
        body: bytes,
      });
      expect(response.status, `request ${i}`).toBeLessThan(500);
      await response.arrayBuffer();
    }
    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200);
    expect((await fetch(`${baseURL}/`)).status).toBe(200);
  });
});

test.describe("rate limit", () => {
  test.describe.configure({ timeout: 60_000 });

  test("over FORM_RATE_LIMIT per 10 minutes answers 429 with Retry-After and a friendly message", async () => {
    const server = await spawnServer({ FORM_RATE_LIMIT: "2" });
    try {
      const post = (ip?: string) =>
        fetch(`${server.url}/contact`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            ...(ip ? { "X-Forwarded-For": ip } : {}),
          },
          body: form(contact),
        });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.text()).toContain("Please wait about");
      // Without TRUST_PROXY a forged X-Forwarded-For does not escape the limit.
      expect((await post("198.51.100.7")).status).toBe(429);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
