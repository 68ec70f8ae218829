import { describe, expect, it } from "vitest";
import {
  bookingSchema,
  checkoutSchema,
  contactSchema,
  newsletterSchema,
  validateForm,
} from "../../app/lib/forms/schemas";
import { practiceNotification } from "../../server/visitors/forms/notifications";
import type { OutboxItem } from "../../server/integrations/deliveries/outbox";
import { paymentNotification } from "../../server/visitors/payments/emails";

const contact = {
  name: "Ngozi",
  email: "ngozi@example.com",
  phone: "",
  need: "other",
  message: "Hello, I would like to talk to someone.",
};

describe("control characters in forms", () => {
  const forbiddenEverywhere = [
    "\u0000",
    "\u001B",
    "\u007F",
    "\u0085",
    "\u202E",
    "\u2066",
    "\u2028",
  ];

  it("single-line fields refuse line breaks, tabs, controls and bidi overrides, with a message", () => {
    for (const bad of [...forbiddenEverywhere, "\r\n", "\n", "\t"]) {
      const name = validateForm(contactSchema, { ...contact, name: `Ngo${bad}zi` });
      expect(name.ok, JSON.stringify(bad)).toBe(false);
      expect(!name.ok && name.errors.name).toBe(
        "Please remove line breaks and special characters from your name.",
      );
      const email = validateForm(newsletterSchema, { email: `a${bad}@example.com` });
      expect(!email.ok && email.errors.email).toMatch(/e-mail address/);
      for (const schema of [bookingSchema, checkoutSchema]) {
        const phone = validateForm(schema, { ...contact, phone: `0803${bad}0000000` });
        expect(!phone.ok && phone.errors.phone).toBe(
          "Please remove line breaks and special characters from your phone number.",
        );
      }
      const optionalPhone = validateForm(contactSchema, { ...contact, phone: `0803${bad}000000` });
      expect(!optionalPhone.ok && optionalPhone.errors.phone).toBe(
        "Please remove line breaks and special characters from your phone number.",
      );
    }
  });

  it("the message keeps line breaks (CR LF stored as LF) and tabs, and refuses the rest", () => {
    const ok = validateForm(contactSchema, { ...contact, message: "Line one\r\nLine\ttwo here" });
    expect(ok.ok && ok.data.message).toBe("Line one\nLine\ttwo here");
    for (const bad of forbiddenEverywhere) {
      const result = validateForm(contactSchema, { ...contact, message: `Hello there ${bad} you` });
      expect(!result.ok && result.errors.message, JSON.stringify(bad)).toMatch(
        /special characters/,
      );
    }
  });

  it("ordinary names in any script are accepted", () => {
    for (const name of ["Ngozi Okafor-Eze", "Adébáyọ̀", "Ọláolúwa", "محمد", "O'Brien"]) {
      expect(validateForm(contactSchema, { ...contact, name }).ok, name).toBe(true);
    }
  });
});

describe("the message's length, counted as a person counts", () => {
  it("takes 5,000 emoji (code points, as the textarea now allows) and refuses the 5,001st", () => {
    const ok = validateForm(contactSchema, { ...contact, message: "😀".repeat(5000) });
    expect(ok.ok).toBe(true);
    const over = validateForm(contactSchema, { ...contact, message: "😀".repeat(5001) });
    expect(over).toEqual({
      ok: false,
      errors: { message: "Please keep your message under 5,000 characters." },
    });
  });

  it("takes 5,000 letters and refuses 5,001", () => {
    expect(validateForm(contactSchema, { ...contact, message: "a".repeat(5000) }).ok).toBe(true);
    expect(validateForm(contactSchema, { ...contact, message: "a".repeat(5001) }).ok).toBe(false);
  });
});

describe("e-mails built from stored values", () => {
  const item = (kind: OutboxItem["submission"]["kind"], payload: Record<string, string>) =>
    ({
      deliveryId: 1,
      destination: "email",
      attempts: 1,
      submission: { id: 7, kind, payload, createdAt: new Date("2026-11-23T10:00:00Z") },
    }) satisfies OutboxItem;

  it("a CR/LF in a stored name cannot forge a line in the practice's e-mail", () => {
    const forged = "Ngozi\r\nPhone: +234 800 000 0000\u202E";
    const mail = practiceNotification(
      item("contact", { ...contact, name: forged, message: "Hi\r\nthere\u0000" }),
      "team@example.com",
    );
    expect(mail.text).toContain("Name: Ngozi Phone: +234 800 000 0000\n");
    expect(mail.text.split("\n").filter((l) => l.startsWith("Phone:"))).toEqual([
      "Phone: not given",
    ]);
    expect(mail.text).toContain("Hi\nthere");
    for (const c of ["\u0000", "\r", "\u202E"]) expect(mail.text).not.toContain(c);
    const payment = paymentNotification(
      item("payment", {
        name: forged,
        email: "a@example.com",
        phone: "0803",
        itemName: "Plan",
        reference: "KH-1",
        amountKobo: "100",
        paidAt: "2026-11-23T10:00:00Z",
        orderId: "1",
      }),
      "team@example.com",
    );
    expect(payment.text.split("\n").filter((l) => l.startsWith("Phone:"))).toEqual(["Phone: 0803"]);
  });
});
