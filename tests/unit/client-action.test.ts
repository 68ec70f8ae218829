import { afterEach, describe, expect, it, vi } from "vitest";
import {
  SEND_TIMEOUT_MS,
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

describe("retryDelayMs", () => {
  it("starts at 5 s, doubles, and is capped at a minute", () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});
