import { describe, expect, it } from "vitest";
import { FOLD_AFTER, itemStartsOpen, itemTitle } from "~/lib/admin/field-tree";

describe("list items in the editor", () => {
  const faq = { itemLabel: "question", itemTitle: "question" };

  it("are headed by their own title, trimmed; none when empty or untitled", () => {
    expect(itemTitle(faq, { question: "  How long is a session? " })).toBe(
      "How long is a session?",
    );
    expect(itemTitle(faq, { question: "" })).toBeUndefined();
    expect(itemTitle(faq, undefined)).toBeUndefined();
    expect(itemTitle({ itemLabel: "day" }, { question: "x" })).toBeUndefined();
  });

  it("start open in a short list, with an error, or just added; folded otherwise", () => {
    const long = FOLD_AFTER + 1;
    const base = { count: long, hasErrors: false, title: "A question", titled: true };
    expect(itemStartsOpen(base)).toBe(false);
    expect(itemStartsOpen({ ...base, count: FOLD_AFTER })).toBe(true);
    expect(itemStartsOpen({ ...base, hasErrors: true })).toBe(true);
    expect(itemStartsOpen({ ...base, title: undefined })).toBe(true);
    expect(itemStartsOpen({ ...base, title: undefined, titled: false })).toBe(false);
  });
});
