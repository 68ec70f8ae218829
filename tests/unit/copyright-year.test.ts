import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lagosYear, nextLagosNewYear } from "~/lib/lagos-year";
import { createPageCache } from "../../server/http/pages/page-cache";
import { createLogger } from "../../server/operations/logger";

/** The site as the page cache sees it: a sitemap of one page that says the year in Lagos. */
vi.mock("react-router", async (original) => ({
  ...(await original<typeof import("react-router")>()),
  createRequestHandler: () => async (request: Request) =>
    new URL(request.url).pathname === "/sitemap.xml"
      ? new Response("<urlset><url><loc>https://example.ng/about</loc></url></urlset>")
      : new Response(`<html><body>© ${lagosYear(Date.now())}</body></html>`, {
          headers: { "content-type": "text/html; charset=utf-8" },
        }),
}));

afterEach(() => {
  vi.useRealTimers();
});

/** Asks the cache for `path`: the page it answered from memory, or null when it did not. */
function fromMemory(cache: ReturnType<typeof createPageCache>, path: string): string | null {
  let body: Buffer | undefined;
  const res = {
    writeHead: () => res,
    end: (chunk?: Buffer) => {
      body = chunk;
    },
  } as unknown as ServerResponse;
  const req = { method: "GET", url: path, headers: {} } as IncomingMessage;
  return cache.serve(req, res) ? (body?.toString() ?? "") : null;
}

describe("the year in the footer", () => {
  it("is the year in Lagos, which begins at 23:00 UTC on 31 December", () => {
    expect(lagosYear(Date.parse("2026-12-31T22:59:59Z"))).toBe(2026);
    expect(lagosYear(Date.parse("2026-12-31T23:00:00Z"))).toBe(2027);
    expect(nextLagosNewYear(Date.parse("2026-06-01T12:00:00Z"))).toBe(
      Date.parse("2026-12-31T23:00:00Z"),
    );
    expect(nextLagosNewYear(Date.parse("2026-12-31T23:00:00Z"))).toBe(
      Date.parse("2027-12-31T23:00:00Z"),
    );
  });

  it("is never last year's on a page kept in memory, even within a minute of its rendering", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-31T22:59:30Z"));
    const cache = createPageCache({
      build: {} as ServerBuild,
      loadContext: () => ({}) as never,
      pageHeaders: () => ({}),
      siteUrl: "https://example.ng",
      logger: createLogger("silent"),
    });
    await cache.warm();
    expect(fromMemory(cache, "/about")).toContain("© 2026");

    // 23:59:50 in Lagos, then ten seconds later: a page a minute old is still fresh by the cache's
    // minute, but it was rendered last year.
    vi.setSystemTime(new Date("2026-12-31T22:59:50Z"));
    expect(fromMemory(cache, "/about")).toContain("© 2026");
    vi.setSystemTime(new Date("2026-12-31T23:00:00Z"));
    expect(fromMemory(cache, "/about")).toBeNull();

    // Rendered again for the next visitor, with the new year.
    await vi.waitFor(() => expect(fromMemory(cache, "/about")).toContain("© 2027"));
  });
});
