import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { charactersOf, fontFaceRule } from "../../scripts/build-font";
import { routes } from "../support/routes";

const rule = fontFaceRule(readFileSync("app/app.css", "utf8"));

describe("the headings' font cut from Fraunces (scripts/build-font.ts)", () => {
  it("reads its weight, file and characters from the @font-face rule in app.css", () => {
    expect(rule.file).toBe("fraunces-semibold.woff2");
    expect(rule.weight).toBe(600);
    const kept = charactersOf(rule.range);
    for (const c of "Aa0 ?“”‘’–—…₦éòÀ") expect(kept, c).toContain(c);
    expect(kept).not.toContain("\u0416"); // Cyrillic is drawn by the fallback
  });

  it("keeps every character of the site's page headings", () => {
    const kept = new Set(charactersOf(rule.range));
    const headings = routes.map((r) =>
      typeof r.heading === "string" ? r.heading : r.heading.source,
    );
    for (const heading of headings) {
      for (const c of heading.replace(/\\/g, ""))
        expect(kept.has(c), `"${c}" in "${heading}"`).toBe(true);
    }
  });

  it("turns a unicode-range into its characters and refuses what is not one", () => {
    expect(charactersOf("U+0041-0043, U+20A6")).toBe("ABC₦");
    expect(() => charactersOf("U+0043-0041")).toThrow(/backwards/);
    expect(() => charactersOf("latin")).toThrow(/not a unicode-range/);
    expect(() => fontFaceRule("@font-face { src: url(x.woff2) }")).toThrow(/no @font-face/);
    expect(() =>
      fontFaceRule(
        '@font-face { font-weight: 100 900; src: url("./fonts/a.woff2"); unicode-range: U+0041; }',
      ),
    ).toThrow(/one font-weight/);
  });
});
