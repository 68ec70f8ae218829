/** Navigation as the client specified it (SPEC.md "Shared shell"). Labels are exact. */

export interface NavLink {
  path: string;
  label: string;
}

export interface NavGroup {
  label: string;
  items: NavLink[];
}

export const aboutGroup: NavGroup = {
  label: "About",
  items: [
    { path: "/about", label: "About Us" },
    { path: "/team", label: "Meet Our Team" },
    { path: "/testimonials", label: "Testimonials" },
  ],
};

export const tipsGroup: NavGroup = {
  label: "Tips",
  items: [
    { path: "/marriage-tips", label: "Marriage Tips" },
    { path: "/dating-tips", label: "Dating Tips" },
  ],
};

export type DesktopEntry = { kind: "link"; link: NavLink } | { kind: "group"; group: NavGroup };

export const desktopNav: DesktopEntry[] = [
  { kind: "link", link: { path: "/", label: "Home" } },
  { kind: "group", group: aboutGroup },
  { kind: "group", group: tipsGroup },
  { kind: "link", link: { path: "/services", label: "Services" } },
  { kind: "link", link: { path: "/privacy", label: "Privacy" } },
  { kind: "link", link: { path: "/heal", label: "Heal Program" } },
];

/** The spec's desktop button points at /Contact; the server redirects it to /contact. */
export const desktopContactButton: NavLink = { path: "/Contact", label: "Contact Us" };
export const bookButton: NavLink = { path: "/book", label: "Get our Book" };

export const mobileNav: DesktopEntry[] = [
  { kind: "link", link: { path: "/", label: "Home" } },
  { kind: "group", group: aboutGroup },
  { kind: "link", link: { path: "/services", label: "Our Services" } },
  { kind: "group", group: tipsGroup },
  { kind: "link", link: { path: "/contact", label: "Contact" } },
  { kind: "link", link: { path: "/privacy", label: "Privacy Policy" } },
  // The route is misspelt on purpose (the client's published URL); the label keeps the client's
  // spelling too. Active-state matching compares against this same path, which the original did not.
  { kind: "link", link: { path: "/marraige-with-a-map", label: "Marraige with a Map" } },
  { kind: "link", link: { path: "/heal", label: "Heal Program" } },
];

export const scheduleButton: NavLink = { path: "/schedule", label: "Schedule Appointment" };

export const footerQuickLinks: NavLink[] = [
  { path: "/services", label: "Services" },
  { path: "/about", label: "About Us" },
  { path: "/testimonials", label: "Testimonials" },
  { path: "/contact", label: "Contact" },
  { path: "/book", label: "Get our Book" },
  { path: "/faq", label: "FAQ's" },
];

/** True when `current` is the page of `path` (case-insensitive, ignoring a trailing slash). */
export function isActivePath(path: string, current: string): boolean {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p).toLowerCase();
  return norm(path) === norm(current);
}

export function isGroupActive(group: NavGroup, current: string): boolean {
  return group.items.some((item) => isActivePath(item.path, current));
}
