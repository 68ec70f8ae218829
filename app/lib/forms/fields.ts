/**
 * What the forms need before any validation runs: field options, the honeypot's name and helpers.
 * Kept free of zod so that pages can render forms without downloading the validator; the schemas
 * themselves (./schemas) load when a visitor starts filling in a form
 * (app/components/forms/lazy-schemas.ts).
 */

export const needOptions = [
  { value: "enquiries", label: "General enquiries" },
  { value: "couples-counseling", label: "Couples counselling" },
  { value: "individual-counseling", label: "Individual counselling" },
  { value: "premarital-counseling", label: "Premarital counselling" },
  { value: "marriage-counseling", label: "Marriage counselling" },
  { value: "family-counseling", label: "Family counselling" },
  { value: "divorce-counseling", label: "Divorce counselling" },
  { value: "sex-therapy", label: "Sex therapy" },
  { value: "online-counseling", label: "Online counselling" },
  { value: "programs", label: "Our programmes" },
  { value: "other", label: "Something else" },
] as const;

export type Need = (typeof needOptions)[number]["value"];
export const defaultNeed: Need = "couples-counseling";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The name of the hidden field bots fill in and people never see. It means nothing to a browser's
 * autofill (Chrome filled a company name into the old `company_website`, and the lead was dropped
 * as a bot): no word its heuristics look for (name, company, website, url, e-mail, phone, address).
 */
export const HONEYPOT_FIELD = "kh_leave_blank";

/**
 * The longest message, in characters as a person counts them (code points: an emoji is one). The
 * browser's `maxLength` counts UTF-16 units, in which one character may take two, so the textarea
 * allows twice this and the shared schema, in the browser and on the server, holds the limit.
 */
export const MESSAGE_MAX_CHARACTERS = 5000;

/** The hidden field carrying a form instance's idempotency key, made in the browser. */
export const IDEMPOTENCY_FIELD = "idempotency_key";

/** Plain string values of a FormData (files and repeated keys are ignored). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  return values;
}
