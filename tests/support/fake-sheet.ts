import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the SheetDB-style testimonials API on 127.0.0.1 (STYLE.md rule 6), so tests never
 * call the internet. Like the real service it answers `GET /search?...` with a JSON array of rows
 * keyed by the sheet's headers; unlike it, it can be told to fail or to be slow.
 */

export type SheetRow = Record<string, unknown>;
export type SheetMode = "ok" | "down" | "slow" | "garbage";

export interface FakeSheet {
  /** base URL to use as TESTIMONIALS_API_URL */
  url: string;
  /** every request path with its query string, oldest first */
  requests: string[];
  setRows(rows: SheetRow[]): void;
  /** ok: 200 with the rows; down: 503; slow: the rows after `slowMs`; garbage: 200 with HTML */
  setMode(mode: SheetMode, slowMs?: number): void;
  close(): Promise<void>;
}

export async function startFakeSheet(initialRows: SheetRow[] = []): Promise<FakeSheet> {
  let rows = initialRows;
  let mode: SheetMode = "ok";
  let delay = 0;
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const send = () => {
      if (mode === "down") {
        res.writeHead(503, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: "Service unavailable" }));
        return;
      }
      if (mode === "garbage") {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end("<html><body>Rate limit exceeded</body></html>");
        return;
      }
      if (!req.url?.startsWith("/search")) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(rows));
    };
    if (mode === "slow") {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send();
      }, delay);
      timers.add(timer);
    } else {
      send();
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setRows(next) {
      rows = next;
    },
    setMode(next, slowMs = 5_000) {
      mode = next;
      delay = slowMs;
    },
    close() {
      timers.forEach(clearTimeout);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A sheet row as the practice's form writes it. */
export function sheetRow(
  name: string,
  options: { review?: string; stars?: number | string; country?: string; approved?: string } = {},
): SheetRow {
  return {
    "Your Name": name,
    "Your Review":
      options.review ?? `${name} found the sessions warm, practical and life-changing.`,
    "How would you rate your experience": String(options.stars ?? 5),
    "Respondent's country": options.country ?? "Nigeria",
    Approved: options.approved ?? "Yes",
  };
}
