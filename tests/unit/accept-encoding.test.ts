import { describe, expect, it } from "vitest";
import { chooseEncoding } from "../../server/http/accept-encoding";

const choose = (accept: string | undefined, available: ("br" | "gzip")[] = ["br", "gzip"]) =>
  chooseEncoding({ headers: accept === undefined ? {} : { "accept-encoding": accept } }, available);

describe("choosing a response encoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, br;q=0", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["gzip;q=0.5, br;q=0.4", "gzip"],
    ["*", "br"],
    ["*;q=0, identity", "identity"],
    ["identity;q=0", "identity"],
    ["", "identity"],
  ])("Accept-Encoding %j gets %s", (accept, expected) => {
    expect(choose(accept)).toBe(expected);
  });

  it("a request without Accept-Encoding gets the plain body", () => {
    expect(choose(undefined)).toBe("identity");
  });

  it("only offers the variants that exist", () => {
    expect(choose("br, gzip", ["gzip"])).toBe("gzip");
    expect(choose("br", [])).toBe("identity");
  });
});
