import { describe, expect, it, vi } from "vitest";
import { createBodyBudget } from "../../server/http/body-budget";

/**
 * How many posted bodies the process holds at once (issue 41, item 2; ASVS 15.2.2): in all and
 * per sender, the excess waiting its turn for a while and then refused.
 */

const MB = 1024 * 1024;
const limits = {
  totalBytes: 16 * MB,
  minBytes: 256 * 1024,
  maxWaiting: 6,
  maxWaitingPerKey: 3,
  waitMs: 1_000,
};

describe("the bodies held at once", () => {
  it("lets one editor hold their share at most; the next post waits, then goes in when one is answered", async () => {
    const budget = createBodyBudget(limits);
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await budget.acquire("editor:a", 3 * MB, 12 * MB));
    expect(held.every((release) => release !== undefined)).toBe(true);
    expect(budget.usage("editor:a")).toEqual({ bytes: 12 * MB, keyBytes: 12 * MB, waiting: 0 });

    let fifth: (() => void) | undefined;
    const waiting = budget.acquire("editor:a", 3 * MB, 12 * MB).then((r) => (fifth = r));
    await Promise.resolve();
    expect(fifth).toBeUndefined();
    expect(budget.usage().waiting).toBe(1);
    // Another sender is not held up by the first one's share.
    expect(await budget.acquire("address:203.0.113.9", 80 * 1024, MB)).toBeDefined();

    held[0]!();
    await waiting;
    expect(fifth).toBeDefined();
    expect(budget.usage("editor:a").keyBytes).toBe(12 * MB);
  });

  it("counts every sender together: past the total, posts wait whoever sends them", async () => {
    const budget = createBodyBudget(limits);
    for (let i = 0; i < 16; i++)
      expect(await budget.acquire(`address:198.51.100.${i}`, 1, MB)).toBeDefined();
    // Each counted at least minBytes: 16 short posts are 4 MB.
    expect(budget.usage().bytes).toBe(4 * MB);
    const big = await budget.acquire("editor:a", 12 * MB, 12 * MB);
    expect(big).toBeDefined();
    let next: (() => void) | undefined;
    void budget.acquire("address:192.0.2.1", 80 * 1024, MB).then((r) => (next = r));
    await Promise.resolve();
    expect(next).toBeUndefined();
    big!();
    await vi.waitFor(() => expect(next).toBeDefined());
  });

  it("refuses at once when too many of one sender wait, and after waitMs when the site stays full", async () => {
    vi.useFakeTimers();
    try {
      const budget = createBodyBudget(limits);
      for (let i = 0; i < 4; i++) await budget.acquire("editor:a", 3 * MB, 12 * MB);
      const waits = Array.from({ length: 3 }, () => budget.acquire("editor:a", 3 * MB, 12 * MB));
      expect(await budget.acquire("editor:a", 3 * MB, 12 * MB)).toBeUndefined();
      expect(budget.usage().waiting).toBe(3);
      await vi.advanceTimersByTimeAsync(limits.waitMs);
      expect(await Promise.all(waits)).toEqual([undefined, undefined, undefined]);
      expect(budget.usage().waiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets a post whose sender went away while it waited", async () => {
    const budget = createBodyBudget(limits);
    const first = await budget.acquire("editor:a", 12 * MB, 12 * MB);
    const gone = new AbortController();
    const waiting = budget.acquire("editor:a", MB, 12 * MB, gone.signal);
    expect(budget.usage().waiting).toBe(1);
    gone.abort();
    expect(await waiting).toBeUndefined();
    expect(budget.usage().waiting).toBe(0);
    first!();
    expect(budget.usage()).toEqual({ bytes: 0, keyBytes: 0, waiting: 0 });
  });

  it("never asks for more than one sender's share, so the largest post can always go in", async () => {
    const budget = createBodyBudget(limits);
    const release = await budget.acquire("editor:a", 40 * MB, 12 * MB);
    expect(release).toBeDefined();
    expect(budget.usage().bytes).toBe(12 * MB);
  });
});
