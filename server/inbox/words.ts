import { needOptions } from "../../app/lib/forms/fields";

/**
 * What the practice reads instead of the stored field names and codes (issue 41): an opened
 * message's labels, the CSV's headings and values. `need` is stored as the form's option value
 * (`couples-counseling`) and shown as the form's own label for it.
 */

export const FIELD_WORDS: Record<string, string> = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  need: "Help with",
  message: "Message",
  booked: "Booked a time",
  pageName: "Page",
  pageUri: "Page address",
};

/** Where a field comes in an opened message: as the form asks, then any other. */
export function fieldOrder(field: string): number {
  const at = Object.keys(FIELD_WORDS).indexOf(field);
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
}

/** A stored field's label; one the list does not know is its name in words ("someField" → "Some field"). */
export function fieldWords(field: string): string {
  const known = FIELD_WORDS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const NEED_WORDS: Record<string, string> = Object.fromEntries(
  needOptions.map((o) => [o.value, o.label]),
);

/** A stored value in words: the need's label, a booking's yes or no. */
export function valueWords(field: string, value: string): string {
  if (field === "need") return NEED_WORDS[value] ?? value;
  if (field === "booked")
    return value === "yes" ? "Yes" : "No: not finished at the provider (they may want a call)";
  return value;
}

export const ORDER_STATUS_WORDS: Record<string, string> = {
  pending: "Waiting for payment",
  paid: "Paid",
  failed: "Payment failed",
};
