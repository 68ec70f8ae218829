import { describe, expect, it } from "vitest";
import { documents, shippedContent } from "~/content/documents";
import { slugify, uniqueSlug } from "~/content/slug";

describe("short names made from titles", () => {
  it.each([
    ["Couples' Retreat (2 days)", "couples-retreat-2-days"],
    ["Ìgbéyàwó Support", "igbeyawo-support"],
    ["  Grief & Loss  ", "grief-loss"],
    ["???", "item"],
  ])("%s → %s", (title, slug) => expect(slugify(title)).toBe(slug));

  it("never repeats one already taken", () => {
    const taken = new Set(["grief-loss"]);
    expect(uniqueSlug("grief-loss", taken)).toBe("grief-loss-2");
    expect(uniqueSlug("grief-loss", taken)).toBe("grief-loss-3");
  });

  it("a new service with only a title, description and price gets a short name and a picture", () => {
    const content = shippedContent().services;
    const input = structuredClone(content) as unknown as {
      categories: { services: Record<string, unknown>[] }[];
    };
    input.categories[1]!.services.push({
      title: "Couples Counselling Session",
      description: "A second session of the same name.",
      price: 20_000,
    });
    const parsed = documents.services.schema.parse(input);
    const added = parsed.categories[1]!.services.at(-1)!;
    expect(added.id).toBe("couples-counselling-session-2");
    expect(added.image.key).toMatch(/^service-/);
    expect(added.image.alt).toBe("Couples Counselling Session: an illustration");
  });

  it("a photo without alt text is refused at its alt text", () => {
    const input = structuredClone(shippedContent().services) as unknown as {
      categories: { services: Record<string, unknown>[] }[];
    };
    input.categories[0]!.services[0]!.image = { key: "uploaded-abc" };
    const result = documents.services.schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.slice(-2)).toEqual(["image", "alt"]);
  });
});
