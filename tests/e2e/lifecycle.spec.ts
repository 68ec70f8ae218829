import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { serverArgs } from "../support/local";

/** Starts a second server process of the built site, for start-up and shutdown behaviour. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
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
    const port = 40_000 + Math.floor(Math.random() * 10_000);
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
    const port = 40_000 + Math.floor(Math.random() * 10_000);
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
