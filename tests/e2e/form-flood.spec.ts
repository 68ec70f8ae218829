import { readFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { signInWithLink } from "../support/editor";
import { uniqueId } from "../support/fixtures";
import { spawnServer } from "../support/spawn-server";

/**
 * Issue 41, item 2 (ASVS 15.2.2): a flood of posts, each within every limit, never takes the
 * process down. A site of its own (bin/serve's 128 MB heap), flooded with 200 parallel 1 MB posts
 * by one signed-in editor and then 200 parallel public forms from one address: it stays up, each
 * post is answered (a page, or 503 with Retry-After), and its memory stays bounded.
 */

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 300_000 });

/**
 * The most the process may hold (resident set) while flooded. `npm run bench` measures about 180
 * MB after load on the embedded database (docs/operations.md), this site about 230 MB once an
 * editor has signed in; the heap stops at 128 MB whatever happens (bin/serve); a 1 GB server is
 * what docs/deployment.md asks for. Measured on 2026-11-28: before the flood 232 MB, at its peak
 * 314 MB; without the bound the process died of "heap out of memory" at about 324 MB.
 */
const RSS_LIMIT_MB = 384;
const FLOOD = 200;

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1] ?? 0) / 1024;
}

/** Samples the process's RSS every 50 ms until stopped; the highest seen. */
function watchRss(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process has gone: the test says so by its health check.
    }
  }, 50);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * One post with a body of `body`, sent as a browser on a slow line sends a form: all but its last
 * bytes at once, the rest when `tail` resolves (so every post of a flood is in the site at the
 * same moment, as on a real network). Its status and Retry-After.
 */
function post(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  tail: Promise<unknown>,
): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(body.length) } },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers["retry-after"],
          }),
        );
      },
    );
    // A connection the site closed (or a site that died) is an answer of 0.
    request.on("error", () => resolve({ status: 0 }));
    request.write(body.subarray(0, body.length - 64));
    void tail.then(() => request.end(body.subarray(body.length - 64)));
  });
}

/**
 * The last bytes of every post of a flood, sent together 5 s after the last post was begun: every
 * post is in the site at once, however long a busy machine takes to begin them all.
 */
function slowLine() {
  let release!: () => void;
  const tail = new Promise<void>((resolve) => (release = resolve));
  return { tail, sendTails: () => setTimeout(release, 5_000) };
}

/** A multipart form of `fields` text fields of `size` bytes each, and its content type. */
function multipartForm(fields: Record<string, string>, padding: { count: number; size: number }) {
  const boundary = `----flood${uniqueId()}`;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
  const filler = "x".repeat(padding.size);
  for (let i = 0; i < padding.count; i++)
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="note${i}"\r\n\r\n${filler}\r\n`,
    );
  parts.push(`--${boundary}--\r\n`);
  return {
    body: Buffer.from(parts.join("")),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

test("a signed-in editor's 200 parallel 1 MB posts, and 200 public forms, leave the site up and its memory bounded", async ({
  page,
}) => {
  const editor = `flood.${uniqueId()}@kindredhearts.ng`;
  const server = await spawnServer({
    EDITOR_EMAILS: editor,
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    FORM_RATE_LIMIT: "1000",
  });
  const pid = server.child.pid!;
  try {
    await signInWithLink(page, editor, server.url);
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
    const cookie = (await page.context().cookies(server.url))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const before = rssMb(pid);

    // 16 fields of 64,000 bytes: about 1 MB, within every limit of an editor's post.
    const form = multipartForm(
      { _action: "publish", baseVersion: "1" },
      { count: 16, size: 64_000 },
    );
    expect(form.body.length).toBeGreaterThan(1_000_000);
    const stop = watchRss(pid);
    const editorLine = slowLine();
    const editorFlood = Promise.all(
      Array.from({ length: FLOOD }, () =>
        post(
          `${server.url}/admin/faq`,
          form.body,
          { "content-type": form.type, cookie, origin: server.url, accept: "text/html" },
          editorLine.tail,
        ),
      ),
    );
    editorLine.sendTails();
    const editorAnswers = await editorFlood;
    const editorPeak = stop();

    // Public forms from one address: 200 contact messages of 70 KB each, in parallel.
    const message = "Hello. ".repeat(10_000);
    const contact = Buffer.from(
      new URLSearchParams({
        name: "Flood Tester",
        email: "flood@example.com",
        message,
      }).toString(),
    );
    const stopPublic = watchRss(pid);
    const publicLine = slowLine();
    const publicFlood = Promise.all(
      Array.from({ length: FLOOD }, () =>
        post(
          `${server.url}/contact`,
          contact,
          {
            "content-type": "application/x-www-form-urlencoded",
            origin: server.url,
            accept: "text/html",
          },
          publicLine.tail,
        ),
      ),
    );
    publicLine.sendTails();
    const publicAnswers = await publicFlood;
    const publicPeak = stopPublic();
    test.info().annotations.push({
      type: "rss",
      description: `before ${before.toFixed(0)} MB; editor flood peak ${editorPeak.toFixed(0)} MB; public flood peak ${publicPeak.toFixed(0)} MB`,
    });
    const tally = (answers: { status: number }[]) => {
      const counts: Record<string, number> = {};
      for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
      return JSON.stringify(counts);
    };
    console.log(`editor answers ${tally(editorAnswers)}, public answers ${tally(publicAnswers)}`);
    console.log(
      `RSS before ${before.toFixed(0)} MB, editor flood peak ${editorPeak.toFixed(0)} MB, public flood peak ${publicPeak.toFixed(0)} MB`,
    );

    // Still up, and it says so.
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain("heap out of memory");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(editorPeak).toBeLessThan(RSS_LIMIT_MB);
    expect(publicPeak).toBeLessThan(RSS_LIMIT_MB);

    // Every post was answered: by its page, or 503 with when to try again; none was cut off.
    for (const answers of [editorAnswers, publicAnswers]) {
      expect(answers.filter((a) => a.status === 0)).toHaveLength(0);
      expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toHaveLength(0);
      for (const busy of answers.filter((a) => a.status === 503))
        expect(busy.retryAfter).toBe("10");
      // Some got through: the site held the rest back rather than turning everyone away.
      expect(answers.filter((a) => a.status !== 503).length).toBeGreaterThan(10);
    }
    const busy = editorAnswers.filter((a) => a.status === 503).length;
    expect(busy).toBeGreaterThan(0);

    // The editor, on their phone, carries on as before.
    await page.goto(`${server.url}/admin`);
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
  } finally {
    await server.stop();
  }
});
