import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { collectHeaders, permissionsPolicy, securityHeaders } from "../../server/http/security";

/** The headers a kept page is stored with (server/app.ts), for a site at `siteUrl`. */
function pageHeaders(siteUrl: string, schedulingOrigin: string | null = "https://calendly.com") {
  const config = loadConfig({ SITE_URL: siteUrl, NODE_ENV: "production" });
  const security = securityHeaders(config, { schedulingOrigin: schedulingOrigin ?? undefined });
  const headers = collectHeaders([security, permissionsPolicy], {
    scriptHashes: ["'sha256-abc='"],
  });
  return Object.fromEntries(Object.entries(headers).map(([name, v]) => [name.toLowerCase(), v]));
}

describe("a page's security headers (docs/decisions/043)", () => {
  it("keep what a current browser enforces", () => {
    const h = pageHeaders("https://kindredhearts.example");
    const csp = h["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(h["cross-origin-opener-policy"]).toBe("same-origin");
    expect(h["cross-origin-resource-policy"]).toBe("same-origin");
    expect(h["permissions-policy"]).toContain("camera=()");
  });

  it("send nothing another header already says or no current browser reads", () => {
    const h = pageHeaders("https://kindredhearts.example");
    expect(Object.keys(h).sort()).toEqual([
      "content-security-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "permissions-policy",
      "referrer-policy",
      "strict-transport-security",
      "x-content-type-options",
    ]);
  });

  it("ask for HTTPS only on a site served over it", () => {
    const h = pageHeaders("http://localhost:3000");
    expect(h["strict-transport-security"]).toBeUndefined();
    expect(h["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'self'");
  });

  it("name the scheduling provider only where the visitor is sent to it", () => {
    const provider = pageHeaders("https://kindredhearts.example")["content-security-policy"];
    expect(provider).toContain("connect-src 'self' https://calendly.com");
    expect(provider).toContain("form-action 'self' https://calendly.com");
    // BOOKINGS=native: the site takes bookings itself, and no page talks to a provider.
    const native = pageHeaders("https://kindredhearts.example", null)["content-security-policy"];
    expect(native).not.toContain("calendly");
    expect(native).toContain("connect-src 'self';");
    expect(native).toContain("frame-src https://www.youtube-nocookie.com;");
    expect(native).toContain("form-action 'self';");
  });
});
