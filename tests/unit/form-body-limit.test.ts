import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "../../app/lib/forms/fields";
import { contactSchema, validateForm } from "../../app/lib/forms/schemas";
import { MAX_FORM_BYTES } from "../../server/http/form-guard";

/** The longest valid contact form whose message is `message`, as the browser would send it. */
function longestForm(message: string): Record<string, string> {
  return {
    // 100 characters of a 4-byte character
    name: "😀".repeat(100),
    // 254 characters, with the characters URL-encoding makes longest in its 64-character local part
    email: `${"a+'".repeat(21)}a@${"b".repeat(63)}.${"c".repeat(60)}.${"d".repeat(60)}.com`,
    phone: "+234 (803) 000-0000",
    need: "individual-counseling",
    message,
    [HONEYPOT_FIELD]: "",
    [IDEMPOTENCY_FIELD]: "0f8fad5b-d9cb-469f-a165-70867728950e",
  };
}

const urlEncodedBytes = (form: Record<string, string>) =>
  Buffer.byteLength(new URLSearchParams(form).toString());

async function multipartBytes(form: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.append(name, value);
  return (await new Response(body).arrayBuffer()).byteLength;
}

/** zod counts code points, so the costliest valid message is 5,000 four-byte characters. */
const messages: Record<string, string> = {
  "emoji (4-byte)": "😀".repeat(5000),
  "Yoruba precomposed (ẹ, 3-byte)": "ẹ".repeat(5000),
  // letters with combining tone marks: e + dot below + grave, 3 code units, 5 bytes
  "Yoruba with combining diacritics": "ẹ̀ṣọ́ ".repeat(1000).slice(0, 5000),
  "Chinese (3-byte)": "爱".repeat(5000),
  "rare CJK (4-byte)": "𠀀".repeat(5000),
  // each line break is sent as CR LF (two units), stored as one
  "lines of ẹ": "ẹ\n".repeat(2500).trim(),
};

describe("the form body limit fits the longest valid message in any script", () => {
  for (const [script, message] of Object.entries(messages)) {
    it(`${script}: valid, and fits both URL-encoded and as multipart`, async () => {
      const form = longestForm(message);
      expect(validateForm(contactSchema, form).ok).toBe(true);
      // Browsers send a textarea's line breaks as CR LF.
      const sent = { ...form, message: message.replace(/\n/g, "\r\n") };
      expect(urlEncodedBytes(sent)).toBeLessThanOrEqual(MAX_FORM_BYTES);
      expect(await multipartBytes(sent)).toBeLessThanOrEqual(MAX_FORM_BYTES);
    });
  }

  it("the costliest valid form needs almost four times the old 16 KB, and fits with room to spare", () => {
    const bytes = urlEncodedBytes(longestForm("😀".repeat(5000)));
    expect(bytes).toBeGreaterThan(61_000);
    expect(bytes).toBeLessThan(62_500);
    expect(MAX_FORM_BYTES - bytes).toBeGreaterThan(15_000);
  });

  it("one character more is invalid, so a bigger body is never a valid form", () => {
    expect(validateForm(contactSchema, longestForm("ẹ".repeat(5001))).ok).toBe(false);
    expect(validateForm(contactSchema, longestForm("😀".repeat(5001))).ok).toBe(false);
  });
});
