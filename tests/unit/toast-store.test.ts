import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  TOAST_REMOVE_DELAY_MS,
  getToasts,
  reducer,
  resetToasts,
  subscribe,
  toast,
} from "~/lib/toast-store";

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => vi.useRealTimers());

  it("shows at most one toast: a new one replaces the earlier", () => {
    toast({ title: "Sending your message..." });
    toast({ title: "Message sent successfully! We will get back to you shortly." });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.title).toBe(
      "Message sent successfully! We will get back to you shortly.",
    );
  });

  it("updates a toast in place", () => {
    const t = toast({ title: "One" });
    t.update({ title: "Two", variant: "destructive" });
    expect(getToasts()[0]).toMatchObject({ id: t.id, title: "Two", variant: "destructive" });
  });

  it("dismiss marks the toast closed, and it is removed after the removal delay", () => {
    const t = toast({ title: "Form cleared!" });
    t.dismiss();
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it("notifies subscribers", () => {
    const seen: number[] = [];
    const unsubscribe = subscribe((toasts) => seen.push(toasts.length));
    toast({ title: "Hello" });
    unsubscribe();
    toast({ title: "Again" });
    expect(seen).toEqual([1]);
  });

  it("reducer: dismiss without id closes all, remove without id clears", () => {
    const state = [
      { id: "1", open: true },
      { id: "2", open: true },
    ];
    expect(reducer(state, { type: "DISMISS" }).every((t) => !t.open)).toBe(true);
    expect(reducer(state, { type: "REMOVE" })).toEqual([]);
    expect(reducer(state, { type: "REMOVE", id: "1" })).toEqual([{ id: "2", open: true }]);
  });
});
