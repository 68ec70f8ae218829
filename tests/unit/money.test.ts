import { describe, expect, it } from "vitest";
import { formatNaira, savings } from "~/lib/money";

describe("money", () => {
  it("formats whole naira with the naira sign and thousands separators", () => {
    expect(formatNaira(124_990)).toBe("₦124,990");
    expect(formatNaira(5_500)).toBe("₦5,500");
    expect(formatNaira(550_000)).toBe("₦550,000");
    expect(formatNaira(0)).toBe("₦0");
  });

  it("refuses fractions and negative amounts", () => {
    expect(() => formatNaira(10.5)).toThrow(RangeError);
    expect(() => formatNaira(-1)).toThrow(RangeError);
  });

  it("computes savings only when the old price is higher", () => {
    expect(savings(124_990, 150_000)).toBe(25_010);
    expect(savings(99_990, 150_000)).toBe(50_010);
    expect(savings(100, undefined)).toBeUndefined();
    expect(savings(undefined, 100)).toBeUndefined();
    expect(savings(100, 100)).toBeUndefined();
  });
});
