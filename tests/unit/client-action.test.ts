import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  SEND_TIMEOUT_MS,
  isForeignFailure,
  resilientClientAction,
  retryDelayMs,
  unreachable,
} from "../../app/lib/forms/client-action";

describe("resilientClientAction", () => {
  afterEach(() => vi.useRealTimers());

  it("passes the server's answer through", async () => {
    const answer = { outcome: "sent" };
    expect(await resilientClientAction({ serverAction: async () => answer })).toBe(answer);
  });

  it("turns a network failure (fetch's TypeError) into 'unreachable'", async () => {
    const serverAction = () => Promise.reject(new TypeError("Failed to fetch"));
    expect(await resilientClientAction({ serverAction })).toEqual(unreachable);
  });

  it("lets redirects and other errors go on to React Router", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/x" } });
    await expect(
      resilientClientAction({ serverAction: () => Promise.reject(redirect) }),
    ).rejects.toBe(redirect);
    await expect(
      resilientClientAction({ serverAction: () => Promise.reject(new Error("boom")) }),
    ).rejects.toThrow("boom");
  });

  it("waits for a slow answer up to the limit, then says 'unreachable'", async () => {
    vi.useFakeTimers();
    const result = resilientClientAction({ serverAction: () => new Promise(() => {}) });
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual(unreachable);
  });
});

/**
 * What React Router's single fetch throws from a form post, made as it makes it: a response
 * without its X-Remix-Response header at or above 400 becomes an error response holding the raw
 * body text; a body below 400 that is not a turbo stream fails to decode.
 */
const answers = {
  proxy413: new ErrorResponse(
    413,
    "Payload Too Large",
    "<html><body>413 Request Entity Too Large</body></html>",
  ),
  proxy429: new ErrorResponse(429, "Too Many Requests", "Rate limit exceeded"),
  proxy502: new ErrorResponse(502, "Bad Gateway", "<!doctype html><h1>502 Bad Gateway</h1>"),
  proxy503: new ErrorResponse(503, "", ""),
  proxy504: new ErrorResponse(504, "Gateway Timeout", "upstream timed out"),
  ourServerError: new ErrorResponse(
    500,
    "Internal Server Error",
    "Something went wrong. Please try again.",
  ),
  portalPage: new Error("Unable to decode turbo-stream response"),
  emptyBody: new Error("No response body to decode"),
};

describe("isForeignFailure: which failed posts were not answered by the site's own action", () => {
  for (const [name, error] of Object.entries(answers)) {
    it(`${name} is not the site's own answer`, () => {
      expect(isForeignFailure(error)).toBe(true);
    });
  }

  it("a network failure is not an answer at all", () => {
    expect(isForeignFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isForeignFailure(new TypeError("NetworkError when attempting to fetch resource."))).toBe(
      true,
    );
  });

  it("what the site's own actions throw is theirs: data objects, null, redirects, errors", () => {
    const badRequest = new ErrorResponse(400, "", {
      outcome: "bad-request",
      message: "We could not read that form.",
    });
    expect(isForeignFailure(badRequest)).toBe(false);
    expect(isForeignFailure(new ErrorResponse(404, "", null))).toBe(false);
    expect(isForeignFailure(new Response(null, { status: 302, headers: { Location: "/x" } }))).toBe(
      false,
    );
    expect(isForeignFailure(new Error("Unexpected Server Error"))).toBe(false);
    expect(isForeignFailure(undefined)).toBe(false);
  });

  it("the client action keeps the form for foreign answers and passes the site's own on", async () => {
    for (const error of Object.values(answers)) {
      expect(await resilientClientAction({ serverAction: () => Promise.reject(error) })).toEqual(
        unreachable,
      );
    }
    const own = new ErrorResponse(404, "", null);
    await expect(resilientClientAction({ serverAction: () => Promise.reject(own) })).rejects.toBe(
      own,
    );
  });
});

describe("retryDelayMs", () => {
  it("starts at 5 s, doubles, and is capped at a minute", () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});
