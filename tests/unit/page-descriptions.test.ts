import { describe, expect, it } from "vitest";
import { bookDescription, hiddenThreadDescription } from "~/lib/page-descriptions";

describe("page descriptions follow the published content", () => {
  it("/book names the book's price, and the old one when there is a reduction", () => {
    const book = { title: "Marriage Can Work", author: "Dr. Adaeze Okafor", price: 7_000 };
    expect(bookDescription(book)).toContain("₦7,000, digital and physical copies.");
    expect(bookDescription(book)).not.toContain("5,500");
    expect(bookDescription({ ...book, oldPrice: 9_000 })).toContain("₦7,000 (was ₦9,000)");
  });

  it("/hidden-thread names the date only while registration is open", () => {
    const open = hiddenThreadDescription({ open: true, day: "Saturday, August 31st" }, 6);
    expect(open).toBe(
      "Six short stories about the unseen patterns that shape our relationships, leading to a " +
        "free webinar on Saturday, August 31st. Registration required.",
    );
    const past = hiddenThreadDescription({ open: false, day: "Saturday, August 31st" }, 6);
    expect(past).not.toContain("August");
    expect(past).not.toContain("Registration required");
    expect(past).toContain("The next date will be announced soon.");
  });
});
