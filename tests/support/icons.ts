import { type Locator, expect } from "@playwright/test";

/**
 * The icons under `scope` that the sprite draws (`<svg><use href>`) and that are on show, and how
 * many of them have drawn nothing yet: a `<use>` whose sprite has not come (or was refused) has an
 * empty box inside an icon that has one.
 */
export function spriteIcons(scope: Locator): Promise<{ shown: number; undrawn: number }> {
  return scope.locator("svg use").evaluateAll((uses) => {
    const shown = uses.filter((use) => (use.parentElement?.getClientRects().length ?? 0) > 0);
    return {
      shown: shown.length,
      undrawn: shown.filter((use) => (use as SVGGraphicsElement).getBBox().width === 0).length,
    };
  });
}

export async function undrawnIcons(scope: Locator): Promise<number> {
  return (await spriteIcons(scope)).undrawn;
}

/** Every sprite icon on show under `scope` is drawn (and there is at least one). */
export async function expectIconsDrawn(scope: Locator): Promise<void> {
  expect((await spriteIcons(scope)).shown).toBeGreaterThan(0);
  await expect.poll(() => undrawnIcons(scope)).toBe(0);
}
