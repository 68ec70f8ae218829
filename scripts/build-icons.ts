/**
 * Writes app/assets/icons.svg, the site's icon sprite, from lucide's drawings of the icons named in
 * app/components/sprite-icons.ts. Run by `npm run build`; the file is kept in git so that tests
 * and type checks have it, and tests/unit/icons.test.ts fails when it is out of date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type IconNode,
  type SpriteIcon,
  spriteIcons,
  spriteSvg,
} from "../app/components/sprite-icons";

export const spritePath = path.resolve(import.meta.dirname, "../app/assets/icons.svg");

/** lucide's drawing of each icon, read from its own module (`__iconData.node`). */
export async function spriteDrawings(): Promise<Map<SpriteIcon, IconNode[]>> {
  const drawings = new Map<SpriteIcon, IconNode[]>();
  for (const id of spriteIcons) {
    const module = (await import(`lucide-react/icons/${id}`)) as {
      __iconData?: { node: IconNode[] };
    };
    if (!module.__iconData) throw new Error(`lucide-react/icons/${id} has no __iconData`);
    drawings.set(id, module.__iconData.node);
  }
  return drawings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const svg = spriteSvg(await spriteDrawings());
  let before = "";
  try {
    before = readFileSync(spritePath, "utf8");
  } catch {
    // first build
  }
  if (svg !== before) writeFileSync(spritePath, svg);
  console.log(
    `icon sprite: ${spriteIcons.length} icons, ${(svg.length / 1024).toFixed(1)} KB${svg === before ? "" : " (written)"}`,
  );
}
