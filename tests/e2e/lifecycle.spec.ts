import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startFakePaystack } from "../../server/integrations/paystack-fake";
import { freePort, serverArgs } from "../support/local";

const healthz = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status;

/** The one child of a process: under unshare, the server running as process 1. */
function childOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim());
}

/**
 * Starts a second server process of the built site, for start-up and shutdown behaviour; with
 * `pid1`, as process 1 of a fresh PID namespace, as in a container (needs root and unshare).
 */
function startServer(env: Record<string, string>, options: { pid1?: boolean } = {}) {
  const node = [process.execPath, ...serverArgs()];
  const command = options.pid1
    ? ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc", ...node]
    : node;
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SITE_URL: `http://127.0.0.1:${env.PORT ?? 3000}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

test.describe("server lifecycle", () => {
  // A fresh embedded database takes a while to create on a busy machine.
  test.describe.configure({ timeout: 150_000 });

  test("stops cleanly on SIGTERM after finishing in-flight requests", async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-life-"));
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await expect
      .poll(
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status,
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
    // Production on the embedded database: one clear warning at start, naming DATABASE_URL.
    const warnings = server
      .output()
      .split("\n")
      .filter((line) => line.includes("pglite#1107"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("DATABASE_URL");
    // A second process on the same DATA_DIR is refused before it opens the database.
    const second = startServer({ PORT: "0", DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("already open");
    // A request whose headers are half sent is in flight when the signal arrives.
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let response = "";
    socket.on("data", (d) => (response += d));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.write("GET /services HTTP/1.1\r\nHost: localhost\r\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write("Connection: close\r\n\r\n");
    await closed;
    expect(response).toMatch(/^HTTP\/1.1 200/);
    expect(response).toContain("Support for every season of love");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("stopped");
  });

  test("a container's process 1 killed with -9 starts again on the same DATA_DIR", async () => {
    // Two starts of a fresh embedded database, each slow on a busy machine.
    test.setTimeout(300_000);
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-life-")) };
    const first = startServer(env, { pid1: true });
    await expect.poll(() => healthz(port), { timeout: 90_000 }).toBe(200);
    // kill -9 the namespace's process 1 (unshare's child), as a container runtime does.
    process.kill(childOf(first.child.pid!), "SIGKILL");
    await first.exited;
    const again = startServer(env, { pid1: true });
    try {
      await expect.poll(() => healthz(port), { timeout: 90_000 }).toBe(200);
      expect(again.output()).not.toContain("already open");
    } finally {
      // unshare itself ignores SIGTERM; the server inside gets it, as from a container runtime.
      process.kill(childOf(again.child.pid!), "SIGTERM");
      expect(await again.exited).toBe(0);
    }
  });

  test("SIGTERM while Paystack hangs: the sweep is aborted, it exits cleanly and starts again", async () => {
    test.setTimeout(300_000);
    const paystack = await startFakePaystack({ secretKey: "sk_test_lifecycle" });
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-life-")),
      PAYSTACK_SECRET_KEY: "sk_test_lifecycle",
      PAYSTACK_API_URL: paystack.url,
      PAYSTACK_RECONCILE_SECONDS: "1",
      FORM_RATE_LIMIT: "100",
    };
    try {
      const server = startServer(env);
      await expect.poll(() => healthz(port), { timeout: 90_000 }).toBe(200);
      // Three unpaid orders: a sweep asks Paystack about each, and Paystack never answers.
      paystack.setVerifyMode("hang");
      for (const n of [1, 2, 3]) {
        const answer = await fetch(`http://127.0.0.1:${port}/checkout?item=happier-marriage`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: `http://127.0.0.1:${port}` },
          body: new URLSearchParams({
            name: "Ada Obi",
            email: `ada.${n}@example.com`,
            phone: "+234 803 000 1111",
          }),
        });
        expect(answer.status).toBe(303);
      }
      // The next sweep (every second) is now waiting on Paystack.
      await expect.poll(() => paystack.hanging(), { timeout: 10_000 }).toBeGreaterThan(0);
      const started = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      // Each verify may wait 10 s, three of them more than the 25 s forced exit; none is awaited.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(server.output()).toContain("stopped");

      const next = startServer(env);
      await expect.poll(() => healthz(port), { timeout: 90_000 }).toBe(200);
      next.child.kill("SIGTERM");
      expect(await next.exited).toBe(0);
    } finally {
      await paystack.close();
    }
  });

  test("production without SITE_URL refuses to start, saying what to set", async () => {
    const server = startServer({ PORT: "0", SITE_URL: "" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      "SITE_URL is not set: set it to the public address of the site, e.g. https://kindredhearts.ng",
    );
  });

  test("an invalid variable stops the start with a message naming it", async () => {
    const server = startServer({ PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT");
  });

  test("an unusable DATA_DIR stops the start with a message naming the path", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "site-life-")), "a-file");
    writeFileSync(file, "not a directory");
    const server = startServer({ PORT: "0", DATA_DIR: file });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(file);
  });

  test("request logs carry method, path without query, status and time, and nothing personal", async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-life-")),
    });
    await expect
      .poll(
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status,
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
    await fetch(`http://127.0.0.1:${port}/about?email=ada@example.com`);
    await fetch(`http://127.0.0.1:${port}/missing-page?name=Ada`);
    server.child.kill("SIGTERM");
    await server.exited;
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l));
    const about = lines.find((l) => l.path === "/about");
    expect(about).toMatchObject({ method: "GET", status: 200 });
    expect(typeof about.ms).toBe("number");
    expect(lines.find((l) => l.path === "/missing-page" && l.status === 404)).toBeTruthy();
    expect(server.output()).not.toContain("ada@example.com");
    expect(server.output()).not.toContain("Ada");
  });
});
