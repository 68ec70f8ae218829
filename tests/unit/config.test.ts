import { describe, expect, it } from "vitest";
import { ConfigError, insecureSiteUrl, loadConfig } from "../../server/config";

describe("configuration", () => {
  it("starts a complete site with no variables set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.hubspot.apiUrl).toBe("https://api.hsforms.com");
    expect(config.formRateLimit).toBe(5);
    expect(config.retentionDays).toBe(365);
    expect(config.trustProxy).toBe(false);
    expect(config.gaMeasurementId).toBeUndefined();
  });

  it("derives the default site URL from PORT and trims a trailing slash from SITE_URL", () => {
    expect(loadConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    const config = loadConfig({ SITE_URL: "https://example.ng/" });
    expect(config.siteUrl).toBe("https://example.ng");
    expect(config.https).toBe(true);
  });

  it("takes BACKUP_S3_URL over http:// only to storage on this machine", () => {
    expect(() => loadConfig({ BACKUP_S3_URL: "http://backups.example.com/b" })).toThrow(
      "BACKUP_S3_URL: must be https://",
    );
    for (const url of [
      "https://abc.r2.cloudflarestorage.com/backups/site",
      "http://127.0.0.1:9000/backups",
      "http://localhost:9000/backups",
      "http://[::1]:9000/backups",
    ])
      expect(loadConfig({ BACKUP_S3_URL: url }).backup.s3.url).toBe(url);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", GA_MEASUREMENT_ID: " " }).databaseUrl).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SITE_URL", "not a url"],
    ["DATABASE_URL", "mysql://x"],
    ["GA_MEASUREMENT_ID", "UA-123"],
    ["SMTP_URL", "http://mail"],
    ["FORM_RATE_LIMIT", "-1"],
    ["FORM_RATE_LIMIT", "0"],
    ["TRUST_PROXY", "maybe"],
    ["RETENTION_DAYS", "0"],
    ["TESTIMONIALS_API_URL", "sheet"],
    ["PAYSTACK_SECRET_KEY", "pk_test_public_by_mistake"],
    ["PAYSTACK_PUBLIC_KEY", "sk_test_secret_by_mistake"],
    ["PAYSTACK_API_URL", "paystack"],
    ["BACKUP_S3_URL", "http://s3.eu-west-1.amazonaws.com/bucket/site"],
    ["BACKUP_S3_URL", "http://10.0.0.5:9000/backups"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it.each([
    ["@", "postgres://kindred:k@b3#x@127.0.0.1:5432/kindred"],
    ["#", "postgres://kindred:ab#cd@127.0.0.1:5432/kindred"],
    ["/", "postgres://kindred:ab/k9@127.0.0.1:5432/kindred"],
    ["?", "postgres://kindred:ab?cd@127.0.0.1:5432/kindred"],
    ["a lone %", "postgres://kindred:50%off@127.0.0.1:5432/kindred"],
  ])(
    "a DATABASE_URL whose password holds %s unencoded is refused, saying to percent-encode it",
    (_what, url) => {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /DATABASE_URL: the user name or password .* Percent-encode it: @ as %40, # as %23, \/ as %2F/,
      );
    },
  );

  it("accepts a DATABASE_URL whose password is percent-encoded, or that has none", () => {
    for (const url of [
      "postgres://kindred:k%40b3%23x%2Fy%3F%25@127.0.0.1:5432/kindred",
      "postgresql://kindred:plain-Password_1@db.example.com/kindred?sslmode=require",
      "postgres://127.0.0.1/kindred",
      "postgres:///kindred?host=/var/run/postgresql",
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it("explains why FORM_RATE_LIMIT=0 is refused and what to set instead", () => {
    expect(() => loadConfig({ FORM_RATE_LIMIT: "0" })).toThrow(/0 would refuse every form/);
    expect(loadConfig({ FORM_RATE_LIMIT: "1" }).formRateLimit).toBe(1);
  });

  it("refuses FORM_SITE_LIMIT=0 like FORM_RATE_LIMIT=0, saying why", () => {
    expect(() => loadConfig({ FORM_SITE_LIMIT: "0" })).toThrow(/FORM_SITE_LIMIT.*0 would refuse/s);
    expect(loadConfig({ FORM_SITE_LIMIT: "1" }).formSiteLimit).toBe(1);
  });

  it("production without SITE_URL is refused with what to set; development guesses localhost", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", SITE_URL: " " })).toThrow(
      "SITE_URL is not set: set it to the public address of the site, e.g. https://kindredhearts.ng",
    );
    expect(
      loadConfig({ NODE_ENV: "production", SITE_URL: "https://kindredhearts.ng" }).siteUrl,
    ).toBe("https://kindredhearts.ng");
    expect(loadConfig({ PORT: "4000" }).siteUrl).toBe("http://localhost:4000");
  });

  it("a production SITE_URL that is not https is worth a warning, unless it is this machine", () => {
    const warned = (env: Record<string, string>) =>
      insecureSiteUrl(loadConfig({ NODE_ENV: "production", ...env }));
    expect(warned({ SITE_URL: "http://kindredhearts.ng" })).toBe(true);
    expect(warned({ SITE_URL: "https://kindredhearts.ng" })).toBe(false);
    expect(warned({ SITE_URL: "http://localhost:3000" })).toBe(false);
    expect(warned({ SITE_URL: "http://127.0.0.1:3000" })).toBe(false);
    expect(insecureSiteUrl(loadConfig({ SITE_URL: "http://kindredhearts.ng" }))).toBe(false);
  });

  it("leaves payments off without a Paystack secret key, and defaults the API", () => {
    expect(loadConfig({}).paystack).toEqual({
      secretKey: undefined,
      publicKey: undefined,
      apiUrl: "https://api.paystack.co",
      reconcileSeconds: 600,
    });
    const config = loadConfig({
      PAYSTACK_SECRET_KEY: "sk_test_abc123",
      PAYSTACK_PUBLIC_KEY: "pk_test_abc123",
      PAYSTACK_API_URL: "http://127.0.0.1:4000/",
    });
    expect(config.paystack).toEqual({
      secretKey: "sk_test_abc123",
      publicKey: "pk_test_abc123",
      apiUrl: "http://127.0.0.1:4000",
      reconcileSeconds: 600,
    });
  });

  it("reads flags and numbers", () => {
    const config = loadConfig({ TRUST_PROXY: "true", FORM_RATE_LIMIT: "20", RETENTION_DAYS: "30" });
    expect(config.trustProxy).toBe(true);
    expect(config.formRateLimit).toBe(20);
    expect(config.retentionDays).toBe(30);
  });
});
