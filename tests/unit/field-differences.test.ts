import { describe, expect, it } from "vitest";
import { bookSchema } from "../../app/content/documents/book";
import { faqSchema } from "../../app/content/documents/faq";
import { fieldDifferences } from "../../app/lib/admin/field-differences";
import { describeDocument } from "../../app/lib/admin/field-tree";
import { rebaseDocument } from "../../server/content/merge";

const base = { title: "Marriage Can Work", price: 5_500, author: "Dr. Adaeze Okafor" };

describe("an editor's form moved on top of a newer version", () => {
  it("keeps her change, takes theirs elsewhere, and keeps hers where both changed", () => {
    const ours = { ...base, price: 7_000, author: "Dr. A. Okafor" };
    const theirs = { ...base, title: "Marriage Can Work (2nd edition)", price: 6_000 };
    expect(rebaseDocument(base, ours, theirs)).toEqual({
      value: { title: "Marriage Can Work (2nd edition)", price: 7_000, author: "Dr. A. Okafor" },
      conflicts: [["price"]],
    });
  });
});

describe("the differences shown after someone else published first", () => {
  const fields = describeDocument(bookSchema);

  it("lists each field where her form and the newer version differ, in words, and marks both-changed ones", () => {
    const theirs = { ...base, price: 6_000, title: "Fixed" };
    const yours = { ...base, price: 7_000, title: "Fixed", author: "Dr. A. Okafor" };
    expect(fieldDifferences(fields, base, yours, theirs)).toEqual([
      { label: "Author", yours: "Dr. A. Okafor", theirs: "Dr. Adaeze Okafor", bothChanged: false },
      { label: "Price", yours: "₦7,000", theirs: "₦6,000", bothChanged: true },
    ]);
  });

  it("names a list item by its heading, and an empty optional field as empty", () => {
    const faq = describeDocument(faqSchema);
    const item = { question: "How long is a session?", answer: "An hour." };
    const before = { items: [item] };
    const yours = { items: [{ ...item, answer: "Fifty minutes." }] };
    expect(fieldDifferences(faq, before, yours, before)).toEqual([
      {
        label: "Questions › Question 1 › Answer",
        yours: "Fifty minutes.",
        theirs: "An hour.",
        bothChanged: false,
      },
    ]);
    expect(fieldDifferences(fields, base, { ...base, oldPrice: undefined }, base)).toEqual([]);
  });
});
