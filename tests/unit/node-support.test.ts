import { describe, expect, it } from "vitest";
import { nodeEndOfLifeWarning } from "../../server/operations/node-support";

describe("the warning about a Node.js past its end of life", () => {
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it("flags Node 20 after 2026-04-30 and Node 18 after 2025-04-30", () => {
    expect(nodeEndOfLifeWarning("v20.20.2", day("2026-11-26"))).toBe(
      "Node.js v20.20.2 reached its end of life on 2026-04-30 and no longer gets security fixes. " +
        "Run the site on Node 22 or 24 LTS (docs/deployment.md).",
    );
    expect(nodeEndOfLifeWarning("v18.20.8", day("2025-05-01"))).toMatch(/on 2025-04-30/);
  });

  it("says nothing up to and on the last supported day", () => {
    expect(nodeEndOfLifeWarning("v20.20.2", day("2026-04-30"))).toBeNull();
    expect(nodeEndOfLifeWarning("v22.23.3", day("2026-11-26"))).toBeNull();
    expect(nodeEndOfLifeWarning("v22.23.3", day("2027-05-01"))).toMatch(/on 2027-04-30/);
    expect(nodeEndOfLifeWarning("v24.21.0", day("2028-04-30"))).toBeNull();
  });

  it("takes a newer major than the table knows as supported, an older one as long gone", () => {
    expect(nodeEndOfLifeWarning("v26.1.0", day("2026-11-26"))).toBeNull();
    expect(nodeEndOfLifeWarning("v16.20.2", day("2026-11-26"))).toMatch(
      /^Node.js v16.20.2 reached its end of life and no longer/,
    );
  });

  it("flags the odd majors, which are never long-term releases", () => {
    expect(nodeEndOfLifeWarning("v23.11.1", day("2026-11-26"))).toMatch(/on 2025-06-01/);
  });

  it("runs on this process's own Node without throwing", () => {
    expect(() => nodeEndOfLifeWarning(process.version)).not.toThrow();
  });
});
