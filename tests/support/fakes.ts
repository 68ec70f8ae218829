import { fakeHubspot, fakePaystack, fakesAdmin } from "../../playwright.config";

export { fakesAdmin as fakesAdminUrl };

interface Received {
  portalId: string;
  formId: string;
  body: { fields: { name: string; value: string }[]; context: Record<string, string> };
}

/**
 * Steering and reading the fake outside services from a test. Specs run side by side, so each
 * test looks only at what carries its own unique e-mail address, and steers one form only.
 */
export const fakes = {
  async hubspotMode(
    formId: "contact-form" | "newsletter-form",
    mode: "accept" | "reject" | "down" | "rate-limit" | "hang",
  ) {
    await fetch(`${fakeHubspot}/__admin/mode`, {
      method: "POST",
      body: JSON.stringify({ mode, formId }),
    });
  },
  async hubspotReceived(): Promise<Received[]> {
    return (await fetch(`${fakeHubspot}/__admin/received`)).json();
  },
  /** What HubSpot received carrying this e-mail address. */
  async hubspotReceivedFor(email: string): Promise<Received[]> {
    const all = await this.hubspotReceived();
    return all.filter((r) => r.body.fields.some((f) => f.name === "email" && f.value === email));
  },
  async mail(): Promise<{ to: string[]; raw: string }[]> {
    return (await fetch(`${fakesAdmin}/smtp/messages`)).json();
  },
  /** E-mails the practice received that mention this text. */
  async mailAbout(text: string) {
    return (await this.mail()).filter((m) => m.raw.includes(text));
  },
  /** E-mails whose decoded text mentions this text, with that text (quoted-printable undone). */
  async mailDecodedAbout(text: string) {
    return (await this.mail())
      .map((m) => ({ to: m.to, text: decodeQuotedPrintable(m.raw) }))
      .filter((m) => m.text.includes(text));
  },
  async paystackMode(initialize: "ok" | "error" | "hang") {
    await fetch(`${fakePaystack}/__admin/mode`, {
      method: "POST",
      body: JSON.stringify({ initialize }),
    });
  },
  /** The fake Paystack refuses to start payments for this payer only (other tests go on). */
  async paystackFailsFor(email: string) {
    await fetch(`${fakePaystack}/__admin/mode`, {
      method: "POST",
      body: JSON.stringify({ failFor: email }),
    });
  },
  /** Payments the fake Paystack was asked to start for this e-mail address. */
  async paystackInitializedFor(email: string): Promise<{ reference: string }[]> {
    const all: { reference: string; email: string }[] = await (
      await fetch(`${fakePaystack}/__admin/transactions`)
    ).json();
    return all.filter((t) => t.email === email);
  },
  /** Makes the fake report another amount (in kobo) for this payment. */
  async paystackTamper(reference: string, amount: number) {
    const response = await fetch(`${fakePaystack}/__admin/tamper`, {
      method: "POST",
      body: JSON.stringify({ reference, amount }),
    });
    if (!response.ok) throw new Error(`tamper failed: ${response.status}`);
  },
  /** Has the fake send charge.success for this payment; `forge` signs it with the wrong key. */
  async paystackWebhook(
    reference: string,
    options: { forge?: boolean } = {},
  ): Promise<{ status: number; body: string }> {
    const response = await fetch(`${fakePaystack}/__admin/webhook`, {
      method: "POST",
      body: JSON.stringify({ reference, ...options }),
    });
    return response.json();
  },
};

/** A raw MIME message made readable: soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}
