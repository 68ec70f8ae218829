import { fakeHubspot, fakesAdmin } from "../../playwright.config";

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
};
