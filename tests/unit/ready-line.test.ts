import { describe, expect, it } from "vitest";
import { readyLine } from "../../server/operations/ready-line";

describe("the line that says the site is ready", () => {
  it("names the local address alone when visitors use it too (npm start)", () => {
    expect(readyLine(3000, "0.0.0.0", "http://localhost:3000")).toBe(
      "Site ready on http://localhost:3000",
    );
    expect(readyLine(4000, "127.0.0.1", "http://127.0.0.1:4000")).toBe(
      "Site ready on http://127.0.0.1:4000",
    );
  });

  it("names the public address too behind a proxy, never only localhost", () => {
    expect(readyLine(3000, "127.0.0.1", "https://www.kindredhearts.example")).toBe(
      "Site ready on http://127.0.0.1:3000; visitors reach it at https://www.kindredhearts.example",
    );
    expect(readyLine(3000, "::1", "https://kindredhearts.ng")).toBe(
      "Site ready on http://[::1]:3000; visitors reach it at https://kindredhearts.ng",
    );
  });
});
