import { describe, expect, it } from "vitest";
import {
  aboutGroup,
  desktopContactButton,
  desktopNav,
  footerQuickLinks,
  isActivePath,
  mobileNav,
  tipsGroup,
} from "~/content/nav";

const labels = (entries: typeof desktopNav) =>
  entries.map((e) => (e.kind === "link" ? e.link.label : e.group.label));

describe("navigation content", () => {
  it("desktop nav has the spec's entries in order", () => {
    expect(labels(desktopNav)).toEqual([
      "Home",
      "About",
      "Tips",
      "Services",
      "Privacy",
      "Heal Program",
    ]);
    expect(aboutGroup.items).toEqual([
      { path: "/about", label: "About Us" },
      { path: "/team", label: "Meet Our Team" },
      { path: "/testimonials", label: "Testimonials" },
    ]);
    expect(tipsGroup.items.map((i) => i.path)).toEqual(["/marriage-tips", "/dating-tips"]);
    expect(desktopContactButton).toEqual({ path: "/Contact", label: "Contact Us" });
  });

  it("mobile menu has the spec's entries in order", () => {
    expect(labels(mobileNav)).toEqual([
      "Home",
      "About",
      "Our Services",
      "Tips",
      "Contact",
      "Privacy Policy",
      "Marraige with a Map",
      "Heal Program",
    ]);
  });

  it("footer quick links include FAQ's", () => {
    expect(footerQuickLinks.map((l) => l.path)).toEqual([
      "/services",
      "/about",
      "/testimonials",
      "/contact",
      "/book",
      "/faq",
    ]);
    expect(footerQuickLinks.at(-1)?.label).toBe("FAQ's");
  });

  it("highlights the misspelt Marriage with a Map route on its own URL", () => {
    expect(isActivePath("/marraige-with-a-map", "/marraige-with-a-map")).toBe(true);
    expect(isActivePath("/marraige-with-a-map", "/marriage-with-a-map")).toBe(false);
  });

  it("matches case-insensitively and ignores a trailing slash, but not prefixes", () => {
    expect(isActivePath("/contact", "/Contact")).toBe(true);
    expect(isActivePath("/about", "/about/")).toBe(true);
    expect(isActivePath("/", "/about")).toBe(false);
    expect(isActivePath("/hidden-thread", "/hidden-thread/day-1")).toBe(false);
  });
});
