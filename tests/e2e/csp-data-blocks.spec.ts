import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";

/**
 * Issue 29, L5: a kept page's CSP allows its inline scripts by hash, but never its JSON-LD (data
 * made from text the practice types, which no browser runs), and no page may set a <base>.
 */
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("a kept page's CSP hashes its scripts but not its JSON-LD, and forbids <base>", async ({
  request,
}) => {
  for (const path of ["/", "/book", "/faq"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("base-uri 'none'");
    const html = await response.text();
    const blocks = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      (m) => !/\ssrc=/.test(m[1]!),
    );
    // Data blocks: JSON-LD, and the marker where the page's hydration data was.
    const isData = (attributes: string) =>
      /application\/(ld\+)?json|text\/x-hydration-data/.test(attributes);
    const data = blocks.filter((m) => isData(m[1]!));
    const scripts = blocks.filter((m) => !isData(m[1]!));
    expect(data.length, `${path} has JSON-LD`).toBeGreaterThan(0);
    for (const m of data) expect(csp, path).not.toContain(sha256(m[2]!));
    // Nothing else: every hash is 55 bytes of the answer's first flight (docs/decisions/037).
    expect(csp.match(/'sha256-/g), path).toHaveLength(new Set(scripts.map((m) => m[2])).size);
    for (const m of scripts) expect(csp, path).toContain(sha256(m[2]!));
  }
});
