import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/documents";
import { homeSchema } from "~/content/documents/home";

/** The home page's first tile, with its "Links to" set to `to`. */
function tileLinkError(to: string) {
  const home = structuredClone(shippedContent().home);
  home.serviceTiles[0]!.to = to;
  const result = homeSchema.safeParse(home);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join(".") === "serviceTiles.0.to")?.message;
}

describe('"Links to" takes only a page of this site (issue 29, L8)', () => {
  it.each(["/", "/services", "/hidden-thread", "/about/", "/a/b-c"])("takes %s", (to) => {
    expect(tileLinkError(to)).toBeUndefined();
  });

  it.each([
    "//2130706433",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/services//x",
    "https://evil.example",
    "javascript:alert(1)",
    "services",
  ])("refuses %s, saying what to type", (to) => {
    expect(tileLinkError(to)).toBe(
      "Type a page of this site, starting with one /, such as /services or /book. Another website's address cannot go here.",
    );
  });
});
