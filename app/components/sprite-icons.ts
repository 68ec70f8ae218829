/**
 * The icons drawn from the site's icon sprite (app/assets/icons.svg, written from lucide's own
 * drawings by scripts/build-icons.ts): each is lucide's file name. A page names an icon in a few
 * bytes and the browser keeps the sprite for a year, instead of every page carrying each icon's
 * drawing in its first flight (0.4–0.7 KB brotli a page, docs/decisions/037).
 */
export const spriteIcons = [
  "arrow-left",
  "arrow-right",
  "brain",
  "calendar-days",
  "check",
  "circle-check",
  "circle-exclamation-point",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "clipboard-pen",
  "clock",
  "credit-card",
  "external-link",
  "heart",
  "link-2",
  "lock",
  "mail",
  "map-pin",
  "message-circle",
  "pause",
  "phone",
  "play",
  "quote",
  "sparkles",
  "user",
  "users",
  "wallet",
  "x",
] as const;

export type SpriteIcon = (typeof spriteIcons)[number];

/** one shape of lucide's drawing of an icon: its element and attributes (`__iconData.node`) */
export type IconNode = [tag: string, attributes: Record<string, string | number>];

const escape = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The sprite: one `<symbol>` per icon, its drawing only. The stroke, its width and caps come from
 * the `<svg>` that uses it (app/components/icons.ts), as lucide sets them, so a page can still
 * change them.
 */
export function spriteSvg(drawings: ReadonlyMap<SpriteIcon, readonly IconNode[]>): string {
  const symbols = spriteIcons.map((id) => {
    const nodes = drawings.get(id);
    if (!nodes) throw new Error(`icon sprite: no drawing for "${id}"`);
    const shapes = nodes.map(([tag, attributes]) => {
      const list = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escape(value)}"`)
        .join("");
      return `<${tag}${list}/>`;
    });
    return `<symbol id="${id}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}
