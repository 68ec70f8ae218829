import { shippedContent } from "../../app/content/documents";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkoutItems, findCheckoutItem } from "../../app/lib/checkout-items";
import { corePrograms, mapPlans } from "../../app/content/programmes";
import { formatKobo, nairaToKobo } from "../../app/lib/money";
import {
  createPaystackClient,
  paystackCheckoutOrigin,
  paystackSignature,
  validPaystackSignature,
} from "../../server/integrations/paystack";
import { type FakePaystack, startFakePaystack } from "../../server/integrations/paystack-fake";

const secret = "sk_test_unit_secret";

const shipped = shippedContent();

describe("webhook signature", () => {
  const body = Buffer.from(JSON.stringify({ event: "charge.success", data: { amount: 100 } }));

  it("accepts the HMAC-SHA512 of the raw body with the secret key", () => {
    expect(validPaystackSignature(body, paystackSignature(body, secret), secret)).toBe(true);
    // hex digits in either case are the same signature
    expect(
      validPaystackSignature(body, paystackSignature(body, secret).toUpperCase(), secret),
    ).toBe(true);
  });

  it("refuses a signature made with another key, or over another body", () => {
    expect(validPaystackSignature(body, paystackSignature(body, "sk_test_other"), secret)).toBe(
      false,
    );
    const tampered = Buffer.from(body.toString().replace("100", "1"));
    expect(validPaystackSignature(tampered, paystackSignature(body, secret), secret)).toBe(false);
  });

  it("refuses a signature of the wrong length or not in hex", () => {
    const good = paystackSignature(body, secret);
    expect(validPaystackSignature(body, good.slice(0, 64), secret)).toBe(false);
    expect(validPaystackSignature(body, `${good}00`, secret)).toBe(false);
    expect(validPaystackSignature(body, good.slice(0, 127) + "z", secret)).toBe(false);
    expect(validPaystackSignature(body, "", secret)).toBe(false);
  });

  it("refuses a missing signature", () => {
    expect(validPaystackSignature(body, undefined, secret)).toBe(false);
  });
});

describe("kobo", () => {
  it("every checkout item's price from content/ becomes whole kobo, 100 per naira", () => {
    expect(checkoutItems(shipped)).toHaveLength(corePrograms.length + mapPlans.length);
    for (const item of checkoutItems(shipped)) {
      const kobo = nairaToKobo(item.price);
      expect(Number.isInteger(kobo), item.id).toBe(true);
      expect(kobo, item.id).toBe(item.price * 100);
    }
    expect(nairaToKobo(findCheckoutItem(shipped, "happier-marriage")!.price)).toBe(12_499_000);
    expect(nairaToKobo(findCheckoutItem(shipped, "high-quality-singles")!.price)).toBe(9_999_000);
    expect(nairaToKobo(findCheckoutItem(shipped, "map-foundation")!.price)).toBe(3_500_000);
    expect(nairaToKobo(findCheckoutItem(shipped, "map-growth")!.price)).toBe(5_500_000);
    expect(nairaToKobo(findCheckoutItem(shipped, "map-legacy")!.price)).toBe(8_500_000);
  });

  it("refuses fractions, zero and negative prices", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => nairaToKobo(bad)).toThrow(RangeError);
    }
  });

  it("formats kobo as naira", () => {
    expect(formatKobo(12_499_000)).toBe("₦124,990");
    expect(formatKobo(12_499_050)).toBe("₦124,990.50");
    expect(formatKobo(5)).toBe("₦0.05");
  });

  it("unknown or empty item ids find nothing", () => {
    expect(findCheckoutItem(shipped, "nope")).toBeUndefined();
    expect(findCheckoutItem(shipped, null)).toBeUndefined();
    expect(findCheckoutItem(shipped, "foundation")).toBeUndefined();
  });
});

describe("checkout origin for CSP", () => {
  it("is Paystack's hosted checkout for the real API, the fake's own origin otherwise", () => {
    expect(paystackCheckoutOrigin("https://api.paystack.co")).toBe("https://checkout.paystack.com");
    expect(paystackCheckoutOrigin("http://127.0.0.1:4567")).toBe("http://127.0.0.1:4567");
  });
});

describe("Paystack client against the fake", () => {
  let fake: FakePaystack;
  beforeAll(async () => {
    fake = await startFakePaystack({ secretKey: secret });
  });
  afterEach(() => fake.setInitializeMode("ok"));
  afterAll(() => fake.close());

  const input = (reference: string) => ({
    email: "ada@example.com",
    amountKobo: 12_499_000,
    reference,
    callbackUrl: `http://site.test/thank-you?ref=${reference}`,
    metadata: { item_id: "happier-marriage", item_name: "Happier Marriage Program" },
  });

  it("initializes with the bearer secret, kobo, NGN and the callback, then verifies", async () => {
    const client = createPaystackClient({ apiUrl: fake.url, secretKey: secret });
    const started = await client.initialize(input("KH-UNIT-1"));
    expect(started.ok).toBe(true);
    if (started.ok) expect(started.authorizationUrl.startsWith(`${fake.url}/pay/`)).toBe(true);
    const t = fake.transactions.get("KH-UNIT-1")!;
    expect(t).toMatchObject({
      amount: 12_499_000,
      currency: "NGN",
      email: "ada@example.com",
      callbackUrl: "http://site.test/thank-you?ref=KH-UNIT-1",
      metadata: { item_id: "happier-marriage" },
    });
    expect(await client.verify("KH-UNIT-1")).toMatchObject({
      ok: true,
      status: "abandoned",
      amountKobo: 12_499_000,
      currency: "NGN",
    });
  });

  it("a wrong secret key is an error, not a payment page", async () => {
    const client = createPaystackClient({ apiUrl: fake.url, secretKey: "sk_test_wrong" });
    expect(await client.initialize(input("KH-UNIT-2"))).toEqual({
      ok: false,
      error: "Paystack initialize answered 401",
    });
  });

  it("a server error is reported", async () => {
    fake.setInitializeMode("error");
    const client = createPaystackClient({ apiUrl: fake.url, secretKey: secret });
    expect((await client.initialize(input("KH-UNIT-3"))).ok).toBe(false);
  });

  it("gives up when Paystack does not answer in time", async () => {
    fake.setInitializeMode("hang");
    const client = createPaystackClient({ apiUrl: fake.url, secretKey: secret, timeoutMs: 200 });
    expect(await client.initialize(input("KH-UNIT-4"))).toEqual({
      ok: false,
      error: "Paystack timed out",
    });
  });

  it("an unknown reference is 'not found' when verifying", async () => {
    const client = createPaystackClient({ apiUrl: fake.url, secretKey: secret });
    expect(await client.verify("KH-NOPE")).toMatchObject({ ok: false, notFound: true });
  });

  it("refuses to send visitors anywhere but the checkout origin", async () => {
    const rogue = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({ status: true, data: { authorization_url: "https://evil.example/pay" } }),
      );
    });
    await new Promise<void>((resolve) => rogue.listen(0, "127.0.0.1", resolve));
    const apiUrl = `http://127.0.0.1:${(rogue.address() as AddressInfo).port}`;
    try {
      const client = createPaystackClient({ apiUrl, secretKey: secret });
      expect(await client.initialize(input("KH-UNIT-5"))).toEqual({
        ok: false,
        error: "Paystack returned an unexpected checkout address",
      });
    } finally {
      rogue.close();
    }
  });
});
