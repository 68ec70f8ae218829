import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { spawnServer } from "../support/spawn-server";

/**
 * Issue 29, H1: one anonymous post of millions of tiny fields took the whole site down (every
 * field was built in a heap bin/serve caps at 128 MB). The server here is started with bin/serve's
 * own flags (spawn-server.ts), with the editor on, as on a live site.
 */

// Two million `a=1&` fields: 8 MB.
const manyFields = "a=1&".repeat(2_000_000);

function multipartFields(count: number) {
  const boundary = "b0undary";
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: part.repeat(count) + `--${boundary}--\r\n`,
  };
}

/** A body sent in chunks, without a Content-Length. */
function postChunked(url: string, origin: string, chunk: string, times: number) {
  return new Promise<number>((resolve) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    // The server may answer and close before everything is sent.
    req.on("error", () => resolve(-1));
    let sent = 0;
    const write = () => {
      while (sent < times) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

test.describe("a post that would cost the server too much is refused before it is read", () => {
  test.describe.configure({ timeout: 180_000 });

  test("millions of tiny fields to the editor's open addresses get 413, and the site stays up", async () => {
    const site = await spawnServer({ EDITOR_EMAILS: "editor@kindredhearts.ng" });
    try {
      const origin = site.url;
      const multipart = multipartFields(150_000);
      for (const path of ["/admin", "/admin/sign-in", "/admin/sign-in.data"]) {
        for (const [type, body] of [
          ["application/x-www-form-urlencoded", manyFields],
          [multipart.type, multipart.body],
        ] as const) {
          const started = Date.now();
          const response = await fetch(`${site.url}${path}`, {
            method: "POST",
            headers: { "Content-Type": type, Origin: origin },
            body,
          }).catch(() => undefined);
          // An answer (or a closed connection), quickly, and never a crash.
          if (response) {
            expect(response.status, `${path} ${type}`).toBe(413);
            expect(await response.text()).toContain("too large");
          }
          expect(Date.now() - started, `${path} ${type}`).toBeLessThan(20_000);
        }
        // A small post with too many fields is refused too, by its count.
        const small = await fetch(`${site.url}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
          body: "a=1&".repeat(200),
        });
        expect(small.status, path).toBe(413);
        expect(await small.text()).toContain("too many fields");
      }
      // Without a length, the count is kept as the body arrives.
      const chunked = await postChunked(`${site.url}/admin`, origin, "a=1&".repeat(1024), 2048);
      expect([411, 413, -1]).toContain(chunked);

      expect(site.child.exitCode).toBeNull();
      const health = await fetch(`${site.url}/healthz`);
      expect(health.status).toBe(200);
      const page = await fetch(`${site.url}/about`);
      expect(page.status).toBe(200);
      // The sign-in form still works for a real editor.
      const signIn = await fetch(`${site.url}/admin`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: "email=editor%40kindredhearts.ng",
      });
      expect(signIn.status).toBe(302);
    } finally {
      await site.stop();
    }
  });

  test("a public form with thousands of fields gets 413 and the form still works", async () => {
    const site = await spawnServer();
    try {
      const response = await fetch(`${site.url}/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
        body: "a=1&".repeat(20_000),
      });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain("too many fields");
      const ok = await fetch(`${site.url}/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
        body: new URLSearchParams({ email: "reader@example.com" }).toString(),
      });
      expect(ok.status).toBe(200);
    } finally {
      await site.stop();
    }
  });
});
