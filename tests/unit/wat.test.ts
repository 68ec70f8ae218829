import { describe, expect, it } from "vitest";
import { formatWat, watInText } from "~/lib/admin/wat";

describe("Lagos time in the editor", () => {
  it("says a UTC instant as WAT, an hour ahead", () => {
    expect(formatWat("2026-12-01T08:00:00.000Z")).toBe("1 Dec 2026, 09:00 WAT");
  });

  it("turns every ISO time in an audit detail into WAT", () => {
    expect(watInText("goes live 2026-12-01T23:30:00.000Z")).toBe("goes live 2 Dec 2026, 00:30 WAT");
    expect(watInText("restored version 4")).toBe("restored version 4");
  });
});
