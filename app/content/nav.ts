/**
 * Navigation as the client specified it (SPEC.md "Shared shell"): where each menu entry goes is
 * fixed here; what it says is the practice's to change ("Menu" and "Quick links in the footer" in
 * the Contact details, app/content/documents/site.ts), and `menuWords` / `quickLinkWords` are the
 * spec's exact labels the site comes with.
 */

export interface NavLink {
  path: string;
  label: string;
}

export interface NavGroup {
  /** stays the same whatever the label says: the group's key in the page */
  id: "about" | "tips";
  label: string;
  items: NavLink[];
}

export const menuWords = {
  home: "Home",
  about: "About",
  aboutUs: "About Us",
  team: "Meet Our Team",
  testimonials: "Testimonials",
  tips: "Tips",
  marriageTips: "Marriage Tips",
  datingTips: "Dating Tips",
  heal: "Heal Program",
  services: "Services",
  privacy: "Privacy",
  contactButton: "Contact Us",
  servicesOnPhones: "Our Services",
  privacyOnPhones: "Privacy Policy",
  contactOnPhones: "Contact",
  // The route is misspelt on purpose (the client's published URL); the label keeps the client's
  // spelling too.
  map: "Marraige with a Map",
  bookButton: "Get our Book",
  scheduleButton: "Schedule Appointment",
};

export const quickLinkWords = {
  heading: "Quick Links",
  services: "Services",
  about: "About Us",
  testimonials: "Testimonials",
  contact: "Contact",
  book: "Get our Book",
  faq: "FAQ's",
};

export type MenuWords = typeof menuWords;
export type QuickLinkWords = typeof quickLinkWords;

export type DesktopEntry = { kind: "link"; link: NavLink } | { kind: "group"; group: NavGroup };

const link = (path: string, label: string): DesktopEntry => ({
  kind: "link",
  link: { path, label },
});

export function aboutGroup(words: MenuWords): NavGroup {
  return {
    id: "about",
    label: words.about,
    items: [
      { path: "/about", label: words.aboutUs },
      { path: "/team", label: words.team },
      { path: "/testimonials", label: words.testimonials },
    ],
  };
}

export function tipsGroup(words: MenuWords): NavGroup {
  return {
    id: "tips",
    label: words.tips,
    items: [
      { path: "/marriage-tips", label: words.marriageTips },
      { path: "/dating-tips", label: words.datingTips },
    ],
  };
}

export function desktopNav(words: MenuWords): DesktopEntry[] {
  return [
    link("/", words.home),
    { kind: "group", group: aboutGroup(words) },
    { kind: "group", group: tipsGroup(words) },
    link("/services", words.services),
    link("/privacy", words.privacy),
    link("/heal", words.heal),
  ];
}

/** The spec's desktop button points at /Contact; the server redirects it to /contact. */
export function desktopContactButton(words: MenuWords): NavLink {
  return { path: "/Contact", label: words.contactButton };
}

export function bookButton(words: MenuWords): NavLink {
  return { path: "/book", label: words.bookButton };
}

export function mobileNav(words: MenuWords): DesktopEntry[] {
  return [
    link("/", words.home),
    { kind: "group", group: aboutGroup(words) },
    link("/services", words.servicesOnPhones),
    { kind: "group", group: tipsGroup(words) },
    link("/contact", words.contactOnPhones),
    link("/privacy", words.privacyOnPhones),
    // Active-state matching compares against this same misspelt path, which the original did not.
    link("/marraige-with-a-map", words.map),
    link("/heal", words.heal),
  ];
}

export function scheduleButton(words: MenuWords): NavLink {
  return { path: "/schedule", label: words.scheduleButton };
}

export function footerQuickLinks(words: QuickLinkWords): NavLink[] {
  return [
    { path: "/services", label: words.services },
    { path: "/about", label: words.about },
    { path: "/testimonials", label: words.testimonials },
    { path: "/contact", label: words.contact },
    { path: "/book", label: words.book },
    { path: "/faq", label: words.faq },
  ];
}

/** True when `current` is the page of `path` (case-insensitive, ignoring a trailing slash). */
export function isActivePath(path: string, current: string): boolean {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p).toLowerCase();
  return norm(path) === norm(current);
}

export function isGroupActive(group: NavGroup, current: string): boolean {
  return group.items.some((item) => isActivePath(item.path, current));
}
