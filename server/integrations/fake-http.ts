import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";

/** The little HTTP the loopback fakes of outside services share. */

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
  });
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * An HTTP server for a fake whose handler may throw or reject (a webhook to a site that is down, a
 * malformed admin request): that request is answered 500 with the reason, and the fake goes on
 * serving. Unhandled, the rejection would end the process, and with it the fakes every other test
 * of the run relies on.
 */
export function fakeServer(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
): Server {
  return createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      json(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
}
