import { Writable } from "node:stream";
import express from "express";
import { expect, it } from "vitest";
import { warnForwardedOnce } from "../../server/http/forwarded-warning";
import { createLogger } from "../../server/operations/logger";

it("X-Forwarded-For with TRUST_PROXY off is logged once, without any address", async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = express();
  app.use(warnForwardedOnce(createLogger("info", sink)));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  try {
    await fetch(`http://127.0.0.1:${port}/`);
    expect(lines).toHaveLength(0);
    for (const address of ["203.0.113.7", "198.51.100.9, 10.0.0.1"]) {
      await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": address } });
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("TRUST_PROXY");
    expect(lines[0]).not.toMatch(/203\.0\.113|198\.51\.100|10\.0\.0/);
  } finally {
    server.close();
  }
});
