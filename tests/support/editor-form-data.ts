/** A form as the editor posts it: every leaf of a value under its Conform name. */
export function formOf(value: unknown, prefix = "", form = new FormData()): FormData {
  if (Array.isArray(value)) value.forEach((v, i) => formOf(v, `${prefix}[${i}]`, form));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) formOf(v, prefix ? `${prefix}.${k}` : k, form);
  else if (value !== undefined) form.append(prefix, String(value));
  return form;
}
