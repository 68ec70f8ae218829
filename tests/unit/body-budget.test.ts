import { describe, expect, it } from "vitest";
import { createBodyBudget } from "../../server/http/body-budget";

const MB = 1024 * 1024;
const options = { totalBytes: 10 * MB, perOwnerBytes: 4 * MB, waitMs: 200 };

describe("the bytes of posted forms held at once", () => {
  it("lets one signed-in address hold its share, and makes its next post wait until one is answered", async () => {
    const budget = createBodyBudget(options);
    const first = await budget.reserve("ada@example.com", 2 * MB);
    const second = await budget.reserve("ada@example.com", 2 * MB);
    expect(first && second).toBeTruthy();
    let third: unknown = "waiting";
    const pending = budget.reserve("ada@example.com", 1 * MB).then((r) => (third = r));
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe("waiting");
    // Another address is not held back by Ada's share.
    expect(await budget.reserve("bola@example.com", 3 * MB)).toBeTypeOf("function");
    first!();
    await pending;
    expect(third).toBeTypeOf("function");
    expect(budget.state()).toEqual({ used: 6 * MB, waiting: 0 });
  });

  it("holds at most the total, and a post that waits too long is turned away", async () => {
    const budget = createBodyBudget(options);
    const held = await Promise.all(["a", "b", "c"].map((owner) => budget.reserve(owner, 3 * MB)));
    expect(held.every((r) => typeof r === "function")).toBe(true);
    // 9 MB held: a 2 MB post does not fit, a visitor's 80 KB one does.
    expect(await budget.reserve(undefined, 80 * 1024)).toBeTypeOf("function");
    const started = Date.now();
    expect(await budget.reserve("d", 2 * MB)).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(budget.state().waiting).toBe(0);
  });

  it("serves waiting posts in order, each address's in its own order, and gives back once", async () => {
    const budget = createBodyBudget(options);
    const big = await budget.reserve("a", 4 * MB);
    const other = await budget.reserve("b", 4 * MB);
    const order: string[] = [];
    const waits = [
      budget.reserve("a", 1 * MB).then((r) => (order.push("a1"), r)),
      budget.reserve("a", 1 * MB).then((r) => (order.push("a2"), r)),
      budget.reserve("c", 3 * MB).then((r) => (order.push("c"), r)),
    ];
    await new Promise((r) => setTimeout(r, 10));
    // c's 3 MB fit beside the 8 MB held? No: 11 > 10. a's wait for a's own share.
    expect(order).toEqual([]);
    big!();
    big!();
    const granted = await Promise.all(waits);
    expect(order).toEqual(["a1", "a2", "c"]);
    expect(granted.every((r) => typeof r === "function")).toBe(true);
    other!();
    for (const r of granted) r!();
    expect(budget.state()).toEqual({ used: 0, waiting: 0 });
  });

  it("forgets a post whose sender went away while it waited", async () => {
    const budget = createBodyBudget({ ...options, waitMs: 5_000 });
    await budget.reserve("a", 4 * MB);
    let goAway: () => void = () => {};
    const waiting = budget.reserve("a", 1 * MB, (give) => (goAway = give));
    expect(budget.state().waiting).toBe(1);
    goAway();
    expect(await waiting).toBeUndefined();
    expect(budget.state()).toEqual({ used: 4 * MB, waiting: 0 });
  });

  it("caps one post's reservation at an address's share, so the largest post always fits", async () => {
    const budget = createBodyBudget(options);
    const release = await budget.reserve("a", 12 * MB);
    expect(release).toBeTypeOf("function");
    expect(budget.state().used).toBe(4 * MB);
  });
});
