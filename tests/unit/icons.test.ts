import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import * as icons from "~/components/icons";
import { spriteIcons, spriteSvg } from "~/components/sprite-icons";
import { spriteDrawings, spritePath } from "../../scripts/build-icons";

describe("the icon sprite (app/assets/icons.svg)", () => {
  it("is what scripts/build-icons.ts writes from lucide's drawings (run it after changing the list)", async () => {
    expect(readFileSync(spritePath, "utf8")).toBe(spriteSvg(await spriteDrawings()));
  });

  it("has a symbol for every icon a page can name, and each icon names one of them", () => {
    const sprite = readFileSync(spritePath, "utf8");
    for (const id of spriteIcons)
      expect(sprite).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
    const drawn = Object.entries(icons).filter(([name]) => !name.startsWith("Inline"));
    expect(drawn.length).toBeGreaterThan(20);
    for (const [name, Icon] of drawn) {
      const html = renderToStaticMarkup(createElement(Icon as icons.Icon, { className: "size-5" }));
      const id = /<use href="[^"#]*icons\.svg[^"#]*#([a-z0-9-]+)"/.exec(html)?.[1];
      expect(id, name).toBeDefined();
      expect(spriteIcons, name).toContain(id);
      expect(html, name).toContain('aria-hidden="true"');
      expect(html, name).toContain('class="size-5"');
      expect(html, name).toContain('stroke="currentColor"');
    }
  });

  it("lets a page fill an icon, as lucide's did (the video's play button)", () => {
    const html = renderToStaticMarkup(createElement(icons.Play, { fill: "currentColor" }));
    expect(html).toContain('fill="currentColor"');
    expect(html).not.toContain('fill="none"');
  });

  it("draws the header's icons in the page itself, never from the sprite", () => {
    for (const Icon of [icons.InlineMenu, icons.InlineX, icons.InlineChevronDown]) {
      const html = renderToStaticMarkup(createElement(Icon));
      expect(html).toContain("<path");
      expect(html).not.toContain("<use");
    }
  });
});
