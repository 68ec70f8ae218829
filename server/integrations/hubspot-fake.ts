import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeServer, json, readBody } from "./fake-http";

/**
 * A stand-in for HubSpot's Forms API on loopback, for tests and for `npm run dev` without a real
 * portal. It records what it receives and can be told to misbehave through /__admin/mode.
 */

export type FakeMode = "accept" | "reject" | "down" | "rate-limit" | "hang";

export interface FakeHubspot {
  url: string;
  received: { portalId: string; formId: string; body: unknown }[];
  /** how the fake answers, for one form or (without formId) for every form */
  setMode(mode: FakeMode, options?: { retryAfterSeconds?: number; formId?: string }): void;
  close(): Promise<void>;
}

export async function startFakeHubspot(port = 0): Promise<FakeHubspot> {
  let defaultMode: FakeMode = "accept";
  const formModes = new Map<string, FakeMode>();
  let retryAfterSeconds = 1;
  /** "down" sends Retry-After only when told to, as a real outage page may or may not */
  let downRetryAfter: number | undefined;
  const setMode: FakeHubspot["setMode"] = (next, options) => {
    retryAfterSeconds = options?.retryAfterSeconds ?? 1;
    downRetryAfter = options?.retryAfterSeconds;
    if (options?.formId) formModes.set(options.formId, next);
    else {
      defaultMode = next;
      formModes.clear();
    }
  };
  const received: FakeHubspot["received"] = [];
  const hanging = new Set<ServerResponse>();

  const server = fakeServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__admin/mode" && req.method === "POST") {
      const next = JSON.parse(body || "{}") as {
        mode: FakeMode;
        retryAfterSeconds?: number;
        formId?: string;
      };
      setMode(next.mode, next);
      return json(res, 200, { mode: next.mode });
    }
    if (url.pathname === "/__admin/received") return json(res, 200, received);
    if (url.pathname === "/__admin/reset" && req.method === "POST") {
      received.length = 0;
      setMode("accept");
      return json(res, 200, { ok: true });
    }
    const match = /^\/submissions\/v3\/integration\/submit\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!match || req.method !== "POST") return json(res, 404, { message: "Not found" });
    switch (formModes.get(match[2]!) ?? defaultMode) {
      case "down":
        if (downRetryAfter !== undefined) res.setHeader("Retry-After", String(downRetryAfter));
        return json(res, 503, { message: "Service unavailable" });
      case "rate-limit":
        res.setHeader("Retry-After", String(retryAfterSeconds));
        return json(res, 429, { message: "Too many requests" });
      case "hang":
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      case "reject":
        return json(res, 400, {
          status: "error",
          message: "The request is not valid",
          errors: [
            {
              message: "Error in 'fields.email'. Invalid email address",
              errorType: "INVALID_EMAIL",
            },
          ],
        });
      case "accept": {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return json(res, 400, { message: "Invalid JSON" });
        }
        received.push({ portalId: match[1]!, formId: match[2]!, body: parsed });
        return json(res, 200, { inlineMessage: "Thanks for submitting the form." });
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    setMode,
    close: () =>
      new Promise((resolve) => {
        hanging.forEach((r) => r.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
