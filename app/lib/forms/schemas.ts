import { z } from "zod";
import { type FieldErrors, MESSAGE_MAX_CHARACTERS, type Need, needOptions } from "./fields";

// zod otherwise probes `new Function` once, which our Content-Security-Policy (rightly) refuses.
z.config({ jitless: true });

/**
 * One schema per form, used by the browser (before sending) and by the server (before storing),
 * so the rules and messages are the same on both sides.
 */

const needValues = needOptions.map((o) => o.value) as [Need, ...Need[]];

/**
 * Characters no visitor types on purpose. C0/C1 controls (a NUL is refused by Postgres, a CR/LF in
 * a name would forge a line in the practice's e-mail), line and paragraph separators, and the
 * bidirectional overrides and isolates that make text display differently from what it says.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/** A message may have line breaks and tabs, nothing else from the list above. */
const MULTI_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

export function hasForbiddenCharacters(value: string, multiLine = false): boolean {
  return (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** A text field on one line: no line breaks, tabs, control or direction-override characters. */
function singleLine(field: string, { abort = true } = {}) {
  return z
    .string()
    .refine((v) => !hasForbiddenCharacters(v), {
      message: `Please remove line breaks and special characters from your ${field}.`,
      abort,
    })
    .trim();
}

const name = singleLine("name")
  .min(1, "Please tell us your name.")
  .max(100, "Please keep your name under 100 characters.");

const email = singleLine("e-mail address")
  .min(1, "Please enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Please enter a valid e-mail address, like name@example.com."));

const phonePattern = /^\+?[0-9 ()-]{7,20}$/;

// Not aborting keeps the optional phone's union reporting this message rather than "Invalid input".
const phone = singleLine("phone number", { abort: false })
  .max(20, "Please enter a phone number of at most 20 digits.")
  .refine((v) => phonePattern.test(v), {
    message: "Please enter a valid phone number, like +234 803 000 0000.",
  });

export const contactSchema = z.object({
  name,
  email,
  phone: z.union([z.literal(""), phone]).default(""),
  need: z.enum(needValues, { message: "Please choose what you need help with." }),
  message: z
    .string()
    // Browsers send a textarea's line breaks as CR LF; store them as LF.
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .refine((v) => !hasForbiddenCharacters(v, true), {
      message:
        "Please remove special characters (such as control or text-direction characters) from your message.",
      abort: true,
    })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(10, "Please write a little more, at least 10 characters.")
        // zod counts code points, as a person does (an emoji is one character, two UTF-16
        // units); the textarea's maxLength is set to match (ContactForm.tsx).
        .max(MESSAGE_MAX_CHARACTERS, "Please keep your message under 5,000 characters."),
    ),
});

const requiredPhone = z.string().trim().min(1, "Please enter your phone number.").pipe(phone);

export const bookingSchema = z.object({ name, email, phone: requiredPhone });

/**
 * A booking the practice takes itself (BOOKINGS=native, issue 42): who, and which session, with
 * whom and when. The time is only checked for its shape here; the server's rules decide the rest.
 */
export const nativeBookingSchema = bookingSchema.extend({
  sessionTypeId: z.string().trim().min(1, "Please choose a kind of session.").max(100),
  counsellorId: z.string().trim().min(1, "Please choose a counsellor.").max(100),
  time: z
    .string({ message: "Please choose a time for your session." })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Please choose a time for your session."),
});

/** Who is paying: Paystack needs the e-mail; the practice calls the phone to arrange sessions. */
export const checkoutSchema = z.object({ name, email, phone: requiredPhone });

export const newsletterSchema = z.object({ email });

export type ContactInput = z.infer<typeof contactSchema>;
export type BookingInput = z.infer<typeof bookingSchema>;
export type NativeBookingInput = z.infer<typeof nativeBookingSchema>;
export type NewsletterInput = z.infer<typeof newsletterSchema>;
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** Validates form values; on failure, the first message for each field. */
export function validateForm<T extends z.ZodType>(
  schema: T,
  values: Record<string, unknown>,
): { ok: true; data: z.infer<T> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export { HONEYPOT_FIELD, defaultNeed, formValues, needOptions } from "./fields";
export type { FieldErrors, Need } from "./fields";
