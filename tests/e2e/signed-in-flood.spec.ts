import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { signInWithLink } from "../support/editor";
import { spawnServer } from "../support/spawn-server";

/**
 * Issue 41, item 2: two hundred 1 MB posts sent at once by one signed-in editor, each within every
 * limit, ended in "JavaScript heap out of memory". The bodies read at once are now bounded, per
 * signed-in address and in total (server/http/body-budget.ts): the rest wait their turn or get a
 * 503 with Retry-After. On a site of its own, started with bin/serve's memory flags.
 */

test.describe.configure({ timeout: 240_000 });
// A site of its own on the embedded database; the Postgres run would only repeat it.
test.skip(Boolean(process.env.E2E_DATABASE_URL), "run once, in the first end-to-end run");

const EDITOR = "flood.editor@kindredhearts.ng";
const MB = 1024 * 1024;

/** One signed-in post of a 1 MB photo, as the editor's form sends it; its status, or -1. */
function postPhoto(url: string, origin: string, cookie: string, agent: Agent) {
  const boundary = "fl00dboundary";
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(MB, 7), Buffer.from(tail)]);
  return new Promise<{ status: number; retryAfter?: string }>((resolve) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(body.length),
          Origin: origin,
          Cookie: cookie,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers["retry-after"] as string | undefined,
          }),
        );
      },
    );
    req.on("error", () => resolve({ status: -1 }));
    req.end(body);
  });
}

/** The process's resident memory now and at its peak, in MB (Linux /proc). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

test("two hundred 1 MB posts at once from one signed-in editor: the site stays up, each gets an answer, memory stays bounded", async ({
  page,
}) => {
  const site = await spawnServer({
    EDITOR_EMAILS: EDITOR,
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    LOG_LEVEL: "warn",
  });
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    await signInWithLink(page, EDITOR, site.url);
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
    const cookie = (await page.context().cookies(site.url))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const before = memoryOf(site.child.pid!);

    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        postPhoto(`${site.url}/admin/services`, site.url, cookie, agent),
      ),
    );

    expect(site.child.exitCode).toBeNull();
    const statuses = answers.map((a) => a.status);
    // Each post is answered: by the editor's page (a post it cannot use is a 4xx or a redirect),
    // or, past the budget's wait, 503 with Retry-After. Never a crash, never a dropped connection.
    for (const a of answers) {
      expect(a.status === 503 || (a.status >= 200 && a.status < 500), String(a.status)).toBe(true);
      if (a.status === 503) expect(a.retryAfter).toBe("5");
    }
    // They go through in turn, a share at a time, not all refused (how many within the wait
    // depends on the machine: 70 to 200 here).
    expect(statuses.filter((s) => s !== 503).length).toBeGreaterThanOrEqual(16);
    const after = memoryOf(site.child.pid!);
    console.log(
      `signed-in flood: ${statuses.filter((s) => s === 503).length} of 200 answered 503; ` +
        `MB before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
    );
    // The peak stays within what a small server gives the site: its usual ~250 MB plus the
    // bodies held at once (32 MB, copied once or twice), far below 200 MB of bodies.
    expect(after.peak - before.rss, JSON.stringify({ before, after })).toBeLessThan(200);

    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    await page.goto(`${site.url}/admin`);
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();
  } finally {
    agent.destroy();
    await site.stop();
  }
});
