/**
 * A web-style short name made from a title ("Couples' Retreat (2 days)" → "couples-retreat-2-days"),
 * so the practice never has to type one: lower-case letters, digits and -.
 */
export function slugify(title: string, max = 60): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
  return slug || "item";
}

/** `base`, or `base-2`, `base-3` … whichever is not taken yet; the result is added to `taken`. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
