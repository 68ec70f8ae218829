import { describe, expect, it } from "vitest";
import { shippedSite, siteSchema } from "~/content/documents/site";
import {
  type DesktopEntry,
  aboutGroup,
  bookButton,
  desktopContactButton,
  desktopNav,
  footerQuickLinks,
  isActivePath,
  mobileNav,
  scheduleButton,
  tipsGroup,
} from "~/content/nav";

const labels = (entries: DesktopEntry[]) =>
  entries.map((e) => (e.kind === "link" ? e.link.label : e.group.label));

// What a fresh site shows: the menus' words of the shipped Contact details.
const { menu, quickLinks } = shippedSite();

describe("navigation content", () => {
  it("desktop nav has the spec's entries in order", () => {
    expect(labels(desktopNav(menu))).toEqual([
      "Home",
      "About",
      "Tips",
      "Services",
      "Privacy",
      "Heal Program",
    ]);
    expect(aboutGroup(menu).items).toEqual([
      { path: "/about", label: "About Us" },
      { path: "/team", label: "Meet Our Team" },
      { path: "/testimonials", label: "Testimonials" },
    ]);
    expect(tipsGroup(menu).items.map((i) => i.path)).toEqual(["/marriage-tips", "/dating-tips"]);
    expect(desktopContactButton(menu)).toEqual({ path: "/Contact", label: "Contact Us" });
    expect(bookButton(menu)).toEqual({ path: "/book", label: "Get our Book" });
    expect(scheduleButton(menu)).toEqual({ path: "/schedule", label: "Schedule Appointment" });
  });

  it("mobile menu has the spec's entries in order", () => {
    expect(labels(mobileNav(menu))).toEqual([
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
    expect(quickLinks.heading).toBe("Quick Links");
    expect(footerQuickLinks(quickLinks).map((l) => l.path)).toEqual([
      "/services",
      "/about",
      "/testimonials",
      "/contact",
      "/book",
      "/faq",
    ]);
    expect(footerQuickLinks(quickLinks).at(-1)?.label).toBe("FAQ's");
  });

  it("says what the practice published, each entry still going where it went", () => {
    const site = siteSchema.parse({
      ...shippedSite(),
      menu: { ...menu, about: "Who we are", servicesOnPhones: "What we offer" },
      quickLinks: { ...quickLinks, faq: "Questions" },
    });
    const about = desktopNav(site.menu)[1];
    expect(about?.kind === "group" && about.group.label).toBe("Who we are");
    expect(about?.kind === "group" && about.group.id).toBe("about");
    expect(mobileNav(site.menu)[2]).toEqual({
      kind: "link",
      link: { path: "/services", label: "What we offer" },
    });
    expect(footerQuickLinks(site.quickLinks).at(-1)).toEqual({ path: "/faq", label: "Questions" });
  });

  it("a version saved before the menus could be edited shows the spec's words", () => {
    const { menu: _menu, quickLinks: _quickLinks, ...older } = shippedSite();
    const site = siteSchema.parse(older);
    expect(site.menu).toEqual(menu);
    expect(site.quickLinks).toEqual(quickLinks);
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
