import { openContentStore } from "../../server/content/store";
import { type Server, createServer } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { createLogger } from "../../server/operations/logger";
import { openTempPglite } from "../support/databases";

/** One request written by hand, as a scanner or an old client sends it; the answer's status. */
function rawRequest(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      if (status) resolve(Number(status[1]));
      else reject(new Error(`no HTTP answer: ${JSON.stringify(answer.slice(0, 80))}`));
    });
  });
}

describe("a bad or missing Host header", () => {
  const lines: { level: number; msg: string }[] = [];
  let database: Database;
  let cleanup: () => Promise<void>;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ({ database, cleanup } = await openTempPglite("site-host-")());
    const logger = createLogger("info", {
      write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }),
    });
    const content = await openContentStore({ db: database.db, logger });
    const { handle } = createApp({
      content,
      config: loadConfig({ SITE_URL: "http://localhost:3000" }),
      database,
      logger,
      // Never reached for these requests: they are answered before any page is rendered.
      build: () => Promise.reject(new Error("no page may be rendered for a bad Host")),
      version: "test",
    });
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.close();
    await cleanup?.();
  });

  it("is a 400 with a warning, never a 500 or an error line, on pages and .data requests", async () => {
    const requests = [
      "GET /contact HTTP/1.1\r\nHost: 127.0.0.1:99999\r\nConnection: close\r\n\r\n",
      "GET /contact.data HTTP/1.1\r\nHost: 127.0.0.1:99999\r\nConnection: close\r\n\r\n",
      "GET /thank-you?ref=KH-1 HTTP/1.1\r\nHost: exa mple.com\r\nConnection: close\r\n\r\n",
      "GET /contact HTTP/1.0\r\n\r\n",
      "GET /newsletter.data HTTP/1.0\r\n\r\n",
      "POST /contact HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Content-Length: 7\r\n\r\nname=Ad",
    ];
    for (const request of requests) {
      expect(await rawRequest(port, request), JSON.stringify(request)).toBe(400);
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.level === 40 && /Host/.test(l.msg))).toHaveLength(requests.length);
  });
});
